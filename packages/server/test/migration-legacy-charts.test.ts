/**
 * Migration 011: an existing install's older NVD3 time-series charts get Superset 4/5's viz
 * type and form data, as an import now gives them; other charts are left as they are.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMetadataStore, type MetadataStore } from '../src/metadata/db.js';
import { dialectTypes } from '../src/metadata/migrations/helpers.js';
import { MIGRATIONS, migrateToLatest } from '../src/metadata/migrations/index.js';
import { rewrittenLegacyChart } from '../src/metadata/migrations/011_legacy_chart_form_data.js';
import { metadataTargets } from './helpers/metadata-targets.js';

const targets = await metadataTargets();

describe('rewrittenLegacyChart', () => {
  it('rewrites a stacked NVD3 bar chart and leaves others and broken params alone', () => {
    const next = rewrittenLegacyChart(
      'dist_bar',
      JSON.stringify({ groupby: ['state'], metrics: ['sum__num'], bar_stacked: true }),
    );
    expect(next?.vizType).toBe('echarts_timeseries_bar');
    expect(JSON.parse(next!.params)).toMatchObject({ x_axis: 'state', stack: 'Stack' });
    expect(rewrittenLegacyChart('pie', JSON.stringify({ groupby: ['state'] }))).toBeNull();
    expect(rewrittenLegacyChart('dist_bar', '{not json')).toBeNull();
    expect(rewrittenLegacyChart('dist_bar', null)).toBeNull();
  });
});

describe.each(targets)('migration 011 on $name metadata', (target) => {
  let store: MetadataStore;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    store = openMetadataStore(created.url, target.name);
    await migrateToLatest(store.db as unknown as Kysely<unknown>, target.name);
  });
  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  const insert = async (vizType: string, params: Record<string, unknown>) =>
    (
      await store.db
        .insertInto('slices')
        .values({
          uuid: randomUUID(),
          slice_name: vizType,
          datasource_id: null,
          datasource_type: 'table',
          viz_type: vizType,
          params: JSON.stringify(params),
          query_context: '{"queries":[]}',
          description: null,
          cache_timeout: null,
          certified_by: null,
          certification_details: null,
          is_managed_externally: false,
          external_url: null,
          last_saved_at: null,
          last_saved_by_fk: null,
          created_on: null,
          changed_on: null,
          created_by_fk: null,
          changed_by_fk: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('rewrites the legacy charts of the store and drops their stale query context', async () => {
    const legacy = await insert('line', {
      granularity_sqla: 'ds',
      metrics: ['sum__num'],
      line_interpolation: 'step-before',
      time_range: 'Last year',
    });
    const pie = await insert('pie', { groupby: ['gender'], metric: 'sum__num' });
    const migration = MIGRATIONS.find((m) => m.name === '011_legacy_chart_form_data')!;
    await migration.up(store.db as unknown as Kysely<unknown>, dialectTypes(target.name));
    const rows = await store.db
      .selectFrom('slices')
      .select(['id', 'viz_type', 'params', 'query_context'])
      .where('id', 'in', [legacy, pie])
      .orderBy('id')
      .execute();
    expect(rows[0]!.viz_type).toBe('echarts_timeseries_step');
    expect(JSON.parse(rows[0]!.params!)).toMatchObject({ x_axis: 'ds', seriesType: 'start' });
    expect(rows[0]!.query_context).toBeNull();
    expect(rows[1]!.viz_type).toBe('pie');
    expect(rows[1]!.query_context).toBe('{"queries":[]}');
  });
});
