/**
 * The pivot table's aggregate functions (Superset's list): how the values that fall into one cell,
 * subtotal or total are combined. The query is already grouped by every row and column, so a leaf
 * cell usually holds one value; the function matters for subtotals and totals. The "as Fraction
 * of" functions divide the cell's sum (or count) by the grand, row or column total.
 */
export const AGGREGATE_FUNCTIONS = [
  'Count',
  'Count Unique Values',
  'List Unique Values',
  'Sum',
  'Average',
  'Median',
  'Sample Variance',
  'Sample Standard Deviation',
  'Minimum',
  'Maximum',
  'First',
  'Last',
  'Sum as Fraction of Total',
  'Sum as Fraction of Rows',
  'Sum as Fraction of Columns',
  'Count as Fraction of Total',
  'Count as Fraction of Rows',
  'Count as Fraction of Columns',
] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

export type CellValue = number | string | null;

/** Which total a fraction is taken of, or none. */
export type FractionOf = 'total' | 'rows' | 'columns' | null;

export function fractionOf(fn: AggregateFunction): FractionOf {
  if (fn.endsWith('Fraction of Total')) return 'total';
  if (fn.endsWith('Fraction of Rows')) return 'rows';
  if (fn.endsWith('Fraction of Columns')) return 'columns';
  return null;
}

/** Whether the function's results are shares (shown as percentages). */
export const isFraction = (fn: AggregateFunction) => fractionOf(fn) !== null;

/** Whether the function gives text rather than a number. */
export const isTextual = (fn: AggregateFunction) => fn === 'List Unique Values';

const numbers = (values: readonly unknown[]): number[] =>
  values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));

function median(nums: number[]): number | null {
  if (nums.length === 0) return null;
  const s = [...nums].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function variance(nums: number[]): number | null {
  if (nums.length < 2) return null;
  const mean = nums.reduce((a, b) => a + b, 0) / nums.length;
  return nums.reduce((a, b) => a + (b - mean) ** 2, 0) / (nums.length - 1);
}

/**
 * Combines the values of one cell. Fraction functions give the cell's sum (or count) here; the
 * division by the relevant total happens once all cells are known.
 */
export function aggregate(fn: AggregateFunction, values: readonly unknown[]): CellValue {
  const present = values.filter((v) => v !== null && v !== undefined);
  const nums = numbers(values);
  switch (fn) {
    case 'Count':
    case 'Count as Fraction of Total':
    case 'Count as Fraction of Rows':
    case 'Count as Fraction of Columns':
      return present.length;
    case 'Count Unique Values':
      return new Set(present.map((v) => String(v))).size;
    case 'List Unique Values':
      return [...new Set(present.map((v) => String(v)))].join(', ');
    case 'Sum':
    case 'Sum as Fraction of Total':
    case 'Sum as Fraction of Rows':
    case 'Sum as Fraction of Columns':
      return nums.length ? nums.reduce((a, b) => a + b, 0) : null;
    case 'Average':
      return nums.length ? nums.reduce((a, b) => a + b, 0) / nums.length : null;
    case 'Median':
      return median(nums);
    case 'Sample Variance':
      return variance(nums);
    case 'Sample Standard Deviation': {
      const v = variance(nums);
      return v === null ? null : Math.sqrt(v);
    }
    case 'Minimum':
      return nums.length ? nums.reduce((a, b) => (b < a ? b : a)) : null;
    case 'Maximum':
      return nums.length ? nums.reduce((a, b) => (b > a ? b : a)) : null;
    case 'First':
      return (present[0] as CellValue | undefined) ?? null;
    case 'Last':
      return (present[present.length - 1] as CellValue | undefined) ?? null;
    default:
      return null;
  }
}
