import type { LastDayUnit, TimeUnit } from './calendar.js';

/** An advanced time expression, as written in the Advanced picker or a range's end. */
export type DateExpression =
  | { kind: 'datetime'; text: string }
  | { kind: 'dateadd'; base: DateExpression; amount: IntegerExpression; unit: TimeUnit }
  | { kind: 'datetrunc'; base: DateExpression; unit: TimeUnit }
  | { kind: 'lastday'; base: DateExpression; unit: LastDayUnit }
  | { kind: 'holiday'; name: string; base: DateExpression | null; country: string | null };

/** DATEADD's amount: a signed integer literal, or DATEDIFF(a, b[, day|year]). */
export type IntegerExpression =
  | { kind: 'integer'; value: number }
  | { kind: 'datediff'; from: DateExpression; to: DateExpression; unit: 'day' | 'year' };
