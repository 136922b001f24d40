import {
  DISPLAY_MAX_ROW,
  type QueryDto,
  type ScheduledQueriesConf,
  type TabStateDto,
} from '@strata/core';
import type { FastifyInstance } from 'fastify';
import { parseJsonObject } from '../api/json.js';
import type { ResourceServices } from '../api/resource.js';
import type { Config } from '../config/config.js';
import { backendOf } from '../databases/uri.js';
import type { EngineRegistry } from '../engines/registry.js';
import { NO_ENGINE_INFORMATION, type EngineInformation } from '../engines/types.js';
import { toBool } from '../metadata/db.js';
import type { DatabaseTable } from '../metadata/schema.js';
import type { Selectable } from 'kysely';
import { loadTabStateDto, mayUseDatabase, tabQueries } from './repository.js';
import type { Principal } from '../security/principal.js';

/** What SQL Lab reads from the server's configuration (the `common.conf` of the bootstrap). */
export interface SqlLabConf {
  DEFAULT_SQLLAB_LIMIT: number;
  SQL_MAX_ROW: number;
  DISPLAY_MAX_ROW: number;
  SQLLAB_BACKEND_PERSISTENCE: boolean;
  ENABLE_TEMPLATE_PROCESSING: boolean;
  SQLLAB_CTAS_NO_LIMIT: boolean;
  SQLLAB_SAVE_WARNING_MESSAGE: string | null;
  SQLLAB_SCHEDULE_WARNING_MESSAGE: string | null;
  /** The schedule form (STRATA_SCHEDULED_QUERIES); absent when scheduling is not configured. */
  SCHEDULED_QUERIES?: ScheduledQueriesConf;
}

/** SQL Lab's configuration numbers and switches, all from one place. */
export function sqlLabConf(
  config: Pick<Config, 'sqlMaxRow' | 'defaultSqllabLimit' | 'featureFlags'> &
    Partial<Pick<Config, 'scheduledQueries'>>,
): SqlLabConf {
  return {
    DEFAULT_SQLLAB_LIMIT: config.defaultSqllabLimit,
    SQL_MAX_ROW: config.sqlMaxRow,
    DISPLAY_MAX_ROW: Math.min(DISPLAY_MAX_ROW, config.sqlMaxRow),
    SQLLAB_BACKEND_PERSISTENCE: config.featureFlags.SQLLAB_BACKEND_PERSISTENCE === true,
    ENABLE_TEMPLATE_PROCESSING: config.featureFlags.ENABLE_TEMPLATE_PROCESSING === true,
    SQLLAB_CTAS_NO_LIMIT: false,
    SQLLAB_SAVE_WARNING_MESSAGE: null,
    SQLLAB_SCHEDULE_WARNING_MESSAGE: null,
    ...(config.scheduledQueries ? { SCHEDULED_QUERIES: config.scheduledQueries } : {}),
  };
}

/** A database as SQL Lab's bootstrap lists it (Superset's DATABASE_KEYS). */
export interface SqlLabDatabase {
  id: number;
  database_name: string;
  backend: string;
  allow_run_async: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_dml: boolean;
  allow_file_upload: boolean;
  allow_multi_catalog: boolean;
  allows_cost_estimate: boolean;
  allows_subquery: boolean;
  allows_virtual_table_explore: boolean;
  disable_data_preview: boolean;
  disable_drill_to_detail: boolean;
  expose_in_sqllab: boolean;
  force_ctas_schema: string | null;
  engine_information: EngineInformation;
}

export function sqlLabDatabase(
  row: Pick<
    Selectable<DatabaseTable>,
    | 'id'
    | 'database_name'
    | 'sqlalchemy_uri'
    | 'allow_run_async'
    | 'allow_ctas'
    | 'allow_cvas'
    | 'allow_dml'
    | 'allow_file_upload'
    | 'expose_in_sqllab'
    | 'extra'
  >,
  engines: EngineRegistry | null,
): SqlLabDatabase {
  const extra = parseJsonObject(row.extra);
  const backend = backendOf(row.sqlalchemy_uri);
  const info = engines?.byEngine(backend)?.describe().engine_information;
  return {
    id: row.id,
    database_name: row.database_name,
    backend,
    allow_run_async: toBool(row.allow_run_async),
    allow_ctas: toBool(row.allow_ctas),
    allow_cvas: toBool(row.allow_cvas),
    allow_dml: toBool(row.allow_dml),
    allow_file_upload: toBool(row.allow_file_upload),
    allow_multi_catalog: extra.allow_multi_catalog === true,
    allows_cost_estimate: extra.cost_estimate_enabled === true,
    allows_subquery: true,
    allows_virtual_table_explore: extra.allows_virtual_table_explore !== false,
    disable_data_preview: extra.disable_data_preview === true,
    disable_drill_to_detail: extra.disable_drill_to_detail === true,
    expose_in_sqllab: toBool(row.expose_in_sqllab),
    force_ctas_schema: typeof extra.force_ctas_schema === 'string' ? extra.force_ctas_schema : null,
    engine_information: info ?? NO_ENGINE_INFORMATION,
  };
}

/** The answer of `GET /api/v1/sqllab/`. */
export interface SqlLabBootstrap {
  result: {
    active_tab: TabStateDto | null;
    tab_state_ids: Array<[number, string]>;
    databases: Record<string, SqlLabDatabase>;
    queries: Record<string, QueryDto>;
    common: { conf: SqlLabConf };
  };
}

/** The databases the principal may use in SQL Lab, by id. */
async function sqlLabDatabases(
  services: ResourceServices,
  principal: Principal,
  engines: EngineRegistry | null,
): Promise<Record<string, SqlLabDatabase>> {
  const rows = await services.db
    .selectFrom('dbs')
    .select([
      'id',
      'database_name',
      'sqlalchemy_uri',
      'allow_run_async',
      'allow_ctas',
      'allow_cvas',
      'allow_dml',
      'allow_file_upload',
      'expose_in_sqllab',
      'extra',
    ])
    .where('expose_in_sqllab', '=', true)
    .orderBy('database_name')
    .execute();
  const out: Record<string, SqlLabDatabase> = {};
  for (const row of rows) {
    if (mayUseDatabase(principal, row)) out[String(row.id)] = sqlLabDatabase(row, engines);
  }
  return out;
}

/**
 * `GET /api/v1/sqllab/`: what SQL Lab needs to open (Superset's SqlLabRestApi.get): the caller's
 * tabs and active tab, the databases they may query, their tabs' latest queries, the settings.
 */
export function registerSqlLabBootstrap(
  app: FastifyInstance,
  services: ResourceServices,
  config: Pick<Config, 'sqlMaxRow' | 'defaultSqllabLimit' | 'featureFlags'> &
    Partial<Pick<Config, 'scheduledQueries'>>,
  engines: EngineRegistry | null = null,
): void {
  const conf = sqlLabConf(config);
  app.get(
    '/api/v1/sqllab/',
    {
      config: { access: { perm: 'can_read', view: 'SQLLab' } },
      schema: { tags: ['sqllab'], summary: 'What SQL Lab needs to open' },
    },
    async (req): Promise<SqlLabBootstrap> => {
      const userId = req.principal.id;
      const databases = await sqlLabDatabases(services, req.principal, engines);
      let activeTab: TabStateDto | null = null;
      let tabIds: Array<[number, string]> = [];
      const queries: Record<string, QueryDto> = {};
      if (conf.SQLLAB_BACKEND_PERSISTENCE) {
        const tabs = await services.db
          .selectFrom('tab_state')
          .select(['id', 'label', 'active'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute();
        tabIds = tabs.map((t) => [t.id, t.label]);
        // The active tab, else the newest one.
        const active = tabs.find((t) => toBool(t.active)) ?? tabs[tabs.length - 1];
        if (active) {
          const row = await services.db
            .selectFrom('tab_state')
            .selectAll()
            .where('id', '=', active.id)
            .executeTakeFirst();
          if (row) activeTab = await loadTabStateDto(services.db, row);
        }
        const list = await tabQueries(
          services.db,
          userId,
          tabs.map((t) => t.id),
        );
        for (const q of list) queries[q.id] = q;
      }
      return {
        result: {
          active_tab: activeTab,
          tab_state_ids: tabIds,
          databases,
          queries,
          common: { conf },
        },
      };
    },
  );
}
