/**
 * The one failure of post-processing: a step that cannot run on the table it was given, or a
 * step whose operation or options are not valid. The chart data API answers it as a 400 with the
 * message as it is.
 */
export class PostProcessingError extends Error {
  override readonly name = 'PostProcessingError';
  /** The HTTP status the API's error handler answers with. */
  readonly statusCode = 400;
}

/** Superset's text when an option names a column the table does not have. */
export const MISSING_COLUMNS_MESSAGE = 'Referenced columns not available in DataFrame.';
