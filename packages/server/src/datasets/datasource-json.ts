import { TIME_GRAIN_NAMES, TIME_GRAINS } from '@strata/core';
import { NO_ENGINE_INFORMATION, type EngineSpec } from '../engines/types.js';
import { toBool } from '../metadata/db.js';
import { backendOf } from '../databases/uri.js';
import { buildSelectStar } from '../databases/select-star.js';
import { parseJsonObject } from '../api/json.js';
import {
  certificationFields,
  columnApiObject,
  currencyJson,
  healthCheckMessage,
  metricApiObject,
  type DatasetRecord,
} from './repository.js';

/**
 * The datasource as Explore and the legacy endpoints read it (Superset's `data` of a table):
 * uid `{id}__table`, columns and metrics, verbose map, time columns and the engine's grains.
 */
export function datasourceJson(rec: DatasetRecord, spec: EngineSpec | null) {
  const r = rec.row;
  // Explore's columns and metrics carry their certification and warning (Superset's `data`).
  const columns = rec.columns.map((c) => ({
    ...columnApiObject(c),
    ...certificationFields(c.extra),
  }));
  const metrics = rec.metrics.map((m) => ({
    ...metricApiObject(m),
    ...certificationFields(m.extra),
  }));
  const dbExtra = parseJsonObject(r.database_extra ?? null);
  const temporal = columns.filter((c) => c.is_dttm).map((c) => c.column_name);
  const grains = spec ? TIME_GRAINS.filter((g) => spec.timeGrainExpression(g, 'x') !== null) : [];
  const verbose: Record<string, string> = { __timestamp: 'Time' };
  for (const c of columns) verbose[c.column_name] = c.verbose_name || c.column_name;
  for (const m of rec.metrics) verbose[m.metric_name] = m.verbose_name || m.metric_name;
  return {
    id: r.id,
    uid: `${r.id}__table`,
    uuid: r.uuid,
    type: 'table',
    datasource_name: r.table_name,
    table_name: r.table_name,
    name: r.schema ? `${r.schema}.${r.table_name}` : r.table_name,
    schema: r.schema,
    catalog: r.catalog,
    sql: r.sql,
    description: r.description,
    database: {
      id: r.database_id,
      database_name: r.database_name,
      backend: backendOf(r.sqlalchemy_uri),
      name: r.database_name,
      // Superset's Database properties read from its extra (DashboardDatasetSchema's database).
      allow_multi_catalog: dbExtra.allow_multi_catalog === true,
      disable_data_preview: dbExtra.disable_data_preview === true,
      disable_drill_to_detail: dbExtra.disable_drill_to_detail === true,
      allows_virtual_table_explore: dbExtra.allows_virtual_table_explore !== false,
      // What the filter editor offers (REGEX, LATEST PARTITION) follows the engine.
      engine_information: spec?.describe().engine_information ?? NO_ENGINE_INFORMATION,
      explore_database_id:
        typeof dbExtra.explore_database_id === 'number'
          ? dbExtra.explore_database_id
          : r.database_id,
    },
    main_dttm_col: r.main_dttm_col,
    offset: r.offset,
    cache_timeout: r.cache_timeout,
    default_endpoint: r.default_endpoint,
    filter_select: toBool(r.filter_select_enabled),
    filter_select_enabled: toBool(r.filter_select_enabled),
    fetch_values_predicate: r.fetch_values_predicate,
    is_sqllab_view: toBool(r.is_sqllab_view),
    template_params: r.template_params,
    extra: r.extra,
    is_managed_externally: toBool(r.is_managed_externally),
    owners: rec.owners.map((o) => o.id),
    columns,
    metrics,
    column_formats: Object.fromEntries(
      rec.metrics.filter((m) => m.d3format).map((m) => [m.metric_name, m.d3format]),
    ),
    currency_formats: Object.fromEntries(
      rec.metrics.flatMap((m) => {
        const currency = currencyJson(m.currency);
        return currency ? [[m.metric_name, currency]] : [];
      }),
    ),
    verbose_map: verbose,
    granularity_sqla: temporal.map((c) => [c, c]),
    time_grain_sqla: grains.map((g) => [g, TIME_GRAIN_NAMES[g]]),
    order_by_choices: columns.flatMap((c) => [
      [JSON.stringify([c.column_name, true]), `${c.column_name} [asc]`],
      [JSON.stringify([c.column_name, false]), `${c.column_name} [desc]`],
    ]),
    select_star:
      spec && !r.sql
        ? buildSelectStar(
            spec,
            r.schema,
            r.table_name,
            columns.filter((c) => !c.expression).map((c) => c.column_name),
          )
        : null,
    edit_url: `/tablemodelview/edit/${r.id}`,
    url: `/tablemodelview/edit/${r.id}`,
    explore_url: `/explore/?datasource_type=table&datasource_id=${r.id}`,
    health_check_message: healthCheckMessage(rec),
  };
}
