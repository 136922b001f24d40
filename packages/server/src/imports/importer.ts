/**
 * Importing a bundle (Superset's ImportDatabasesCommand, ImportDatasetsCommand,
 * ImportChartsCommand, ImportDashboardsCommand, ImportSavedQueriesCommand, v1): every file is
 * checked first and every problem collected, then everything is written in one metadata
 * transaction, or nothing.
 *
 * - metadata.yaml must be there, of version 1.0.0 (else Superset's "Could not find a valid command
 *   to import file") and of the endpoint's type (Database, SqlaTable, Slice, Dashboard,
 *   SavedQuery).
 * - Each file of the kinds the endpoint reads is parsed and checked (schemas.ts). A database
 *   whose URI has a masked password needs `passwords[file]` unless it already exists.
 * - What is imported: the endpoint's own objects and what they need — a dashboard's charts (from
 *   its layout), their datasets and its native filters' datasets, their databases; a database
 *   endpoint also takes the datasets on its databases; a saved query endpoint reads only
 *   `queries/` and `databases/` (other folders are ignored, as Superset ignores a bundle's
 *   `queries/` in the other endpoints). References resolve to the bundle or to objects already
 *   on this server that the user may see (a saved query's database: one the user may use in SQL
 *   Lab, as when saving a query).
 * - An object of the endpoint's kind that exists (same uuid; a dataset also by database, schema
 *   and table) needs overwrite=true ("Dashboard already exists and `overwrite=true` was not
 *   passed") and then the user's right to change it. Related objects that exist are used as
 *   they are, never changed (Superset imports them with overwrite off).
 * - The examples database: a file with the placeholder URI `__SQLALCHEMY_EXAMPLES_URI__` or
 *   Superset's examples uuid is this server's examples database, never changed or duplicated.
 * - New databases pass the checks of the create call (supported driver, URI shape, the app's own
 *   files refused, unique name); new objects need `can_write` on their kind. The user becomes an
 *   owner of what is created or overwritten; per-object permissions follow as on create. A saved
 *   query created by an import belongs to the importing user; one overwritten (by its owner or
 *   an admin) keeps its owner.
 */
import { randomUUID } from 'node:crypto';
import { migrateLegacyChart, validateJsonMetadata, validatePositionData } from '@strata/core';
import type { RequestContext } from '../api/resource-types.js';
import { addOwnerRow } from '../api/write-helpers.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { assertChartOwner } from '../charts/write.js';
import { readableChartIds, ownsDashboard } from '../dashboards/access.js';
import { savedTitle, storedCss, syncCharts } from '../dashboards/write.js';
import {
  canAccessDatabase,
  grantedDatabaseNames,
  syncDatabasePermission,
} from '../databases/access.js';
import type { DatabaseConnections } from '../databases/connections.js';
import { PASSWORD_MASK, splitUriPassword, uriProblem } from '../databases/uri.js';
import { canReadDataset, syncDatasetPermission } from '../datasets/access.js';
import { assertDatasetOwner } from '../datasets/write.js';
import type { EngineRegistry } from '../engines/registry.js';
import { newDatabaseRow } from '../databases/write.js';
import {
  EXAMPLES_DATABASE_NAME,
  EXAMPLES_DATABASE_UUID,
  EXAMPLES_SCHEMA,
} from '../examples/install.js';
import type { MetadataDb } from '../metadata/db.js';
import { nowIso } from '../metadata/db.js';
import { assertSavedQueryOwner } from '../saved_queries/write.js';
import { hasPerm, isAdmin } from '../security/principal.js';
import type { BundleContents } from './bundle.js';
import {
  IMPORT_MESSAGES,
  ImportProblems,
  alreadyExists,
  cannotCreate,
  cannotOverwrite,
  commandInvalid,
  importErrorMessage,
  type ImportKind,
} from './errors.js';
import {
  canonicalUuid,
  layoutCharts,
  nativeFilterDatasetUuids,
  oldToNewChartIds,
  remapDashboardMetadata,
  remapPosition,
  rewriteChartParams,
  rewriteQueryContext,
} from './remap.js';
import {
  addFieldError,
  chartSchema,
  checkConfig,
  dashboardSchema,
  databaseSchema,
  datasetSchema,
  jsonTextOf,
  metadataSchema,
  savedQuerySchema,
  type ChartConfig,
  type ColumnConfig,
  type DashboardConfig,
  type DatabaseConfig,
  type DatasetConfig,
  type FieldErrors,
  type MetricConfig,
  type SavedQueryConfig,
} from './schemas.js';

/** The URI Superset's example bundles carry for the examples database. */
export const EXAMPLES_URI_PLACEHOLDER = '__SQLALCHEMY_EXAMPLES_URI__';
export const METADATA_FILE = 'metadata.yaml';

type Prefix = 'databases/' | 'datasets/' | 'charts/' | 'dashboards/' | 'queries/';

interface KindInfo {
  /** Superset's model name, as metadata.yaml's `type` has it. */
  metadataType: string;
  /** The title-cased name in "… already exists" texts. */
  model: string;
  /** The permission view of the kind. */
  view: string;
  /** The API docs' tag and plural noun. */
  tag: string;
  plural: string;
  prefix: Prefix;
  /** The folders the endpoint reads. */
  reads: Prefix[];
}

export const IMPORT_KINDS: Record<ImportKind, KindInfo> = {
  database: {
    metadataType: 'Database',
    model: 'Database',
    view: 'Database',
    tag: 'database',
    plural: 'databases',
    prefix: 'databases/',
    reads: ['databases/', 'datasets/'],
  },
  dataset: {
    metadataType: 'SqlaTable',
    model: 'Dataset',
    view: 'Dataset',
    tag: 'dataset',
    plural: 'datasets',
    prefix: 'datasets/',
    reads: ['databases/', 'datasets/'],
  },
  chart: {
    metadataType: 'Slice',
    model: 'Chart',
    view: 'Chart',
    tag: 'chart',
    plural: 'charts',
    prefix: 'charts/',
    reads: ['databases/', 'datasets/', 'charts/'],
  },
  dashboard: {
    metadataType: 'Dashboard',
    model: 'Dashboard',
    view: 'Dashboard',
    tag: 'dashboard',
    plural: 'dashboards',
    prefix: 'dashboards/',
    reads: ['databases/', 'datasets/', 'charts/', 'dashboards/'],
  },
  saved_query: {
    metadataType: 'SavedQuery',
    // Superset's `model_name.title()` of "saved_queries".
    model: 'Saved_Queries',
    view: 'SavedQuery',
    tag: 'saved query',
    plural: 'saved queries',
    prefix: 'queries/',
    reads: ['databases/', 'queries/'],
  },
};

export interface ImportOptions {
  overwrite: boolean;
  /** Database passwords by bundle file (`databases/examples.yaml`). */
  passwords: Record<string, string>;
}

export interface ImportServices {
  box: SecretBox;
  engines: EngineRegistry;
  connections: DatabaseConnections;
}

/** What happens to one object: used as it is, created, or written over. */
type Action = 'reuse' | 'create' | 'overwrite';

interface DatabasePlan {
  file: string;
  config: DatabaseConfig;
  uuid: string;
  action: Action;
  /** Id of the existing database (reuse, overwrite). */
  id: number | null;
  previousName: string | null;
  uri: string;
  /** The password to store: text, null for none, undefined to keep the stored one. */
  password: string | null | undefined;
}

interface DatasetPlan {
  file: string;
  config: DatasetConfig;
  uuid: string;
  action: Action;
  id: number | null;
  previous: { table_name: string; database_name: string } | null;
  /** The schema the dataset is written with (on the examples database, theirs). */
  schema: string | null;
  /** The database: a bundle uuid, or the id of one already here. */
  database: { uuid: string } | { id: number; name: string };
}

interface ChartPlan {
  file: string;
  config: ChartConfig;
  uuid: string;
  action: Action;
  id: number | null;
  /** The dataset (null when the chart is used as it is). */
  dataset: { uuid: string } | { id: number } | null;
}

interface DashboardPlan {
  file: string;
  config: DashboardConfig;
  uuid: string;
  action: Exclude<Action, 'reuse'>;
  id: number | null;
}

interface SavedQueryPlan {
  file: string;
  config: SavedQueryConfig;
  uuid: string;
  action: Exclude<Action, 'reuse'>;
  id: number | null;
  /** The schema the query is written with (on the examples database, theirs). */
  schema: string | null;
  /** The database: a bundle uuid, or the id of one already here. */
  database: { uuid: string } | { id: number };
}

interface Plan {
  databases: DatabasePlan[];
  datasets: DatasetPlan[];
  charts: ChartPlan[];
  dashboards: DashboardPlan[];
  queries: SavedQueryPlan[];
  /** Objects already here that bundle objects refer to without carrying them. */
  storeDatasets: Map<string, number>;
  storeCharts: Map<string, number>;
}

const prefixOf = (file: string): string => `${file.split('/')[0]}/`;

/** Parsed files of the kinds the endpoint reads, by folder. */
interface Configs {
  databases: Map<string, DatabaseConfig>;
  datasets: Map<string, DatasetConfig>;
  charts: Map<string, ChartConfig>;
  dashboards: Map<string, DashboardConfig>;
  queries: Map<string, SavedQueryConfig>;
}

/** Checks metadata.yaml: missing or of another version ends the import at once. */
function checkMetadata(contents: BundleContents, kind: ImportKind, problems: ImportProblems) {
  const parsed = contents.get(METADATA_FILE);
  if (parsed === undefined)
    throw commandInvalid(
      IMPORT_MESSAGES.noValidCommand,
      new Map([[METADATA_FILE, IMPORT_MESSAGES.missingMetadata]]),
    );
  if (!parsed.ok) {
    problems.setText(METADATA_FILE, parsed.reason ?? IMPORT_MESSAGES.notYaml);
    return;
  }
  const checked = checkConfig(metadataSchema, parsed.value);
  if (!checked.ok) {
    if (checked.errors.version)
      throw commandInvalid(
        IMPORT_MESSAGES.noValidCommand,
        new Map([[METADATA_FILE, checked.errors]]),
      );
    problems.addFields(METADATA_FILE, checked.errors);
    return;
  }
  const type = checked.value.type;
  const expected = IMPORT_KINDS[kind].metadataType;
  if (type !== undefined && type !== expected)
    problems.addFields(METADATA_FILE, { type: [`Must be equal to ${expected}.`] });
}

/** Parses and checks every file the endpoint reads; the passwords given go into database files. */
function loadConfigs(
  contents: BundleContents,
  kind: ImportKind,
  passwords: Record<string, string>,
  problems: ImportProblems,
): Configs {
  const configs: Configs = {
    databases: new Map(),
    datasets: new Map(),
    charts: new Map(),
    dashboards: new Map(),
    queries: new Map(),
  };
  const reads = new Set<string>(IMPORT_KINDS[kind].reads);
  for (const [file, parsed] of contents) {
    const prefix = prefixOf(file);
    if (!reads.has(prefix)) continue;
    if (!parsed.ok) {
      problems.setText(file, parsed.reason ?? IMPORT_MESSAGES.notYaml);
      continue;
    }
    let value = parsed.value;
    if (prefix === 'databases/' && Object.hasOwn(passwords, file) && isRecord(value))
      value = { ...value, password: passwords[file] };
    const report = (errors: FieldErrors) => problems.addFields(file, errors);
    if (prefix === 'databases/') {
      const c = checkConfig(databaseSchema, value);
      if (c.ok) configs.databases.set(file, c.value);
      else report(c.errors);
    } else if (prefix === 'datasets/') {
      const c = checkConfig(datasetSchema, value);
      if (c.ok) configs.datasets.set(file, c.value);
      else report(c.errors);
    } else if (prefix === 'charts/') {
      const c = checkConfig(chartSchema, value);
      if (c.ok) configs.charts.set(file, c.value);
      else report(c.errors);
    } else if (prefix === 'queries/') {
      const c = checkConfig(savedQuerySchema, value);
      if (c.ok) configs.queries.set(file, c.value);
      else report(c.errors);
    } else {
      const c = checkConfig(dashboardSchema, value);
      if (c.ok) configs.dashboards.set(file, c.value);
      else report(c.errors);
    }
  }
  return configs;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const uuidOf = (text: string): string => canonicalUuid(text)!;

function duplicates(names: string[]): boolean {
  return new Set(names).size !== names.length;
}

/** Reads what the bundle refers to and decides, for each object, what to do; collects problems. */
async function makePlan(
  ctx: RequestContext,
  services: ImportServices,
  kind: ImportKind,
  contents: BundleContents,
  options: ImportOptions,
): Promise<{ plan: Plan; problems: ImportProblems }> {
  const problems = new ImportProblems();
  checkMetadata(contents, kind, problems);
  const configs = loadConfigs(contents, kind, options.passwords, problems);
  const p = ctx.principal;
  const canWrite = (view: string) => hasPerm(p, 'can_write', view);
  const main = IMPORT_KINDS[kind];
  const failed = (file: string | undefined) => file !== undefined && problems.has(file);

  // Which objects the import writes (Superset's discovery of related objects).
  const fileByUuid = <T extends { uuid: string }>(m: Map<string, T>) =>
    new Map([...m].map(([file, c]) => [uuidOf(c.uuid), file]));
  // Files that did not parse still count as "in the bundle": their own problem is reported.
  const unparsedUuids = new Set<string>();
  for (const [file, parsed] of contents) {
    if (!problems.has(file)) continue;
    if (parsed.ok && isRecord(parsed.value)) {
      const u = canonicalUuid(parsed.value.uuid);
      if (u) unparsedUuids.add(`${prefixOf(file)}${u}`);
    }
  }
  const inBundle = (prefix: Prefix, uuid: string) => unparsedUuids.has(`${prefix}${uuid}`);
  // Two files of a kind with one uuid: the later one is refused.
  const kinds: Array<Map<string, { uuid: string }>> = [
    configs.databases,
    configs.datasets,
    configs.charts,
    configs.dashboards,
    configs.queries,
  ];
  for (const map of kinds) {
    const seen = new Map<string, string>();
    for (const [file, c] of map) {
      const u = uuidOf(c.uuid);
      const other = seen.get(u);
      if (other === undefined) seen.set(u, file);
      else {
        problems.add(file, 'uuid', `${other} has the same uuid`);
        map.delete(file);
      }
    }
  }
  const databaseFiles = fileByUuid(configs.databases);
  const datasetFiles = fileByUuid(configs.datasets);
  const chartFiles = fileByUuid(configs.charts);

  const neededCharts = new Set<string>();
  const neededDatasets = new Set<string>();
  const neededDatabases = new Set<string>();
  if (kind === 'dashboard') {
    for (const c of configs.dashboards.values()) {
      for (const chart of layoutCharts(c.position)) if (chart.uuid) neededCharts.add(chart.uuid);
      for (const u of nativeFilterDatasetUuids(c.metadata)) neededDatasets.add(u);
    }
  } else if (kind === 'chart') {
    for (const c of configs.charts.values()) neededCharts.add(uuidOf(c.uuid));
  }
  for (const c of configs.charts.values())
    if (neededCharts.has(uuidOf(c.uuid))) neededDatasets.add(uuidOf(c.dataset_uuid));
  if (kind === 'dataset')
    for (const c of configs.datasets.values()) neededDatasets.add(uuidOf(c.uuid));
  if (kind === 'database') {
    for (const c of configs.databases.values()) neededDatabases.add(uuidOf(c.uuid));
    for (const c of configs.datasets.values())
      if (neededDatabases.has(uuidOf(c.database_uuid))) neededDatasets.add(uuidOf(c.uuid));
  }
  for (const c of configs.datasets.values())
    if (neededDatasets.has(uuidOf(c.uuid))) neededDatabases.add(uuidOf(c.database_uuid));
  for (const c of configs.queries.values()) neededDatabases.add(uuidOf(c.database_uuid));

  // What is already here.
  const allDbUuids = [
    ...new Set([
      ...[...configs.databases.values()].map((c) => uuidOf(c.uuid)),
      ...[...configs.datasets.values()].map((c) => uuidOf(c.database_uuid)),
      ...[...configs.queries.values()].map((c) => uuidOf(c.database_uuid)),
    ]),
  ];
  const storeDbs = new Map(
    (allDbUuids.length
      ? await ctx.db
          .selectFrom('dbs')
          .select(['id', 'uuid', 'database_name'])
          .where('uuid', 'in', allDbUuids)
          .execute()
      : []
    ).map((r) => [r.uuid.toLowerCase(), r]),
  );
  const examples = await ctx.db
    .selectFrom('dbs')
    .select(['id', 'uuid', 'database_name'])
    .where((eb) =>
      eb.or([
        eb('uuid', '=', EXAMPLES_DATABASE_UUID),
        eb('database_name', '=', EXAMPLES_DATABASE_NAME),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
  const datasetUuids = [
    ...new Set([
      ...[...configs.datasets.values()].map((c) => uuidOf(c.uuid)),
      ...[...configs.charts.values()].map((c) => uuidOf(c.dataset_uuid)),
      ...neededDatasets,
    ]),
  ];
  const datasetRows = datasetUuids.length
    ? await selectDatasets(ctx.db).where('t.uuid', 'in', datasetUuids).execute()
    : [];
  const storeDatasetRows = new Map(datasetRows.map((r) => [r.uuid.toLowerCase(), r]));
  const ownedDatasetIds = async (ids: number[]): Promise<Set<number>> => {
    if (!ids.length || p.isAnonymous) return new Set();
    const rows = await ctx.db
      .selectFrom('sqlatable_user')
      .select('table_id')
      .where('table_id', 'in', ids)
      .where('user_id', '=', p.id)
      .execute();
    return new Set(rows.map((r) => r.table_id));
  };
  const owned = await ownedDatasetIds(datasetRows.map((r) => r.id));
  type DatasetRow = (typeof datasetRows)[number];
  const readable = (r: DatasetRow, ownedIds: Set<number>) =>
    canReadDataset(p, r, ownedIds.has(r.id) ? [p.id] : []);

  const chartUuids = [
    ...new Set([...[...configs.charts.values()].map((c) => uuidOf(c.uuid)), ...neededCharts]),
  ];
  const chartRows = chartUuids.length
    ? await ctx.db
        .selectFrom('slices')
        .select(['id', 'uuid'])
        .where('uuid', 'in', chartUuids)
        .execute()
    : [];
  const storeChartRows = new Map(chartRows.map((r) => [r.uuid.toLowerCase(), r]));
  const readableCharts = await readableChartIds(
    ctx,
    chartRows.map((r) => r.id),
  );

  const plan: Plan = {
    databases: [],
    datasets: [],
    charts: [],
    dashboards: [],
    queries: [],
    storeDatasets: new Map(),
    storeCharts: new Map(),
  };

  // Databases.
  const namesTaken = new Map<string, string>(); // name → uuid, of databases this import writes
  for (const [file, c] of configs.databases) {
    const uuid = uuidOf(c.uuid);
    if (c.ssh_tunnel) {
      problems.add(file, 'ssh_tunnel', IMPORT_MESSAGES.sshTunnelUnsupported);
      continue;
    }
    const placeholder = c.sqlalchemy_uri.trim() === EXAMPLES_URI_PLACEHOLDER;
    const existing = storeDbs.get(uuid);
    if (placeholder || (uuid === EXAMPLES_DATABASE_UUID && examples)) {
      if (!examples) {
        problems.add(file, 'sqlalchemy_uri', IMPORT_MESSAGES.examplesMissing);
        continue;
      }
      if (kind === 'database' && !options.overwrite) {
        problems.setText(file, alreadyExists(main.model));
        continue;
      }
      plan.databases.push({
        file,
        config: c,
        uuid,
        action: 'reuse',
        id: examples.id,
        previousName: examples.database_name,
        uri: c.sqlalchemy_uri,
        password: undefined,
      });
      continue;
    }
    const needed = neededDatabases.has(uuid);
    if (existing) {
      if (kind === 'database') {
        if (!options.overwrite) {
          problems.setText(file, alreadyExists(main.model));
          continue;
        }
      } else {
        plan.databases.push({
          file,
          config: c,
          uuid,
          action: 'reuse',
          id: existing.id,
          previousName: existing.database_name,
          uri: c.sqlalchemy_uri,
          password: undefined,
        });
        continue;
      }
    } else if (!canWrite('Database') && needed) {
      problems.setText(file, cannotCreate('Database', 'database'));
      continue;
    }
    // A database to create, or (database endpoint, overwrite) to write over.
    const { masked, password: inUri } = splitUriPassword(c.sqlalchemy_uri.trim());
    let password: string | null | undefined;
    if (c.password !== undefined && c.password !== null) password = c.password;
    else if (inUri !== null && inUri !== PASSWORD_MASK) password = inUri;
    else if (inUri === PASSWORD_MASK) password = existing ? undefined : null;
    else password = null;
    if (!existing && inUri === PASSWORD_MASK && password === null)
      problems.add(file, null, IMPORT_MESSAGES.passwordNeeded);
    if (!needed) continue;
    const uriError = uriProblem(masked);
    if (uriError) problems.add(file, 'sqlalchemy_uri', uriError);
    else {
      try {
        services.engines.forUri(masked);
        // File databases: Admin only, inside the allowed folders (issue 16 point 8).
        services.connections.assertMayConnect(
          masked,
          ctx.principal,
          uuid === EXAMPLES_DATABASE_UUID,
        );
        services.connections.assertAllowedUri(masked);
      } catch (e) {
        problems.add(file, 'sqlalchemy_uri', (e as Error).message);
      }
    }
    const name = c.database_name.trim();
    const clash = await ctx.db
      .selectFrom('dbs')
      .select('uuid')
      .where('database_name', '=', name)
      .executeTakeFirst();
    if ((clash && clash.uuid.toLowerCase() !== uuid) || (namesTaken.get(name) ?? uuid) !== uuid)
      problems.add(file, 'database_name', 'A database with the same name already exists.');
    namesTaken.set(name, uuid);
    plan.databases.push({
      file,
      config: c,
      uuid,
      action: existing ? 'overwrite' : 'create',
      id: existing?.id ?? null,
      previousName: existing?.database_name ?? null,
      uri: masked,
      password,
    });
  }
  const dbPlans = new Map(plan.databases.map((d) => [d.uuid, d]));

  // Datasets.
  const physicalTaken = new Set<string>();
  const mayUseDatabase = (row: { id: number; database_name: string }) =>
    canAccessDatabase(p, row) || grantedDatabaseNames(p).has(row.database_name);
  /** The dataset here on the same table of the same database (Superset's physical identity). */
  const samePhysical = async (databaseId: number, schema: string | null, table: string) => {
    let q = selectDatasets(ctx.db)
      .where('t.database_id', '=', databaseId)
      .where('t.table_name', '=', table);
    q = schema === null ? q.where('t.schema', 'is', null) : q.where('t.schema', '=', schema);
    return q.executeTakeFirst();
  };
  for (const [file, c] of configs.datasets) {
    const uuid = uuidOf(c.uuid);
    if (!neededDatasets.has(uuid)) continue;
    let existing: DatasetRow | undefined = storeDatasetRows.get(uuid);
    if (existing && kind === 'dataset' && !options.overwrite) {
      problems.setText(file, alreadyExists(main.model));
      continue;
    }
    const dbUuid = uuidOf(c.database_uuid);
    let database: DatasetPlan['database'];
    const dbPlan = dbPlans.get(dbUuid);
    if (dbPlan) {
      database =
        dbPlan.action === 'reuse'
          ? { id: dbPlan.id!, name: dbPlan.previousName ?? '' }
          : { uuid: dbUuid };
    } else if (databaseFiles.has(dbUuid) || inBundle('databases/', dbUuid)) {
      continue; // its database file has a problem of its own
    } else {
      const row = storeDbs.get(dbUuid);
      if (!row || !mayUseDatabase(row)) {
        problems.add(
          file,
          'database_uuid',
          `Database ${dbUuid} is neither in the bundle nor on this server`,
        );
        continue;
      }
      database = { id: row.id, name: row.database_name };
    }
    if (duplicates((c.columns ?? []).map((col) => col.column_name)))
      problems.add(file, 'columns', 'One or more columns are duplicated');
    if (duplicates((c.metrics ?? []).map((m) => m.metric_name)))
      problems.add(file, 'metrics', 'One or more metrics are duplicated');

    // Superset's examples live in the default schema of its examples database (`public` on
    // PostgreSQL); here they are in DuckDB's `main`.
    const onExamples = examples !== undefined && 'id' in database && database.id === examples.id;
    const schema =
      onExamples && (c.schema == null || c.schema === 'public')
        ? EXAMPLES_SCHEMA
        : (c.schema ?? null);
    if (!existing && 'id' in database) {
      existing = await samePhysical(database.id, schema, c.table_name);
      if (existing && (await ownedDatasetIds([existing.id])).has(existing.id))
        owned.add(existing.id);
    }
    const physicalKey = `${'id' in database ? `id:${database.id}` : `uuid:${database.uuid}`}|${schema ?? ''}|${c.table_name}`;
    const taken = physicalTaken.has(physicalKey);
    physicalTaken.add(physicalKey);
    if (existing) {
      if (kind !== 'dataset') {
        // A related dataset already here is used as it is.
        if (!readable(existing, owned))
          problems.add(file, 'table_name', `Dataset ${c.table_name} already exists`);
        else
          plan.datasets.push({
            file,
            config: c,
            uuid,
            action: 'reuse',
            id: existing.id,
            previous: null,
            schema,
            database,
          });
        continue;
      }
      if (!options.overwrite) {
        problems.setText(file, alreadyExists(main.model));
        continue;
      }
      try {
        await assertDatasetOwner(ctx, existing.id);
      } catch {
        problems.setText(file, cannotOverwrite('dataset'));
        continue;
      }
      const other =
        'id' in database ? await samePhysical(database.id, schema, c.table_name) : undefined;
      if (taken || (other && other.id !== existing.id))
        problems.add(file, 'table_name', `Dataset ${c.table_name} already exists`);
      plan.datasets.push({
        file,
        config: c,
        uuid,
        action: 'overwrite',
        id: existing.id,
        previous: { table_name: existing.table_name, database_name: existing.database_name },
        schema,
        database,
      });
      continue;
    }
    if (!canWrite('Dataset')) {
      problems.setText(file, cannotCreate('Dataset', 'dataset'));
      continue;
    }
    if ('id' in database) {
      if (!mayUseDatabase({ id: database.id, database_name: database.name })) {
        problems.add(
          file,
          'database_uuid',
          `Database ${dbUuid} is neither in the bundle nor on this server`,
        );
        continue;
      }
    }
    if (taken) problems.add(file, 'table_name', `Dataset ${c.table_name} already exists`);
    plan.datasets.push({
      file,
      config: c,
      uuid,
      action: 'create',
      id: null,
      previous: null,
      schema,
      database,
    });
  }
  const datasetPlans = new Map(plan.datasets.map((d) => [d.uuid, d]));

  // Saved queries.
  const queryUuids = [...configs.queries.values()].map((c) => uuidOf(c.uuid));
  const storeQueries = new Map(
    (queryUuids.length
      ? await ctx.db
          .selectFrom('saved_query')
          .select(['id', 'uuid'])
          .where('uuid', 'in', queryUuids)
          .execute()
      : []
    ).map((r) => [r.uuid.toLowerCase(), r]),
  );
  for (const [file, c] of configs.queries) {
    const uuid = uuidOf(c.uuid);
    const existing = storeQueries.get(uuid);
    if (existing) {
      if (!options.overwrite) {
        problems.setText(file, alreadyExists(main.model));
        continue;
      }
      try {
        await assertSavedQueryOwner(ctx, existing.id);
      } catch {
        problems.setText(file, cannotOverwrite('saved query'));
        continue;
      }
    }
    // (Creating one needs can_write on SavedQuery, which the endpoint itself requires.)
    const dbUuid = uuidOf(c.database_uuid);
    const dbPlan = dbPlans.get(dbUuid);
    const fromBundle = dbPlan !== undefined && dbPlan.action !== 'reuse';
    let here: { id: number; database_name: string } | undefined;
    if (dbPlan?.action === 'reuse')
      here = { id: dbPlan.id!, database_name: dbPlan.previousName ?? '' };
    else if (!dbPlan && (databaseFiles.has(dbUuid) || inBundle('databases/', dbUuid)))
      continue; // its database file has a problem of its own
    else if (!dbPlan) here = storeDbs.get(dbUuid);
    // A database already here must be one the user may use, as when saving a query.
    if (!fromBundle && (!here || !mayUseDatabase(here))) {
      problems.add(
        file,
        'database_uuid',
        `Database ${dbUuid} is neither in the bundle nor on this server`,
      );
      continue;
    }
    const onExamples = examples !== undefined && here?.id === examples.id;
    plan.queries.push({
      file,
      config: c,
      uuid,
      action: existing ? 'overwrite' : 'create',
      id: existing?.id ?? null,
      // Superset's examples live in `public` on PostgreSQL; here in DuckDB's `main`.
      schema: onExamples && c.schema === 'public' ? EXAMPLES_SCHEMA : (c.schema ?? null),
      database: here ? { id: here.id } : { uuid: dbUuid },
    });
  }

  /** A dataset a chart or filter names: planned, here and readable, or a problem. */
  const resolveDataset = (
    file: string,
    field: string,
    dsUuid: string,
  ): { uuid: string } | { id: number } | null | 'skip' => {
    const planned = datasetPlans.get(dsUuid);
    if (planned) return { uuid: dsUuid };
    if (failed(datasetFiles.get(dsUuid)) || inBundle('datasets/', dsUuid)) return 'skip';
    if (datasetFiles.has(dsUuid)) return 'skip'; // not imported for a problem reported on its file
    const row = storeDatasetRows.get(dsUuid);
    if (row && readable(row, owned)) {
      plan.storeDatasets.set(dsUuid, row.id);
      return { id: row.id };
    }
    problems.add(file, field, `Dataset ${dsUuid} is neither in the bundle nor on this server`);
    return null;
  };

  // Charts.
  for (const [file, c] of configs.charts) {
    const uuid = uuidOf(c.uuid);
    if (!neededCharts.has(uuid)) continue;
    const existing = storeChartRows.get(uuid);
    if (existing && kind !== 'chart') {
      // A related chart already here is used as it is, if the user may read it.
      if (!readableCharts.has(existing.id)) {
        problems.add(file, 'slice_name', `Chart ${c.slice_name} already exists`);
        continue;
      }
      plan.charts.push({ file, config: c, uuid, action: 'reuse', id: existing.id, dataset: null });
      continue;
    }
    if (existing && !options.overwrite) {
      problems.setText(file, alreadyExists(main.model));
      continue;
    }
    if (existing) {
      try {
        await assertChartOwner(ctx, existing.id);
      } catch {
        problems.setText(file, cannotOverwrite('chart'));
        continue;
      }
    } else if (!canWrite('Chart')) {
      problems.setText(file, cannotCreate('Chart', 'chart'));
      continue;
    }
    const dataset = resolveDataset(file, 'dataset_uuid', uuidOf(c.dataset_uuid));
    if (dataset === null || dataset === 'skip') continue;
    plan.charts.push({
      file,
      config: c,
      uuid,
      action: existing ? 'overwrite' : 'create',
      id: existing?.id ?? null,
      dataset,
    });
  }
  const chartPlans = new Map(plan.charts.map((c) => [c.uuid, c]));

  // Dashboards.
  const slugsTaken = new Map<string, string>();
  const dashboardUuids = [...configs.dashboards.values()].map((c) => uuidOf(c.uuid));
  const storeDashboards = new Map(
    (dashboardUuids.length
      ? await ctx.db
          .selectFrom('dashboards')
          .select(['id', 'uuid'])
          .where('uuid', 'in', dashboardUuids)
          .execute()
      : []
    ).map((r) => [r.uuid.toLowerCase(), r]),
  );
  for (const [file, c] of configs.dashboards) {
    const uuid = uuidOf(c.uuid);
    const existing = storeDashboards.get(uuid);
    if (existing) {
      if (!options.overwrite) {
        problems.setText(file, alreadyExists(main.model));
        continue;
      }
      if (!isAdmin(p) && !(await ownsDashboard(ctx, existing.id))) {
        problems.setText(file, cannotOverwrite('dashboard'));
        continue;
      }
    }
    const errors: FieldErrors = {};
    // The layout: every chart from the bundle or here; then its shape, with stand-in ids.
    const standIn = new Map<string, number>();
    for (const chart of layoutCharts(c.position)) {
      if (chart.uuid === null) {
        addFieldError(errors, ['position'], `Chart component ${chart.component} has no chart uuid`);
        continue;
      }
      if (!standIn.has(chart.uuid)) standIn.set(chart.uuid, standIn.size + 1);
      if (chartPlans.has(chart.uuid)) continue;
      if (chartFiles.has(chart.uuid) || inBundle('charts/', chart.uuid)) continue;
      const row = storeChartRows.get(chart.uuid);
      if (row && readableCharts.has(row.id)) {
        plan.storeCharts.set(chart.uuid, row.id);
        continue;
      }
      addFieldError(
        errors,
        ['position'],
        `Chart ${chart.uuid} (${chart.component}) is neither in the bundle nor on this server`,
      );
    }
    if (c.position) {
      for (const problem of validatePositionData(
        remapPosition(c.position, standIn),
        standIn.values(),
      ))
        addFieldError(errors, ['position'], problem);
    }
    if (c.metadata) {
      for (const problem of validateJsonMetadata(c.metadata))
        addFieldError(errors, ['metadata'], problem);
      for (const dsUuid of nativeFilterDatasetUuids(c.metadata))
        resolveDataset(file, 'metadata', dsUuid);
    }
    if (c.slug) {
      const clash = await ctx.db
        .selectFrom('dashboards')
        .select('uuid')
        .where('slug', '=', c.slug)
        .executeTakeFirst();
      if ((clash && clash.uuid.toLowerCase() !== uuid) || (slugsTaken.get(c.slug) ?? uuid) !== uuid)
        addFieldError(errors, ['slug'], 'Must be unique');
      slugsTaken.set(c.slug, uuid);
    }
    if (Object.keys(errors).length) problems.addFields(file, errors);
    plan.dashboards.push({
      file,
      config: c,
      uuid,
      action: existing ? 'overwrite' : 'create',
      id: existing?.id ?? null,
    });
  }
  return { plan, problems };
}

// ---- Writing ----------------------------------------------------------------------------

const bool = (v: boolean | null | undefined, fallback: boolean) =>
  v === null || v === undefined ? fallback : v;
const text = (v: string | null | undefined): string | null => (v === undefined ? null : v);
const blankToNull = (v: string | null | undefined): string | null =>
  v === null || v === undefined || v.trim() === '' ? null : v;

/** The label a saved query is stored with: Superset's files may have none. */
export const UNTITLED_QUERY_LABEL = 'Untitled Query';
function savedQueryLabel(label: string | null | undefined): string {
  return label === null || label === undefined || label.trim() === ''
    ? UNTITLED_QUERY_LABEL
    : label;
}

function databaseFlags(c: DatabaseConfig) {
  const fileUpload = c.allow_file_upload ?? c.allow_csv_upload;
  return {
    ...(c.expose_in_sqllab != null && { expose_in_sqllab: c.expose_in_sqllab }),
    ...(c.allow_run_async != null && { allow_run_async: c.allow_run_async }),
    ...(c.allow_ctas != null && { allow_ctas: c.allow_ctas }),
    ...(c.allow_cvas != null && { allow_cvas: c.allow_cvas }),
    ...(c.allow_dml != null && { allow_dml: c.allow_dml }),
    ...(fileUpload != null && { allow_file_upload: fileUpload }),
    ...(c.impersonate_user != null && { impersonate_user: c.impersonate_user }),
    ...(c.cache_timeout !== undefined && { cache_timeout: c.cache_timeout }),
    ...(c.extra !== undefined && { extra: jsonTextOf(c.extra) }),
    ...(c.is_managed_externally != null && { is_managed_externally: c.is_managed_externally }),
    ...(c.external_url !== undefined && { external_url: c.external_url }),
  };
}

function datasetValues(c: DatasetConfig, databaseId: number, schema: string | null) {
  return {
    table_name: c.table_name,
    database_id: databaseId,
    schema,
    catalog: c.catalog ?? null,
    sql: blankToNull(c.sql),
    description: text(c.description),
    main_dttm_col: text(c.main_dttm_col),
    default_endpoint: text(c.default_endpoint),
    offset: c.offset ?? 0,
    cache_timeout: c.cache_timeout ?? null,
    filter_select_enabled: bool(c.filter_select_enabled, true),
    fetch_values_predicate: text(c.fetch_values_predicate),
    template_params: jsonTextOf(c.template_params),
    extra: jsonTextOf(c.extra),
    normalize_columns: bool(c.normalize_columns, false),
    always_filter_main_dttm: bool(c.always_filter_main_dttm, false),
    is_managed_externally: bool(c.is_managed_externally, false),
    external_url: text(c.external_url),
  };
}

function columnValues(c: ColumnConfig) {
  return {
    column_name: c.column_name,
    verbose_name: text(c.verbose_name),
    is_dttm: bool(c.is_dttm, false),
    is_active: bool(c.is_active, true),
    type: text(c.type),
    advanced_data_type: text(c.advanced_data_type),
    groupby: bool(c.groupby, true),
    filterable: bool(c.filterable, true),
    expression: blankToNull(c.expression),
    description: text(c.description),
    python_date_format: text(c.python_date_format),
    extra: jsonTextOf(c.extra),
  };
}

function metricValues(m: MetricConfig) {
  return {
    metric_name: m.metric_name,
    verbose_name: text(m.verbose_name),
    metric_type: text(m.metric_type),
    expression: m.expression,
    description: text(m.description),
    d3format: text(m.d3format),
    currency: jsonTextOf(m.currency),
    warning_text: text(m.warning_text),
    extra: jsonTextOf(m.extra),
  };
}

/**
 * A dataset's columns or metrics made those of the file, matched by name: rows of the same name
 * updated (their ids kept), others added, rows the file does not have removed.
 */
async function syncChildren(
  trx: MetadataDb,
  table: 'table_columns' | 'sql_metrics',
  tableId: number,
  items: Array<Record<string, unknown>>,
  nameKey: 'column_name' | 'metric_name',
  userId: number,
  now: string,
): Promise<void> {
  const existing =
    table === 'table_columns'
      ? (
          await trx
            .selectFrom('table_columns')
            .select(['id', 'column_name as name'])
            .where('table_id', '=', tableId)
            .execute()
        ).map((r) => ({ id: r.id, name: r.name }))
      : (
          await trx
            .selectFrom('sql_metrics')
            .select(['id', 'metric_name as name'])
            .where('table_id', '=', tableId)
            .execute()
        ).map((r) => ({ id: r.id, name: r.name }));
  const byName = new Map(existing.map((r) => [r.name, r.id]));
  const keep = new Set<number>();
  for (const item of items) {
    const id = byName.get(item[nameKey] as string);
    if (id !== undefined) {
      keep.add(id);
      await trx
        .updateTable(table)
        .set({ ...item, changed_on: now, changed_by_fk: userId } as never)
        .where('id', '=', id)
        .execute();
    } else {
      await trx
        .insertInto(table)
        .values({
          ...item,
          uuid: randomUUID(),
          table_id: tableId,
          created_on: now,
          changed_on: now,
          created_by_fk: userId,
          changed_by_fk: userId,
        } as never)
        .execute();
    }
  }
  const drop = existing.map((r) => r.id).filter((id) => !keep.has(id));
  if (drop.length) await trx.deleteFrom(table).where('id', 'in', drop).execute();
}

/** Datasets with their database's name, as the plan matches and checks them. */
function selectDatasets(db: RequestContext['db']) {
  return db
    .selectFrom('tables as t')
    .innerJoin('dbs', 'dbs.id', 't.database_id')
    .select([
      't.id',
      't.uuid',
      't.table_name',
      't.schema',
      't.database_id',
      't.created_by_fk',
      'dbs.database_name',
    ]);
}

/** Writes the plan in one transaction. Answers the ids of the databases whose settings changed. */
async function applyPlan(
  ctx: RequestContext,
  services: ImportServices,
  plan: Plan,
): Promise<number[]> {
  const userId = ctx.principal.id;
  const changedDatabases: number[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const databaseIds = new Map<string, { id: number; name: string }>();
    for (const d of plan.databases) {
      if (d.action === 'reuse') {
        databaseIds.set(d.uuid, { id: d.id!, name: d.previousName ?? '' });
        continue;
      }
      const name = d.config.database_name.trim();
      const encrypted =
        d.password === undefined
          ? undefined
          : d.password === null
            ? null
            : services.box.encrypt(d.password);
      if (d.action === 'create') {
        const row = await trx
          .insertInto('dbs')
          .values({
            ...newDatabaseRow({
              uuid: d.uuid,
              database_name: name,
              sqlalchemy_uri: d.uri,
              password: encrypted ?? null,
              configuration_method: 'sqlalchemy_form',
              userId,
            }),
            ...databaseFlags(d.config),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await syncDatabasePermission(trx, { id: row.id, database_name: name });
        databaseIds.set(d.uuid, { id: row.id, name });
      } else {
        await trx
          .updateTable('dbs')
          .set({
            database_name: name,
            sqlalchemy_uri: d.uri,
            ...(encrypted !== undefined && { password: encrypted }),
            ...databaseFlags(d.config),
            changed_on: now,
            changed_by_fk: userId,
          })
          .where('id', '=', d.id!)
          .execute();
        await syncDatabasePermission(
          trx,
          { id: d.id!, database_name: name },
          d.previousName ?? undefined,
        );
        databaseIds.set(d.uuid, { id: d.id!, name });
        changedDatabases.push(d.id!);
      }
    }

    for (const q of plan.queries) {
      const databaseId = 'id' in q.database ? q.database.id : databaseIds.get(q.database.uuid)!.id;
      const values = {
        db_id: databaseId,
        schema: q.schema,
        label: savedQueryLabel(q.config.label),
        description: text(q.config.description),
        sql: q.config.sql,
        changed_on: now,
        changed_by_fk: userId,
      };
      if (q.action === 'create') {
        await trx
          .insertInto('saved_query')
          .values({
            ...values,
            uuid: q.uuid,
            catalog: q.config.catalog ?? null,
            user_id: userId,
            template_parameters: null,
            extra_json: null,
            last_run: null,
            rows: null,
            created_on: now,
            created_by_fk: userId,
          })
          .execute();
      } else {
        await trx
          .updateTable('saved_query')
          .set({
            ...values,
            ...(q.config.catalog !== undefined && { catalog: q.config.catalog }),
          })
          .where('id', '=', q.id!)
          .execute();
      }
    }

    const datasetIds = new Map<string, number>(plan.storeDatasets);
    for (const d of plan.datasets) {
      if (d.action === 'reuse') {
        datasetIds.set(d.uuid, d.id!);
        continue;
      }
      const database = 'id' in d.database ? d.database : databaseIds.get(d.database.uuid)!;
      const values = datasetValues(d.config, database.id, d.schema);
      let id: number;
      if (d.action === 'create') {
        const row = await trx
          .insertInto('tables')
          .values({
            ...values,
            uuid: d.uuid,
            is_sqllab_view: false,
            created_on: now,
            changed_on: now,
            created_by_fk: userId,
            changed_by_fk: userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      } else {
        id = d.id!;
        await trx
          .updateTable('tables')
          .set({ ...values, changed_on: now, changed_by_fk: userId })
          .where('id', '=', id)
          .execute();
      }
      await syncChildren(
        trx,
        'table_columns',
        id,
        (d.config.columns ?? []).map(columnValues),
        'column_name',
        userId,
        now,
      );
      await syncChildren(
        trx,
        'sql_metrics',
        id,
        (d.config.metrics ?? []).map(metricValues),
        'metric_name',
        userId,
        now,
      );
      await addOwnerRow(trx, 'sqlatable_user', id, userId);
      await syncDatasetPermission(
        trx,
        { id, table_name: d.config.table_name, database_name: database.name },
        d.previous ?? undefined,
      );
      datasetIds.set(d.uuid, id);
    }

    const chartIds = new Map<string, number>(plan.storeCharts);
    for (const c of plan.charts) {
      if (c.action === 'reuse') {
        chartIds.set(c.uuid, c.id!);
        continue;
      }
      const dataset = c.dataset!;
      const datasetId = 'id' in dataset ? dataset.id : datasetIds.get(dataset.uuid)!;
      // Older charts' form data as Superset's migrations leave it (Superset migrates on import).
      const migrated = migrateLegacyChart(c.config.viz_type, c.config.params ?? {});
      const values = {
        slice_name: c.config.slice_name,
        datasource_id: datasetId,
        datasource_type: 'table',
        viz_type: migrated.vizType,
        description: text(c.config.description),
        cache_timeout: c.config.cache_timeout ?? null,
        certified_by: text(c.config.certified_by),
        certification_details: text(c.config.certification_details),
        is_managed_externally: bool(c.config.is_managed_externally, false),
        external_url: text(c.config.external_url),
        last_saved_at: now,
        last_saved_by_fk: userId,
        changed_on: now,
        changed_by_fk: userId,
      };
      let id: number;
      if (c.action === 'create') {
        const row = await trx
          .insertInto('slices')
          .values({
            ...values,
            uuid: c.uuid,
            params: null,
            query_context: null,
            created_on: now,
            created_by_fk: userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      } else {
        id = c.id!;
        await trx.updateTable('slices').set(values).where('id', '=', id).execute();
      }
      // The params name the chart's own id: written once it is known.
      await trx
        .updateTable('slices')
        .set({
          params: JSON.stringify(rewriteChartParams(migrated.params, datasetId, id)),
          query_context: rewriteQueryContext(c.config.query_context, datasetId, id),
        })
        .where('id', '=', id)
        .execute();
      await addOwnerRow(trx, 'slice_user', id, userId);
      chartIds.set(c.uuid, id);
    }

    for (const d of plan.dashboards) {
      const position = d.config.position ?? null;
      const positionJson =
        position === null ? null : JSON.stringify(remapPosition(position, chartIds));
      const metadata = d.config.metadata ?? null;
      const metadataJson =
        metadata === null
          ? null
          : JSON.stringify(
              remapDashboardMetadata(metadata, oldToNewChartIds(position, chartIds), datasetIds),
            );
      const values = {
        dashboard_title: savedTitle(d.config.dashboard_title),
        slug: d.config.slug || null,
        position_json: positionJson,
        json_metadata: metadataJson,
        css: storedCss(text(d.config.css)),
        description: text(d.config.description),
        published: bool(d.config.published, false),
        certified_by: text(d.config.certified_by),
        certification_details: text(d.config.certification_details),
        is_managed_externally: bool(d.config.is_managed_externally, false),
        external_url: text(d.config.external_url),
        changed_on: now,
        changed_by_fk: userId,
      };
      let id: number;
      if (d.action === 'create') {
        const row = await trx
          .insertInto('dashboards')
          .values({ ...values, uuid: d.uuid, created_on: now, created_by_fk: userId })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      } else {
        id = d.id!;
        await trx.updateTable('dashboards').set(values).where('id', '=', id).execute();
      }
      await addOwnerRow(trx, 'dashboard_user', id, userId);
      await syncCharts(trx, id, positionJson);
    }
  });
  return changedDatabases;
}

/** Imports a bundle through one endpoint: 422 (Superset's shape) with every problem, or done. */
export async function importBundle(
  ctx: RequestContext,
  services: ImportServices,
  kind: ImportKind,
  contents: BundleContents,
  options: ImportOptions,
): Promise<void> {
  const { plan, problems } = await makePlan(ctx, services, kind, contents, options);
  if (problems.size) throw commandInvalid(importErrorMessage(kind), problems.byFile);
  const changed = await applyPlan(ctx, services, plan);
  for (const id of changed) services.connections.close(id);
}
