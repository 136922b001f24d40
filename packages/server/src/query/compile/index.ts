export { compileQuery } from './compile.js';
export { SERIES_LIMIT_ALIAS, INNER_METRIC_ALIAS } from './series-limit.js';
export { compileDialectFor, dialectFor, untrustedPolicy } from './dialect.js';
export { compileDatasetFrom } from './from-dataset.js';
export {
  dateFormatOf,
  dateParser,
  epochValue,
  strftime,
  strptime,
  type DateFormat,
  type EpochUnit,
} from './date-format.js';
export {
  checkFragment,
  fragmentProblem,
  STRUCTURAL_ONLY,
  type FragmentPolicy,
} from './fragment.js';
export {
  QueryValidationError,
  type CompileColumn,
  type CompileDataset,
  type CompileDialect,
  type CompileMetric,
  type CompileOptions,
  type CompileResult,
  type DateColumn,
  type RejectedFilter,
  type TimeRangeResolver,
} from './types.js';
