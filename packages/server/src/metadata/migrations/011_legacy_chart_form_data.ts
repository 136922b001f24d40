import { sql, type Kysely } from 'kysely';
import { migrateLegacyChart } from '@strata/core';
import type { DialectTypes, Migration } from './helpers.js';

/**
 * Charts saved before the importer applied Superset's form data migrations (issue 20 point 6):
 * the older NVD3 time-series charts of an existing install (Superset's example dashboards among
 * them) get the viz type and form data Superset 4/5 give them, as an import now does. Their
 * saved query context, built from the old form data, is dropped (the next save writes it again;
 * until then the chart's data is built from its form data). Charts with unreadable params are
 * left alone.
 */
export function rewrittenLegacyChart(
  vizType: string | null,
  paramsText: string | null,
): { vizType: string; params: string } | null {
  if (!vizType || !paramsText) return null;
  let params: unknown;
  try {
    params = JSON.parse(paramsText);
  } catch {
    return null;
  }
  if (!params || typeof params !== 'object' || Array.isArray(params)) return null;
  const migrated = migrateLegacyChart(vizType, params as Record<string, unknown>);
  if (migrated.params === params && migrated.vizType === vizType) return null;
  return { vizType: migrated.vizType, params: JSON.stringify(migrated.params) };
}

async function up(db: Kysely<unknown>, _t: DialectTypes): Promise<void> {
  const rows = await sql<{
    id: number;
    viz_type: string | null;
    params: string | null;
  }>`SELECT id, viz_type, params FROM slices`.execute(db);
  for (const row of rows.rows) {
    const next = rewrittenLegacyChart(row.viz_type, row.params);
    if (!next) continue;
    await sql`UPDATE slices SET viz_type = ${next.vizType}, params = ${next.params},
      query_context = NULL WHERE id = ${row.id}`.execute(db);
  }
}

export const migration011: Migration = { name: '011_legacy_chart_form_data', up };
