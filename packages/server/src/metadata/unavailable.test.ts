import { describe, expect, it } from 'vitest';
import { isMetadataUnavailable } from './unavailable.js';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isMetadataUnavailable', () => {
  it.each([
    [
      'terminated by pg_terminate_backend',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    [
      'idle_session_timeout',
      withCode('terminating connection due to idle-session timeout', '57P05'),
    ],
    ['server starting up', withCode('the database system is starting up', '57P03')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['connection exception class', withCode('connection failure', '08006')],
    ['pg lost its socket', new Error('Connection terminated unexpectedly')],
    [
      'pg client unusable',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['pg client closed', new Error('Client was closed and is not queryable')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['sqlite busy', withCode('database is locked', 'SQLITE_BUSY')],
    ['sqlite busy snapshot', withCode('database is locked', 'SQLITE_BUSY_SNAPSHOT')],
    ['sqlite locked', withCode('database table is locked', 'SQLITE_LOCKED')],
    [
      'wrapped as a cause',
      new Error('rollback failed', { cause: new Error('Connection terminated') }),
    ],
  ])('%s: unavailable', (_name, error) => {
    expect(isMetadataUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "x"', '42601')],
    ['sqlite constraint', withCode('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE')],
    ['a bug', new TypeError("Cannot read properties of null (reading 'id')")],
    ['not an error', 'Connection terminated'],
    ['null', null],
  ])('%s: not unavailable', (_name, error) => {
    expect(isMetadataUnavailable(error)).toBe(false);
  });
});
