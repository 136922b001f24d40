import type { Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { MetadataDialect } from '../config/config.js';
import type { MetadataDb } from '../metadata/db.js';
import type { Principal } from '../security/principal.js';

/**
 * Queries built from API names go through a schema-less view of the store: table and column
 * names come only from resource definitions (never from a request), values are always bound.
 */
export type DynamicSchema = Record<string, Record<string, unknown>>;
export type DynamicDb = Kysely<DynamicSchema>;
export type DynamicQuery = SelectQueryBuilder<DynamicSchema, 't', object>;

export interface RequestContext {
  db: MetadataDb;
  dialect: MetadataDialect;
  principal: Principal;
}

export type ColumnType = 'string' | 'number' | 'boolean' | 'datetime';

/** A column clients may filter or sort on, by its API name. */
export interface ResourceColumn {
  type: ColumnType;
  /** SQL of the value, over the base table aliased `t`. Defaults to `t.<api name>`. */
  expr?: () => RawBuilder<unknown>;
  sortable?: boolean;
  /** Operators allowed on the column; defaults by type. */
  operators?: string[];
  /** A relation: `rel_o_m` compares a foreign key; `rel_m_m` looks in a link table. */
  relation?:
    | { kind: 'one'; fkColumn: string }
    | { kind: 'many'; linkTable: string; linkOwnerColumn: string; linkTargetColumn: string };
}

/** A resource-specific filter operator, e.g. `dashboard_is_favorite`. */
export type CustomFilter = (qb: DynamicQuery, value: unknown, ctx: RequestContext) => DynamicQuery;

/** Candidates for a `related/{column}` call. */
export interface RelatedSource {
  table: string;
  valueColumn: string;
  /** SQL for the text shown, over the related table aliased `r`. */
  text: () => RawBuilder<string>;
  /** Columns (of `r`) searched case-insensitively by the filter text. */
  searchColumns: string[];
  /** Extra condition on `r`, e.g. active users only. */
  where?: () => RawBuilder<unknown>;
  extra?: (row: Record<string, unknown>) => Record<string, unknown>;
  extraColumns?: string[];
  /**
   * Object-level access on the candidates: the related table's visibility rule, written over
   * that table aliased `t` (like `ResourceDefinition.visible`); only rows whose `valueColumn` it
   * keeps are offered. Without it every row (matching `where`) is a candidate.
   */
  visible?(qb: DynamicQuery, ctx: RequestContext): DynamicQuery;
}

export interface WriteHandlers<C, U> {
  createSchema: z.ZodType<C>;
  updateSchema: z.ZodType<U>;
  /** Creates the object (in a transaction it opens) and returns its id. */
  create(ctx: RequestContext, body: C): Promise<number>;
  /** Changes the object; fields it returns are added to the answer (e.g. `last_modified_time`). */
  update(
    ctx: RequestContext,
    id: number,
    body: U,
    query: Record<string, unknown>,
  ): Promise<void | Record<string, unknown>>;
}

export interface ResourceDefinition {
  /** URL prefix without a trailing slash, e.g. `/api/v1/dashboard`. */
  prefix: string;
  /** Metadata table of the resource; its primary key is `id`. */
  table: string;
  /** Permission view, e.g. `Dashboard`: can_read for reads, can_write for writes. */
  view: string;
  /** Singular noun for messages, e.g. `dashboard`. */
  noun: string;
  /** The column holding the title, for messages. */
  titleColumn: string;
  columns: Record<string, ResourceColumn>;
  customFilters?: Record<string, CustomFilter>;
  defaultOrder: { column: string; direction: 'asc' | 'desc' };
  listColumns: string[];
  showColumns?: string[];
  /** Loads API objects for ids (any order); objects must carry `id`. */
  load(ctx: RequestContext, ids: number[]): Promise<Map<number, Record<string, unknown>>>;
  /**
   * The id of the object a `GET {prefix}/{text}` names (e.g. a dashboard by id or slug); throws
   * 404 when there is none. Defaults to a numeric id.
   */
  resolveId?(ctx: RequestContext, text: string): Promise<number>;
  /** Restricts what the principal may see (object-level access). */
  visible?(qb: DynamicQuery, ctx: RequestContext): DynamicQuery;
  /** Throws 403 when the principal may not change or delete the object. */
  assertCanModify?(ctx: RequestContext, id: number): Promise<void>;
  /** Removes objects (inside the given transaction); defaults to deleting rows of `table`. */
  remove?(trx: MetadataDb, ids: number[], ctx: RequestContext): Promise<void>;
  /** Runs after a delete's transaction committed (e.g. telling other processes). */
  afterRemove?(ids: number[], ctx: RequestContext): Promise<void>;
  /**
   * The schema of an API object as get, create and update answer it (`{id, result}`): shown in
   * OpenAPI, and the answers are serialised through it.
   */
  itemSchema?: z.ZodType;
  /** `class_name` in the favourites table; no favourite routes without it. */
  favoriteClassName?: string;
  related?: Record<string, RelatedSource>;
  /** Columns for `distinct/{column}` (string columns of `t`). */
  distinct?: string[];
  write?: WriteHandlers<unknown, unknown>;
  /** False for read-only resources: no delete routes. */
  deletable?: boolean;
  /** Permission for reads (default can_read on `view`) and for writes (default can_write). */
  readPermission?: { perm: string; view: string };
  writePermission?: { perm: string; view: string };
}
