import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiModule from '../../app/api';

const get = vi.fn();
vi.mock('../../app/api', async (importOriginal) => {
  const original = await importOriginal<typeof ApiModule>();
  return { ...original, api: { ...original.api, get } };
});

const { connectionRefusal, fetchFunctionNames, functionNamesOf } = await import('./databaseApi');
const { ApiError } = await import('../../app/api');
const { MESSAGES } = await import('@strata/core');

describe('functionNamesOf', () => {
  it('reads the names of a function_names answer, strings only', () => {
    expect(functionNamesOf({ function_names: ['abs', 'sum', 3, null] })).toEqual(['abs', 'sum']);
    expect(functionNamesOf({})).toEqual([]);
    expect(functionNamesOf(null)).toEqual([]);
    expect(functionNamesOf({ function_names: 'abs' })).toEqual([]);
  });
});

describe('fetchFunctionNames', () => {
  beforeEach(() => {
    get.mockReset();
  });

  it('asks once per database and keeps the answer', async () => {
    get.mockImplementation((path: string) =>
      Promise.resolve({ function_names: path.includes('/7/') ? ['sum'] : ['avg'] }),
    );
    expect(await fetchFunctionNames(7)).toEqual(['sum']);
    expect(await fetchFunctionNames(7)).toEqual(['sum']);
    expect(await fetchFunctionNames(8)).toEqual(['avg']);
    expect(get.mock.calls.map((c) => c[0])).toEqual([
      '/api/v1/database/7/function_names/',
      '/api/v1/database/8/function_names/',
    ]);
  });

  it('asks again after a failed call', async () => {
    get.mockRejectedValueOnce(new Error('down'));
    await expect(fetchFunctionNames(9)).rejects.toThrow('down');
    get.mockResolvedValueOnce({ function_names: ['now'] });
    expect(await fetchFunctionNames(9)).toEqual(['now']);
    expect(get).toHaveBeenCalledTimes(2);
  });
});

describe('connectionRefusal', () => {
  const refusal = (body: unknown, status = 422) =>
    connectionRefusal(new ApiError('refused', status, body));

  it("gives the engine's error of a database refused because its connection failed", () => {
    expect(
      refusal({
        message: MESSAGES.databaseConnectionFailed,
        errors: [{ message: 'Could not connect to host db.example', error_type: 'X' }],
      }),
    ).toBe('Could not connect to host db.example');
    expect(refusal({ message: MESSAGES.databaseConnectionFailed })).toBe(
      MESSAGES.databaseConnectionFailed,
    );
  });

  it('is null for any other failure', () => {
    expect(refusal({ message: 'A database with the same name already exists.' })).toBeNull();
    expect(refusal({ message: { database_name: ['Required'] } })).toBeNull();
    expect(refusal({ message: MESSAGES.databaseConnectionFailed }, 500)).toBeNull();
    expect(connectionRefusal(new Error(MESSAGES.databaseConnectionFailed))).toBeNull();
    expect(refusal(null)).toBeNull();
  });
});
