import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiModule from '../../app/api';

const get = vi.fn();
vi.mock('../../app/api', async (importOriginal) => {
  const original = await importOriginal<typeof ApiModule>();
  return { ...original, api: { ...original.api, get } };
});

const { ConnectionTestFailed, fetchFunctionNames, functionNamesOf, testThenCreate } =
  await import('./databaseApi');

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

describe('testThenCreate', () => {
  it('never saves a database whose connection test failed, and says why', async () => {
    const create = vi.fn(() => Promise.resolve(7));
    const failure = testThenCreate(
      () => Promise.reject(new Error('Could not connect to host db.example')),
      create,
    );
    await expect(failure).rejects.toBeInstanceOf(ConnectionTestFailed);
    await expect(failure).rejects.toThrow('Could not connect to host db.example');
    expect(create).not.toHaveBeenCalled();
  });

  it('saves after a test that passed, and lets a failed save through as it is', async () => {
    const order: string[] = [];
    const saved = await testThenCreate(
      async () => {
        order.push('test');
      },
      async () => {
        order.push('create');
        return 7;
      },
    );
    expect(saved).toBe(7);
    expect(order).toEqual(['test', 'create']);
    const refused = new Error('A database with the same name already exists.');
    await expect(
      testThenCreate(
        () => Promise.resolve(),
        () => Promise.reject(refused),
      ),
    ).rejects.toBe(refused);
  });
});
