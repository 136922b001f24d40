/** An error with an HTTP status that answers as `{message}` (or `{errors: [...]}` when given). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'Not authorized') => new ApiError(401, message);
export const forbidden = (message = 'Forbidden') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
/** 422 with field messages, as Superset answers schema validation errors. */
export const unprocessable = (message: string | Record<string, unknown>) =>
  new ApiError(422, typeof message === 'string' ? message : 'Validation error', { message });
