/**
 * Post-processing of chart data: Superset's `post_processing` operations as pure functions over
 * a column-oriented table. See table.ts for the table and README.md for the map.
 */
export { applyPostProcessing, OPERATIONS } from './apply.js';
export { PostProcessingError } from './errors.js';
export {
  cellFrom,
  FLAT_COLUMN_SEPARATOR,
  makeTable,
  tableFromRows,
  tableOf,
  toRecords,
  toRows,
  type Cell,
  type Column,
  type HeaderLabels,
  type Table,
} from './table.js';
export { aggregate, type AggregateOperationOptions, type Aggregates } from './aggregate.js';
export { AGGREGATE_OPERATORS } from './aggregate-functions.js';
export { pivot, NULL_STRING, type PivotOptions } from './pivot.js';
export { rolling, ROLLING_TYPES, type RollingOptions } from './rolling.js';
export { cum, CUM_OPERATORS, type CumOptions } from './cum.js';
export { resample, RESAMPLE_METHODS, MAX_RESAMPLE_ROWS, type ResampleOptions } from './resample.js';
export { contribution, type ContributionOptions } from './contribution.js';
export {
  compare,
  COMPARE_TYPES,
  TIME_COMPARISON_SEPARATOR,
  type CompareOptions,
} from './compare.js';
export {
  joinTimeOffsets,
  shiftMillis,
  shiftTimestamp,
  timeCompare,
  timeDelta,
  TIME_SHIFT_PRESETS,
  type ShiftedTable,
  type TimeCompareOptions,
} from './time-compare.js';
export { diff, type DiffOptions } from './diff.js';
export { sort, type SortOptions } from './sort.js';
export { rename, type RenameOptions } from './rename.js';
export { flatten, type FlattenOptions } from './flatten.js';
export { select, type SelectOptions } from './select.js';
export { boxplot, WHISKER_TYPES, type BoxplotOptions } from './boxplot.js';
export { histogram, type HistogramOptions } from './histogram.js';
export { rank, type RankOptions } from './rank.js';
export {
  decodeGeohash,
  encodeGeohash,
  geodeticParse,
  geohashDecode,
  geohashEncode,
  parseGeodetic,
} from './geography.js';
export { formatTimestamp, parseTimestamp } from './time-rules.js';
