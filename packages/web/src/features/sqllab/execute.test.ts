import { describe, expect, it } from 'vitest';
import type { QueryResultsPayload } from '@strata/core';
import {
  PREVIEW_QUERY_LIMIT,
  answerErrors,
  executeBody,
  parseExecuteAnswer,
  payloadQuery,
  previewBody,
  sqlEditorIdOf,
  sqlToRun,
  startedQuery,
} from './execute';
import { blankEditor } from './tabState';
import { queryDto } from './testData';

const db = { id: 3, database_name: 'examples', allow_run_async: false };

describe('what is run', () => {
  it('runs the selection when there is one', () => {
    const e = { sql: 'SELECT 1;\nSELECT 2', selectedText: 'SELECT 2' };
    expect(sqlToRun(e, true)).toBe('SELECT 2');
    expect(sqlToRun(e, false)).toBe('SELECT 1;\nSELECT 2');
    expect(sqlToRun({ ...e, selectedText: '  ' }, true)).toBe('SELECT 1;\nSELECT 2');
    expect(sqlToRun({ ...e, selectedText: null }, true)).toBe('SELECT 1;\nSELECT 2');
  });

  it('files queries under the server tab id once there is one', () => {
    expect(sqlEditorIdOf({ id: 'abc', tabViewId: null })).toBe('abc');
    expect(sqlEditorIdOf({ id: 'abc', tabViewId: '9' })).toBe('9');
  });
});

describe('executeBody', () => {
  it('is Superset’s execute request', () => {
    const editor = blankEditor('loc', {
      tabViewId: '9',
      name: 'Tab',
      dbId: 3,
      schema: 'main',
      templateParams: '{"x":1}',
      queryLimit: null,
    });
    expect(
      executeBody({
        clientId: 'c1',
        editor,
        database: db,
        sql: 'SELECT 1',
        defaultLimit: 1000,
        now: 0,
      }),
    ).toEqual({
      client_id: 'c1',
      database_id: 3,
      json: true,
      runAsync: false,
      catalog: null,
      schema: 'main',
      sql: 'SELECT 1',
      sql_editor_id: '9',
      tab: 'Tab',
      tmp_table_name: '',
      select_as_cta: false,
      ctas_method: 'TABLE',
      templateParams: '{"x":1}',
      queryLimit: 1000,
      expand_data: true,
    });
  });

  it('runs data previews outside any tab, limited', () => {
    const body = previewBody({
      clientId: 'p',
      database: { id: 3, allow_run_async: true },
      catalog: null,
      schema: 's',
      sql: 'SELECT *',
    });
    expect(body).toMatchObject({
      sql_editor_id: null,
      tab: '',
      runAsync: true,
      queryLimit: PREVIEW_QUERY_LIMIT,
    });
  });

  it('records a started query: pending when async, else running', () => {
    const body = previewBody({
      clientId: 'p',
      database: { id: 3, allow_run_async: true },
      catalog: null,
      schema: 's',
      sql: 'SELECT *',
    });
    const q = startedQuery(body, { dbName: 'x', now: 42, isDataPreview: true, tableName: 't' });
    expect(q).toMatchObject({
      id: 'p',
      state: 'pending',
      progress: 0,
      startDttm: 42,
      isDataPreview: true,
      tableName: 't',
      awaitingResponse: true,
    });
    expect(startedQuery({ ...body, runAsync: false }, { dbName: null, now: 1 }).state).toBe(
      'running',
    );
  });
});

describe('execute answers', () => {
  it('tells results (200) from a queued query (202)', () => {
    const payload = { status: 'success', query: queryDto(), data: [], columns: [] };
    expect(parseExecuteAnswer(payload).kind).toBe('results');
    expect(parseExecuteAnswer({ query: queryDto() })).toEqual({
      kind: 'queued',
      query: queryDto(),
    });
    expect(parseExecuteAnswer(null).kind).toBe('unknown');
    expect(parseExecuteAnswer({ message: 'x' }).kind).toBe('unknown');
  });

  it('reads the errors of a failure', () => {
    expect(
      answerErrors({
        message: 'x',
        errors: [{ message: 'bad', error_type: 'SYNTAX', level: 'error', extra: { line: 2 } }, 5],
      }),
    ).toEqual([{ message: 'bad', error_type: 'SYNTAX', level: 'error', extra: { line: 2 } }]);
    expect(answerErrors({ errors: [{}] })).toEqual([
      { message: '', error_type: 'GENERIC_BACKEND_ERROR', level: 'error', extra: {} },
    ]);
    expect(answerErrors('nope')).toEqual([]);
  });

  it('fills a payload query’s rows from the payload', () => {
    const payload = {
      status: 'success',
      query: queryDto({ state: 'success', rows: null }),
      total_rows: 12,
    } as QueryResultsPayload;
    expect(payloadQuery(payload)).toMatchObject({ state: 'success', rows: 12 });
  });
});
