import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { multipartReadError } from './multipart-errors.js';

describe('errors while a multipart body is read', () => {
  it("answers 400 for the body's own faults, naming them", () => {
    const e = multipartReadError(new Error('Boundary not found'), 'The upload');
    expect(e?.statusCode).toBe(400);
    expect(e?.message).toBe('The upload could not be read: Boundary not found');
    const limit = Object.assign(new Error('reach parts limit'), {
      code: 'FST_PARTS_LIMIT',
      statusCode: 413,
    });
    expect(multipartReadError(limit, 'The form')?.statusCode).toBe(400);
  });

  it('keeps an ApiError, and leaves system failures to the error handler', () => {
    const api = new ApiError(422, 'no');
    expect(multipartReadError(api, 'x')).toBe(api);
    const disk = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    expect(multipartReadError(disk, 'x')).toBeNull();
    expect(multipartReadError(Object.assign(new Error('x'), { statusCode: 500 }), 'x')).toBeNull();
  });
});
