/**
 * Conditional formatting rules (spec 001 §3, §4, §5): column, operator, target value(s) and
 * colour. "None" needs no value; the between operators need a left and a right value with the
 * left smaller; the others one target value. Messages are the spec's.
 */
export const CF_OPERATORS = [
  'None',
  '>',
  '<',
  '≥',
  '≤',
  '=',
  '≠',
  '< x <',
  '≤ x ≤',
  '≤ x <',
  '< x ≤',
] as const;
export type CfOperator = (typeof CF_OPERATORS)[number];
export const CF_COLORS = [
  ['#ACE1C4', 'green'],
  ['#FDE380', 'yellow'],
  ['#EFA1AA', 'red'],
] as const;

export interface ConditionalFormattingRule {
  column?: string;
  operator?: CfOperator;
  targetValue?: number | null;
  targetValueLeft?: number | null;
  targetValueRight?: number | null;
  colorScheme?: string;
}

export const isBetween = (op: CfOperator | undefined) => !!op && op.includes('x');

const REQUIRED = 'Required';

/** Field → message for a rule; empty when valid. */
export function validateRule(rule: ConditionalFormattingRule): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!rule.column) errors.column = REQUIRED;
  if (!rule.colorScheme) errors.colorScheme = REQUIRED;
  if (!rule.operator) errors.operator = REQUIRED;
  const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  if (rule.operator && rule.operator !== 'None') {
    if (isBetween(rule.operator)) {
      if (!num(rule.targetValueLeft)) errors.targetValueLeft = REQUIRED;
      if (!num(rule.targetValueRight)) errors.targetValueRight = REQUIRED;
      if (
        num(rule.targetValueLeft) &&
        num(rule.targetValueRight) &&
        rule.targetValueLeft! >= rule.targetValueRight!
      ) {
        errors.targetValueLeft = 'This value should be smaller than the right target value';
        errors.targetValueRight = 'This value should be greater than the left target value';
      }
    } else if (!num(rule.targetValue)) errors.targetValue = REQUIRED;
  }
  return errors;
}

/** Whether a value matches a rule (the table colours matching cells). */
export function ruleMatches(rule: ConditionalFormattingRule, value: number): boolean {
  const t = rule.targetValue ?? NaN;
  const l = rule.targetValueLeft ?? NaN;
  const r = rule.targetValueRight ?? NaN;
  switch (rule.operator) {
    case 'None':
      return true;
    case '>':
      return value > t;
    case '<':
      return value < t;
    case '≥':
      return value >= t;
    case '≤':
      return value <= t;
    case '=':
      return value === t;
    case '≠':
      return value !== t;
    case '< x <':
      return l < value && value < r;
    case '≤ x ≤':
      return l <= value && value <= r;
    case '≤ x <':
      return l <= value && value < r;
    case '< x ≤':
      return l < value && value <= r;
    default:
      return false;
  }
}
