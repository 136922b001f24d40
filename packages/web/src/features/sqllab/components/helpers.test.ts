import { describe, expect, it } from 'vitest';
import type { QueryDto, QueryResultsPayload, SqlLabError } from '@strata/core';
import {
  costColumns,
  formatCount,
  formatDuration,
  formatElapsed,
  queryLimitOptions,
  rowsLabel,
} from './format';
import {
  affectedRowsText,
  elapsedMs,
  errorLocation,
  errorLocationText,
  failureMessages,
  limitMessage,
  resultPhase,
} from './resultSet';
import { checkTemplateParams, templateParamCount } from './templateParams';

describe('format', () => {
  it('formats counts and durations', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(rowsLabel(1)).toBe('1 row');
    expect(rowsLabel(10000)).toBe('10,000 rows');
    expect(formatElapsed(0)).toBe('00:00:00.00');
    expect(formatElapsed(61_234)).toBe('00:01:01.23');
    expect(formatElapsed(3_600_000 * 2 + 5)).toBe('02:00:00.00');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1240)).toBe('1.24 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });

  it('offers the limits up to the maximum, with the current value', () => {
    expect(queryLimitOptions(1000, 100_000).map((o) => o.label)).toEqual([
      '10',
      '100',
      '1,000',
      '10,000',
      '100,000',
    ]);
    expect(queryLimitOptions(5000, 50_000).map((o) => o.value)).toEqual([
      10, 100, 1000, 5000, 10_000, 50_000,
    ]);
  });

  it('collects the columns of a cost estimate', () => {
    expect(costColumns([{ a: 1 }, { a: 2, b: 3 }])).toEqual(['a', 'b']);
    expect(costColumns([])).toEqual([]);
  });
});

function query(over: Partial<QueryDto> = {}): QueryDto {
  return {
    id: 'c1',
    queryId: 1,
    dbId: 1,
    db: 'examples',
    sql: 'SELECT 1',
    executedSql: null,
    sqlEditorId: null,
    tab: null,
    schema: null,
    catalog: null,
    ctas: false,
    ctas_method: null,
    tempSchema: null,
    tempTable: null,
    state: 'success',
    progress: 100,
    rows: 1,
    limit: 1000,
    limitingFactor: 'NOT_LIMITED',
    errorMessage: null,
    resultsKey: null,
    startDttm: 1000,
    endDttm: 2500,
    changed_on: '',
    userId: 1,
    user: 'admin',
    trackingUrl: null,
    serverId: 1,
    extra: {},
    ...over,
  };
}

describe('result set', () => {
  const results = { status: 'success' } as QueryResultsPayload;

  it('knows what to show', () => {
    expect(resultPhase(null, null, false)).toBe('empty');
    expect(resultPhase(null, null, true)).toBe('loading');
    expect(resultPhase(null, null, false, 'boom')).toBe('failed');
    expect(resultPhase(query({ state: 'running' }), null, false)).toBe('running');
    expect(resultPhase(query({ state: 'pending' }), null, true)).toBe('running');
    expect(resultPhase(query({ state: 'fetching' }), null, false)).toBe('running');
    expect(resultPhase(query({ state: 'failed' }), null, false)).toBe('failed');
    expect(resultPhase(query({ state: 'stopped' }), null, false)).toBe('stopped');
    expect(resultPhase(query({ state: 'timed_out' }), null, false)).toBe('timed_out');
    expect(resultPhase(query(), results, false)).toBe('success');
    expect(resultPhase(query(), null, true)).toBe('loading');
    expect(resultPhase(query(), null, false)).toBe('no_results');
    expect(resultPhase(query(), null, false, 'Failed at retrieving results.')).toBe('failed');
    const firstRows = {
      status: 'running',
      columns: [{ column_name: 'n' }],
      data: [{ n: 1 }],
    } as unknown as QueryResultsPayload;
    expect(resultPhase(query({ state: 'running' }), firstRows, true)).toBe('streaming');
    expect(resultPhase(query({ state: 'running' }), { ...firstRows, data: [] }, true)).toBe(
      'running',
    );
  });

  it('says which limit cut the result', () => {
    expect(limitMessage({ rows: 1000, limitingFactor: 'DROPDOWN' })).toBe(
      'The number of rows displayed is limited to 1,000 by the dropdown.',
    );
    expect(limitMessage({ rows: 10, limitingFactor: 'QUERY' })).toBe(
      'The number of rows displayed is limited to 10 by the query.',
    );
    expect(limitMessage({ rows: 10, limitingFactor: 'QUERY_AND_DROPDOWN' })).toBe(
      'The number of rows displayed is limited to 10 by the query and the dropdown.',
    );
    expect(
      limitMessage({ rows: 100_000, limitingFactor: 'DROPDOWN', maxRow: 100_000, limit: 100_000 }),
    ).toBe('The number of rows displayed is limited to 100,000 by the configuration.');
    expect(limitMessage({ rows: 5, limitingFactor: 'NOT_LIMITED' })).toBeNull();
    expect(limitMessage({ rows: 5, limitingFactor: null })).toBeNull();
  });

  it('reads the error position from the errors', () => {
    const err = (extra: Record<string, unknown>): SqlLabError => ({
      message: 'x',
      error_type: 'GENERIC_DB_ENGINE_ERROR',
      level: 'error',
      extra,
    });
    expect(errorLocation([err({}), err({ line: 3, column: 7 })])).toEqual({ line: 3, column: 7 });
    expect(errorLocation([err({ line: '2' })])).toEqual({ line: 2, column: null });
    expect(errorLocation([err({ line: 0 })])).toBeNull();
    expect(errorLocation(undefined)).toBeNull();
    expect(errorLocationText({ line: 3, column: 7 })).toBe('Line 3, column 7');
    expect(errorLocationText({ line: 3, column: null })).toBe('Line 3');
  });

  it('lists the failure messages once each', () => {
    const e = (message: string): SqlLabError => ({
      message,
      error_type: 'X',
      level: 'error',
      extra: {},
    });
    expect(failureMessages([e('a'), e('a'), e('b')], 'c')).toEqual(['a', 'b']);
    expect(failureMessages([], 'c')).toEqual(['c']);
    expect(failureMessages(null, null)).toEqual(['The query failed.']);
  });

  it('counts rows affected and time spent', () => {
    expect(affectedRowsText(1)).toBe('1 row affected');
    expect(affectedRowsText(2500)).toBe('2,500 rows affected');
    expect(elapsedMs(query(), 99_999)).toBe(1500);
    expect(elapsedMs(query({ endDttm: null }), 4000)).toBe(3000);
    expect(elapsedMs(query({ startDttm: null }), 4000)).toBe(0);
  });
});

describe('template parameters', () => {
  it('accepts only a JSON object; blank text is no parameters', () => {
    expect(checkTemplateParams('')).toEqual({ valid: true, keys: 0, json: '{}' });
    expect(checkTemplateParams('{"a": 1, "b": [2]}')).toEqual({
      valid: true,
      keys: 2,
      json: '{"a": 1, "b": [2]}',
    });
    const bad = checkTemplateParams('{"a": ');
    expect(bad.valid).toBe(false);
    expect(!bad.valid && bad.error).toBe('Invalid JSON');
    expect(checkTemplateParams('[1]').valid).toBe(false);
    expect(checkTemplateParams('null').valid).toBe(false);
    expect(checkTemplateParams('3').valid).toBe(false);
  });

  it('counts the parameters of a stored value', () => {
    expect(templateParamCount('{"a":1}')).toBe(1);
    expect(templateParamCount('nope')).toBe(0);
    expect(templateParamCount(null)).toBe(0);
  });
});
