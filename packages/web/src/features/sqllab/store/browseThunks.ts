import { ApiError, errorMessage, isAbortError } from '../../../app/api/errors';
import { TAB_ACTIONS } from '../tabState';
import type { TableMetadataAnswer, TableOption, ValidationError } from '../types';
import {
  SQLLAB_API,
  functionNamesUrl,
  schemasUrl,
  tableMetadataUrl,
  tablesUrl,
  validateSqlUrl,
} from '../urls';
import {
  browseFailed,
  browseLoaded,
  browseLoading,
  columnsKey,
  tablesKey,
  validatorMissing,
} from './browseSlice';
import { editorUpdated } from './editorsSlice';
import { isNotFound, tabStateError } from './helpers';
import type { SqlLabThunk } from './reducer';

/** A database's schemas (read once; `force` reads them again, past the server's cache). */
export function loadSchemas(dbId: number, force = false): SqlLabThunk {
  return async (dispatch, getState, { api }) => {
    const key = String(dbId);
    const entry = getState().browse.schemas[key];
    if (!force && entry && (entry.loading || entry.data)) return;
    dispatch(browseLoading({ kind: 'schemas', key }));
    try {
      const answer = await api.get<{ result?: string[] }>(schemasUrl(dbId, force));
      dispatch(browseLoaded({ kind: 'schemas', key, data: answer.result ?? [] }));
    } catch (e) {
      dispatch(browseFailed({ kind: 'schemas', key, error: errorMessage(e) }));
    }
  };
}

/** A schema's tables and views. */
export function loadTables(dbId: number, schema: string | null, force = false): SqlLabThunk {
  return async (dispatch, getState, { api }) => {
    const key = tablesKey(dbId, schema);
    const entry = getState().browse.tables[key];
    if (!force && entry && (entry.loading || entry.data)) return;
    dispatch(browseLoading({ kind: 'tables', key }));
    try {
      const answer = await api.get<{ result?: TableOption[] }>(tablesUrl(dbId, schema, force));
      dispatch(browseLoaded({ kind: 'tables', key, data: answer.result ?? [] }));
    } catch (e) {
      dispatch(browseFailed({ kind: 'tables', key, error: errorMessage(e) }));
    }
  };
}

/** A table's columns for the autocompletion (read once; failures are not retried). */
export function loadColumns(dbId: number, schema: string | null, table: string): SqlLabThunk {
  return async (dispatch, getState, { api }) => {
    const key = columnsKey(dbId, schema, table);
    if (getState().browse.columns[key]) return;
    dispatch(browseLoading({ kind: 'columns', key }));
    try {
      const meta = await api.get<TableMetadataAnswer>(tableMetadataUrl(dbId, table, schema));
      dispatch(
        browseLoaded({
          kind: 'columns',
          key,
          data: (meta.columns ?? []).map((c) => ({ name: c.name, type: c.type ?? undefined })),
        }),
      );
    } catch (e) {
      dispatch(browseFailed({ kind: 'columns', key, error: errorMessage(e) }));
    }
  };
}

/** A database's function names for a tab (404: the engine lists none). */
export function loadFunctionNames(editorId: string, dbId: number): SqlLabThunk {
  return async (dispatch, getState, { api, toasts }) => {
    const key = String(dbId);
    const entry = getState().browse.functions[key];
    const apply = (names: string[]) => {
      if (getState().editors.byId[editorId]?.dbId === dbId) {
        dispatch(editorUpdated({ id: editorId, changes: { functionNames: names } }));
      }
    };
    if (entry?.data) {
      apply(entry.data);
      return;
    }
    if (entry?.loading || entry?.error) return;
    dispatch(browseLoading({ kind: 'functions', key }));
    try {
      const answer = await api.get<{ function_names?: string[] }>(functionNamesUrl(dbId));
      const names = answer.function_names ?? [];
      dispatch(browseLoaded({ kind: 'functions', key, data: names }));
      apply(names);
    } catch (e) {
      if (isNotFound(e)) {
        dispatch(browseLoaded({ kind: 'functions', key, data: [] }));
        apply([]);
        return;
      }
      dispatch(browseFailed({ kind: 'functions', key, error: errorMessage(e) }));
      tabStateError(toasts, TAB_ACTIONS.functionNames);
    }
  };
}

/** Statuses meaning "this database cannot validate SQL": not asked again. */
const NO_VALIDATOR_STATUSES = new Set([400, 404, 405, 422, 501]);

/** Validates a tab's SQL on its database; the result becomes the editor's markers. */
export function validateSql(editorId: string, signal?: AbortSignal): SqlLabThunk {
  return async (dispatch, getState, { api }) => {
    const s = getState();
    const editor = s.editors.byId[editorId];
    if (!editor || editor.dbId === null || s.browse.noValidator[String(editor.dbId)]) return;
    const { sql, dbId } = editor;
    if (sql.trim() === '') {
      dispatch(editorUpdated({ id: editorId, changes: { validationResult: { sql, errors: [] } } }));
      return;
    }
    try {
      const answer = await api.post<{ result?: ValidationError[] }>(
        validateSqlUrl(dbId),
        {
          schema: editor.schema,
          catalog: editor.catalog,
          sql,
          template_params: editor.templateParams,
        },
        { signal },
      );
      dispatch(
        editorUpdated({
          id: editorId,
          changes: { validationResult: { sql, errors: answer.result ?? [] } },
        }),
      );
    } catch (e) {
      if (isAbortError(e)) return;
      if (e instanceof ApiError && NO_VALIDATOR_STATUSES.has(e.status)) {
        dispatch(validatorMissing(dbId));
      }
      dispatch(editorUpdated({ id: editorId, changes: { validationResult: null } }));
    }
  };
}

/** Asks the server what running a tab's SQL would cost (`POST /api/v1/sqllab/estimate/`). */
export function estimateCost(
  editorId: string,
): SqlLabThunk<Promise<Array<Record<string, unknown>>>> {
  return async (_dispatch, getState, { api }) => {
    const editor = getState().editors.byId[editorId];
    if (!editor || editor.dbId === null) return [];
    const sql = editor.selectedText?.trim() ? editor.selectedText : editor.sql;
    const answer = await api.post<{ result?: unknown }>(SQLLAB_API.estimate, {
      database_id: editor.dbId,
      catalog: editor.catalog,
      schema: editor.schema,
      sql,
      template_params: editor.templateParams ? safeJson(editor.templateParams) : {},
    });
    const result = answer.result;
    if (Array.isArray(result)) return result.filter(isRecord);
    return isRecord(result) ? [result] : [];
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}
