import { DEFAULT_SQL, DEFAULT_SQL_NOT_PERSISTED, UNTITLED_QUERY } from '@strata/core';
import type { QueryDto, TabStateDto, TableSchemaDto } from '@strata/core';
import type {
  ColumnKey,
  QueryEditor,
  TableColumnMeta,
  TableMetadataAnswer,
  TablePanel,
} from './types';

/** Default heights of the editor and the south pane, in percent. */
export const DEFAULT_NORTH_PERCENT = 40;
export const DEFAULT_SOUTH_PERCENT = 60;

/** True for a new tab's untouched text (not worth validating). */
export function isDefaultSql(sql: string): boolean {
  const text = sql.trim();
  return text === DEFAULT_SQL || text === `${DEFAULT_SQL_NOT_PERSISTED}${DEFAULT_SQL}`.trim();
}

/** A tab with every field at its default. */
export function blankEditor(id: string, fields: Partial<QueryEditor> = {}): QueryEditor {
  return {
    id,
    tabViewId: null,
    name: UNTITLED_QUERY,
    dbId: null,
    catalog: null,
    schema: null,
    sql: DEFAULT_SQL,
    selectedText: null,
    autorun: false,
    templateParams: null,
    queryLimit: null,
    latestQueryId: null,
    remoteId: null,
    loaded: true,
    hideLeftBar: false,
    validationResult: null,
    northPercent: DEFAULT_NORTH_PERCENT,
    southPercent: DEFAULT_SOUTH_PERCENT,
    functionNames: [],
    ...fields,
  };
}

/** A server tab known only by id and label (loaded when it is opened). */
export function stubEditor(serverId: number, label: string): QueryEditor {
  const id = String(serverId);
  return blankEditor(id, { tabViewId: id, name: label, loaded: false, sql: '' });
}

/** The fields of a tab read from the server (`GET /tabstateview/{id}` or the bootstrap). */
export function editorFieldsFromTabState(dto: TabStateDto): Partial<QueryEditor> {
  return {
    tabViewId: String(dto.id),
    name: dto.label,
    dbId: dto.database_id,
    catalog: dto.catalog ?? null,
    schema: dto.schema,
    sql: dto.sql ?? '',
    autorun: dto.autorun,
    templateParams: dto.template_params,
    queryLimit: dto.query_limit,
    latestQueryId: dto.latest_query?.id ?? null,
    remoteId: dto.saved_query?.id ?? null,
    hideLeftBar: dto.hide_left_bar,
    loaded: true,
  };
}

/** The latest query carried by a tab state, when it has one. */
export function latestQueryOf(dto: TabStateDto): QueryDto | null {
  return dto.latest_query ?? null;
}

/** Body of `POST /tabstateview/`: the new tab as Superset's client sends it. */
export function newTabStateBody(editor: QueryEditor): { queryEditor: Record<string, unknown> } {
  return {
    queryEditor: {
      name: editor.name,
      dbId: editor.dbId,
      catalog: editor.catalog,
      schema: editor.schema,
      sql: editor.sql,
      autorun: editor.autorun,
      queryLimit: editor.queryLimit,
      templateParams: editor.templateParams,
      hideLeftBar: editor.hideLeftBar,
      remoteId: editor.remoteId,
    },
  };
}

/** Tab fields the server stores, with their `PUT /tabstateview/{id}` names. */
export const TAB_STATE_FIELDS = {
  sql: 'sql',
  name: 'label',
  dbId: 'database_id',
  schema: 'schema',
  autorun: 'autorun',
  queryLimit: 'query_limit',
  templateParams: 'template_params',
  hideLeftBar: 'hide_left_bar',
  latestQueryId: 'latest_query_id',
  remoteId: 'saved_query_id',
} as const satisfies Partial<Record<keyof QueryEditor, string>>;

export type StoredEditorField = keyof typeof TAB_STATE_FIELDS;
export type TabStateField = (typeof TAB_STATE_FIELDS)[StoredEditorField];

/**
 * What a failed store of each field was doing, for the catalogue's "An error occurred while %s.
 * Please contact your administrator." (SQL has its own message).
 */
export const TAB_STATE_ACTIONS: Record<TabStateField, string> = {
  sql: 'storing your query',
  label: 'setting the tab name',
  database_id: 'setting the tab database ID',
  schema: 'setting the tab schema',
  autorun: 'setting the tab autorun',
  query_limit: 'setting the tab query limit',
  template_params: 'setting the tab template parameters',
  hide_left_bar: 'hiding the left bar',
  latest_query_id: 'storing the latest query id',
  saved_query_id: 'storing the saved query id',
};

/** Other tab-state actions that can fail, for the same message. */
export const TAB_ACTIONS = {
  remove: 'removing the tab',
  removeQuery: 'removing the query',
  activate: 'setting the active tab',
  fetch: 'fetching the tab state',
  expand: 'expanding the table schema',
  collapse: 'collapsing the table schema',
  removeTable: 'removing the table schema',
  tableMetadata: 'fetching table metadata',
  functionNames: 'fetching function names',
} as const;

/** The stored fields among a tab's changes, as the body of `PUT /tabstateview/{id}`. */
export function tabStatePatch(
  changes: Partial<QueryEditor>,
): Partial<Record<TabStateField, unknown>> {
  const body: Partial<Record<TabStateField, unknown>> = {};
  for (const [field, serverName] of Object.entries(TAB_STATE_FIELDS) as Array<
    [StoredEditorField, TabStateField]
  >) {
    if (field in changes) body[serverName] = changes[field] ?? null;
  }
  return body;
}

/** Splits a patch into the SQL (stored after a pause) and the rest (stored at once). */
export function splitSqlPatch(patch: Partial<Record<TabStateField, unknown>>): {
  sql: Partial<Record<TabStateField, unknown>> | null;
  rest: Partial<Record<TabStateField, unknown>> | null;
} {
  const { sql, ...rest } = patch;
  return {
    sql: 'sql' in patch ? { sql } : null,
    rest: Object.keys(rest).length > 0 ? rest : null,
  };
}

/** What a table panel keeps of its metadata in the server's `description`. */
export interface PanelDescription {
  columns?: TableColumnMeta[];
  selectStar?: string | null;
  primaryKey?: ColumnKey | null;
  foreignKeys?: ColumnKey[];
  indexes?: ColumnKey[];
  dataPreviewQueryId?: string | null;
}

function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** A stored table panel (`table_schemas` of a tab) as a panel of the tab `queryEditorId`. */
export function panelFromTableSchema(
  dto: TableSchemaDto,
  queryEditorId: string,
  clientId: string,
): TablePanel {
  const d = (dto.description ?? {}) as PanelDescription;
  const columns = asArray<TableColumnMeta>(d.columns);
  return {
    id: clientId,
    remoteId: dto.id,
    dbId: dto.database_id,
    catalog: dto.catalog ?? null,
    schema: dto.schema,
    name: dto.table,
    queryEditorId,
    expanded: dto.expanded,
    columns,
    selectStar: typeof d.selectStar === 'string' ? d.selectStar : null,
    primaryKey: d.primaryKey ?? null,
    foreignKeys: asArray<ColumnKey>(d.foreignKeys),
    indexes: asArray<ColumnKey>(d.indexes),
    dataPreviewQueryId: typeof d.dataPreviewQueryId === 'string' ? d.dataPreviewQueryId : null,
    // A panel stored without its columns reads them again.
    isMetadataLoading: columns.length === 0,
    isExtraMetadataLoading: false,
    error: null,
  };
}

/** A new panel for a table picked in the left bar, before its metadata is read. */
export function newPanel(
  clientId: string,
  fields: Pick<TablePanel, 'dbId' | 'catalog' | 'schema' | 'name' | 'queryEditorId'>,
): TablePanel {
  return {
    id: clientId,
    remoteId: null,
    ...fields,
    expanded: true,
    columns: [],
    selectStar: null,
    primaryKey: null,
    foreignKeys: [],
    indexes: [],
    dataPreviewQueryId: null,
    isMetadataLoading: true,
    isExtraMetadataLoading: false,
    error: null,
  };
}

/** The panel fields of a table metadata answer. */
export function panelMetadata(
  meta: TableMetadataAnswer,
): Pick<TablePanel, 'columns' | 'selectStar' | 'primaryKey' | 'foreignKeys' | 'indexes'> {
  return {
    columns: meta.columns ?? [],
    selectStar: meta.selectStar ?? null,
    primaryKey: meta.primaryKey ?? null,
    foreignKeys: meta.foreignKeys ?? [],
    indexes: meta.indexes ?? [],
  };
}

/** Body of `POST /tableschemaview/` for a panel of the server tab `tabViewId`. */
export function tableSchemaBody(
  panel: TablePanel,
  tabViewId: string,
): { table: Record<string, unknown> } {
  const description: PanelDescription = {
    columns: panel.columns,
    selectStar: panel.selectStar,
    primaryKey: panel.primaryKey,
    foreignKeys: panel.foreignKeys,
    indexes: panel.indexes,
    dataPreviewQueryId: panel.dataPreviewQueryId,
  };
  return {
    table: {
      dbId: panel.dbId,
      catalog: panel.catalog,
      schema: panel.schema,
      name: panel.name,
      queryEditorId: Number(tabViewId),
      expanded: panel.expanded,
      description,
    },
  };
}

/** A saved query (`GET /api/v1/saved_query/{id}`) as far as SQL Lab reads it. */
export interface SavedQueryAnswer {
  id?: number;
  label?: string | null;
  description?: string | null;
  db_id?: number | null;
  database?: { id: number } | null;
  schema?: string | null;
  catalog?: string | null;
  sql?: string | null;
  template_parameters?: string | null;
}

/** The tab fields of a saved query (spec: label ↔ name, db_id ↔ dbId, …). */
export function editorFieldsFromSavedQuery(id: number, q: SavedQueryAnswer): Partial<QueryEditor> {
  return {
    name: q.label || UNTITLED_QUERY,
    dbId: q.db_id ?? q.database?.id ?? null,
    catalog: q.catalog ?? null,
    schema: q.schema ?? null,
    sql: q.sql ?? '',
    templateParams: q.template_parameters || null,
    remoteId: id,
  };
}

/** Body of `POST /api/v1/saved_query/` and `PUT /api/v1/saved_query/{id}`. */
export function savedQueryBody(
  editor: Pick<QueryEditor, 'dbId' | 'schema' | 'catalog' | 'sql' | 'templateParams'>,
  input: { label: string; description?: string },
): Record<string, unknown> {
  return {
    label: input.label,
    description: input.description ?? '',
    db_id: editor.dbId,
    schema: editor.schema,
    catalog: editor.catalog,
    sql: editor.sql,
    template_parameters: editor.templateParams ?? '',
  };
}

const EDITOR_FIELD_OF = Object.fromEntries(
  Object.entries(TAB_STATE_FIELDS).map(([editorField, serverField]) => [serverField, editorField]),
) as Record<TabStateField, StoredEditorField>;

/** The body of `PUT /tabstateview/{id}` storing the current values of some fields. */
export function tabStatePatchOf(
  editor: QueryEditor,
  fields: readonly TabStateField[],
): Partial<Record<TabStateField, unknown>> {
  const body: Partial<Record<TabStateField, unknown>> = {};
  for (const f of fields) body[f] = editor[EDITOR_FIELD_OF[f]] ?? null;
  return body;
}

/** The id of an answer that created something (`{id}` or `{result: {id}}`), or null. */
export function answerId(answer: unknown): number | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const a = answer as { id?: unknown; result?: { id?: unknown } };
  const id = a.id ?? a.result?.id;
  return typeof id === 'number'
    ? id
    : typeof id === 'string' && /^\d+$/.test(id)
      ? Number(id)
      : null;
}
