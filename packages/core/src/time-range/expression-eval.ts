import {
  addUnits,
  daysBetween,
  lastDayOf,
  partsOf,
  truncateTo,
  type NaiveDateTime,
} from './calendar.js';
import type { DateExpression, IntegerExpression } from './expression-ast.js';
import { parseDateExpression } from './expression-parser.js';
import { holidayDate } from './holidays.js';
import { parseHumanDateTime } from './human-datetime.js';

/** Evaluates an expression relative to `now` (a naive UTC date-time). */
export function evaluateDateExpression(
  expression: DateExpression,
  now: NaiveDateTime,
): NaiveDateTime {
  switch (expression.kind) {
    case 'datetime':
      return parseHumanDateTime(expression.text, now);
    case 'dateadd':
      return addUnits(
        evaluateDateExpression(expression.base, now),
        evaluateInteger(expression.amount, now),
        expression.unit,
      );
    case 'datetrunc':
      return truncateTo(evaluateDateExpression(expression.base, now), expression.unit);
    case 'lastday':
      return lastDayOf(evaluateDateExpression(expression.base, now), expression.unit);
    case 'holiday': {
      const year = partsOf(
        expression.base ? evaluateDateExpression(expression.base, now) : now,
      ).year;
      return holidayDate(expression.name, year, expression.country ?? undefined);
    }
  }
}

function evaluateInteger(expression: IntegerExpression, now: NaiveDateTime): number {
  if (expression.kind === 'integer') return expression.value;
  const from = evaluateDateExpression(expression.from, now);
  const to = evaluateDateExpression(expression.to, now);
  return expression.unit === 'year' ? partsOf(to).year - partsOf(from).year : daysBetween(from, to);
}

/** Parses and evaluates an advanced expression (Superset's `datetime_eval`). */
export function evaluateExpressionText(source: string, now: NaiveDateTime): NaiveDateTime {
  return evaluateDateExpression(parseDateExpression(source), now);
}
