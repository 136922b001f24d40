/**
 * Superset's example dashboards installed with the examples (src/examples/dashboards.ts): the
 * five bundles of examples-dashboards/ imported at start as the admin, their charts answering
 * data queries built by the chart plugins as the web app builds them, nothing added by a second
 * start, a deleted one created again, and a broken bundle reported and skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chartRegistry } from '@strata/charts';
import type { QueryFormData } from '@strata/core';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type StrataApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { exampleDashboardsDir } from '../src/examples/dashboards.js';
import { EXAMPLES_FILE } from '../src/examples/install.js';
import { examplesDataDir, loadExamples } from '../src/examples/loader.js';
import { ApiClient } from './helpers/client.js';
import { metadataTargets, tempDir, type MetadataTarget } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD } from './helpers/server.js';

const targets = await metadataTargets();

/** The shipped bundles: file → dashboard uuid, title, published flag, charts on it. */
const BUNDLES = {
  'covid-vaccine-dashboard.zip': {
    uuid: 'f4065089-110a-41fa-8dd7-9ce98a65e250',
    title: 'COVID Vaccine Dashboard',
    published: true,
    charts: 7,
  },
  'featured-charts.zip': {
    uuid: '9992d759-90d7-4d2a-b34d-373a8aaa9889',
    title: 'Featured Charts',
    // Superset's file has it as a draft; it is imported as it is.
    published: false,
    charts: 24,
  },
  'sales-dashboard.zip': {
    uuid: '04f79081-fb49-7bac-7f14-cc76cd2ad93b',
    title: 'Sales Dashboard',
    published: true,
    charts: 10,
  },
  'usa-births-names.zip': {
    uuid: 'fb7d30bc-b160-4371-861c-235d19bf6e25',
    title: 'USA Births Names',
    published: true,
    charts: 11,
  },
  'video-game-sales.zip': {
    uuid: 'c7bc10f4-6a2d-7569-caae-bbc91864ee11',
    title: 'Video Game Sales',
    published: true,
    charts: 8,
  },
} as const;
const BUNDLE_FILES = Object.keys(BUNDLES).sort();

/** The examples' DuckDB file, loaded once and copied into every data dir. */
const examplesDir = tempDir('strata-example-dashboards-');
const examplesFile = path.join(examplesDir, EXAMPLES_FILE);
let examplesLoaded: Promise<unknown> | null = null;
const loadExamplesOnce = () => (examplesLoaded ??= loadExamples(examplesFile, examplesDataDir()));

const opened: StrataApp[] = [];
afterAll(async () => {
  while (opened.length) await opened.pop()!.close();
  fs.rmSync(examplesDir, { recursive: true, force: true });
});

async function start(
  store: { url: string; dataDir: string },
  options: { dir?: string; progress?: string[]; env?: Record<string, string> } = {},
): Promise<{ strata: StrataApp; client: ApiClient }> {
  const strata = await buildApp(
    loadConfig({
      STRATA_DATA_DIR: store.dataDir,
      STRATA_METADATA_URL: store.url,
      STRATA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      STRATA_LOG_LEVEL: 'warn',
      STRATA_WEB_DIST: '',
      ...options.env,
    }),
    {
      logger: false,
      exampleDashboardsDir: options.dir,
      onProgress: (m) => options.progress?.push(m),
    },
  );
  opened.push(strata);
  await strata.app.listen({ port: 0, host: '127.0.0.1' });
  const address = strata.app.server.address();
  const client = new ApiClient(
    `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  );
  await client.loginWithToken('admin', ADMIN_PASSWORD);
  return { strata, client };
}

async function stop(strata: StrataApp): Promise<void> {
  opened.splice(opened.indexOf(strata), 1);
  await strata.close();
}

/** A fresh store whose data dir already holds the loaded examples. */
async function freshStore(target: MetadataTarget) {
  await loadExamplesOnce();
  const store = await target.create();
  fs.copyFileSync(examplesFile, path.join(store.dataDir, EXAMPLES_FILE));
  return store;
}

async function counts(strata: StrataApp) {
  const db = strata.store.db;
  const n = async (table: 'dashboards' | 'slices' | 'tables' | 'dashboard_slices') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    dashboards: await n('dashboards'),
    charts: await n('slices'),
    datasets: await n('tables'),
    links: await n('dashboard_slices'),
  };
}

describe('the example dashboards', () => {
  it('defaults to on, beside STRATA_LOAD_EXAMPLES', () => {
    expect(loadConfig({}).loadExampleDashboards).toBe(true);
    expect(loadConfig({ STRATA_LOAD_EXAMPLE_DASHBOARDS: 'false' }).loadExampleDashboards).toBe(
      false,
    );
    expect(() => loadConfig({ STRATA_LOAD_EXAMPLE_DASHBOARDS: 'maybe' })).toThrow(
      'STRATA_LOAD_EXAMPLE_DASHBOARDS must be true or false',
    );
  });

  it('ships the five bundles beside examples-data', () => {
    const dir = exampleDashboardsDir();
    expect(
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.zip'))
        .sort(),
    ).toEqual(BUNDLE_FILES);
    expect(fs.existsSync(path.join(dir, 'NOTICE'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'README.md'))).toBe(true);
  });
});

describe.each(targets.map((t) => [t.name, t] as const))(
  'the example dashboards on %s',
  (_name, target) => {
    let store: Awaited<ReturnType<MetadataTarget['create']>>;
    let strata: StrataApp;
    let client: ApiClient;
    let adminId: number;
    let before: Awaited<ReturnType<typeof counts>>;

    afterAll(async () => {
      if (strata && opened.includes(strata)) await stop(strata);
      await store?.drop();
    });

    it('are installed on first start: published as in Superset, owned by the admin', async () => {
      store = await freshStore(target);
      const progress: string[] = [];
      ({ strata, client } = await start(store, { progress }));
      expect(strata.exampleDashboards).toMatchObject({
        installed: BUNDLE_FILES,
        present: [],
        failed: [],
      });
      expect(progress.some((m) => m.startsWith('example dashboards: 5 installed'))).toBe(true);
      const db = strata.store.db;
      adminId = (
        await db
          .selectFrom('ab_user')
          .select('id')
          .where('username', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).id;
      for (const [file, expected] of Object.entries(BUNDLES)) {
        const row = await db
          .selectFrom('dashboards')
          .selectAll()
          .where('uuid', '=', expected.uuid)
          .executeTakeFirst();
        expect(row, file).toBeDefined();
        const res = await client.get<{ result: Record<string, unknown> }>(
          `/api/v1/dashboard/${row!.id}`,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.result).toMatchObject({
          dashboard_title: expected.title,
          published: expected.published,
          owners: [expect.objectContaining({ id: adminId })],
        });
        expect((res.body.result.owners as unknown[]).length).toBe(1);
        const charts = await client.get<{ result: Array<{ id: number }> }>(
          `/api/v1/dashboard/${row!.id}/charts`,
        );
        expect(charts.status).toBe(200);
        expect(charts.body.result, file).toHaveLength(expected.charts);
        const chartOwners = await db
          .selectFrom('slice_user')
          .select(['slice_id', 'user_id'])
          .where(
            'slice_id',
            'in',
            charts.body.result.map((c) => c.id),
          )
          .execute();
        expect(chartOwners, file).toHaveLength(expected.charts);
        for (const o of chartOwners) expect(o.user_id).toBe(adminId);
      }
      const list = await client.get<{ count: number; result: Array<{ dashboard_title: string }> }>(
        '/api/v1/dashboard/',
        { page_size: 100 },
      );
      expect(list.status).toBe(200);
      expect(list.body.result.map((d) => d.dashboard_title).sort()).toEqual(
        Object.values(BUNDLES)
          .map((b) => b.title)
          .sort(),
      );
      // 60 charts; the examples' own datasets reused, one virtual dataset (featured charts) added.
      before = await counts(strata);
      expect(before).toMatchObject({ dashboards: 5, charts: 60, links: 60 });
      const virtual = await db
        .selectFrom('tables')
        .select(['table_name', 'sql'])
        .where('sql', 'is not', null)
        .execute();
      expect(virtual.map((v) => v.table_name)).toEqual(['hierarchical_dataset']);
    }, 120_000);

    it('stores the older charts with their form data migrated as Superset does', async () => {
      const paramsOf = async (name: string) => {
        const row = await strata.store.db
          .selectFrom('slices')
          .select(['viz_type', 'params'])
          .where('slice_name', '=', name)
          .executeTakeFirstOrThrow();
        return {
          vizType: row.viz_type,
          params: JSON.parse(row.params!) as Record<string, unknown>,
        };
      };
      const games = await paramsOf('Top 10 Games: Proportion of Sales in Markets');
      expect(games.vizType).toBe('echarts_timeseries_bar');
      expect(games.params).toMatchObject({
        x_axis: 'name',
        groupby: [],
        stack: 'Stack',
        contributionMode: 'row',
      });
      expect(games.params).not.toHaveProperty('bar_stacked');
      const share = await paramsOf('Top 10 Girl Name Share');
      expect(share.params).toMatchObject({ x_axis: 'ds', stack: 'Expand' });
      // A chart already in Superset 4's shape is left as it was.
      const area = await paramsOf('Area');
      expect(area.params).not.toHaveProperty('contributionMode');
    });

    it("answers every chart's data query, built by its chart plugin", async () => {
      const rows = await strata.store.db
        .selectFrom('slices')
        .select(['id', 'slice_name', 'viz_type', 'params', 'datasource_id'])
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(60);
      const failures: string[] = [];
      for (const row of rows) {
        const plugin = chartRegistry.get(row.viz_type!);
        expect(plugin, `${row.slice_name}: no plugin for ${row.viz_type}`).toBeDefined();
        const params = JSON.parse(row.params!) as Record<string, unknown>;
        const formData = {
          ...params,
          viz_type: row.viz_type,
          slice_id: row.id,
          datasource: `${row.datasource_id}__table`,
        } as unknown as QueryFormData;
        const res = await client.post('/api/v1/chart/data', plugin!.buildQuery(formData));
        if (res.status !== 200)
          failures.push(`${row.slice_name} (${row.viz_type}): ${JSON.stringify(res.body)}`);
      }
      expect(failures).toEqual([]);
    }, 120_000);

    it('adds nothing on a second start', async () => {
      await stop(strata);
      ({ strata, client } = await start(store));
      expect(strata.exampleDashboards).toMatchObject({
        installed: [],
        present: BUNDLE_FILES,
        failed: [],
      });
      expect(await counts(strata)).toEqual(before);
    }, 120_000);

    it('creates a deleted example dashboard again on the next start, reusing its charts', async () => {
      const sales = await strata.store.db
        .selectFrom('dashboards')
        .select('id')
        .where('uuid', '=', BUNDLES['sales-dashboard.zip'].uuid)
        .executeTakeFirstOrThrow();
      const del = await client.delete(`/api/v1/dashboard/${sales.id}`);
      expect(del.status, JSON.stringify(del.body)).toBe(200);
      await stop(strata);
      ({ strata, client } = await start(store));
      expect(strata.exampleDashboards).toMatchObject({
        installed: ['sales-dashboard.zip'],
        failed: [],
      });
      expect(await counts(strata)).toEqual(before);
    }, 120_000);

    it('is off with STRATA_LOAD_EXAMPLE_DASHBOARDS=false', async () => {
      const other = await freshStore(target);
      try {
        const off = await start(other, { env: { STRATA_LOAD_EXAMPLE_DASHBOARDS: 'false' } });
        expect(off.strata.exampleDashboards).toBeNull();
        expect((await counts(off.strata)).dashboards).toBe(0);
        await stop(off.strata);
      } finally {
        await other.drop();
      }
    }, 120_000);

    it('reports a broken bundle and skips it; the others install and the server starts', async () => {
      const dir = tempDir('strata-example-bundles-');
      const other = await freshStore(target);
      try {
        // Not a ZIP at all.
        fs.writeFileSync(path.join(dir, 'a-not-a-zip.zip'), 'this is not a zip');
        // A ZIP whose dashboard names a chart that is neither in it nor here.
        const zip = new JSZip();
        zip.file(
          'export/metadata.yaml',
          "version: 1.0.0\ntype: Dashboard\ntimestamp: '2024-01-01T00:00:00+00:00'\n",
        );
        zip.file(
          'export/dashboards/Broken.yaml',
          [
            'dashboard_title: Broken',
            'uuid: 11111111-2222-3333-4444-555555555555',
            'version: 1.0.0',
            'position:',
            '  CHART-x:',
            '    type: CHART',
            '    id: CHART-x',
            '    children: []',
            '    meta: {chartId: 1, uuid: 66666666-7777-8888-9999-000000000000, width: 4, height: 50}',
            '',
          ].join('\n'),
        );
        fs.writeFileSync(
          path.join(dir, 'b-missing-chart.zip'),
          await zip.generateAsync({ type: 'uint8array' }),
        );
        fs.copyFileSync(
          path.join(exampleDashboardsDir(), 'video-game-sales.zip'),
          path.join(dir, 'c-video-game-sales.zip'),
        );
        const progress: string[] = [];
        const { strata: s, client: c } = await start(other, { dir, progress });
        const report = s.exampleDashboards!;
        expect(report.installed).toEqual(['c-video-game-sales.zip']);
        expect(report.failed.map((f) => f.bundle)).toEqual([
          'a-not-a-zip.zip',
          'b-missing-chart.zip',
        ]);
        expect(report.failed[0]!.message).toBe('Not a ZIP file');
        expect(report.failed[1]!.message).toContain('Error importing dashboard');
        expect(report.failed[1]!.message).toContain('66666666-7777-8888-9999-000000000000');
        expect(
          progress.filter((m) => m.includes('not installed')).map((m) => m.split(':')[1]),
        ).toEqual([' a-not-a-zip.zip not installed', ' b-missing-chart.zip not installed']);
        const list = await c.get<{ result: Array<{ dashboard_title: string }> }>(
          '/api/v1/dashboard/',
        );
        expect(list.body.result.map((d) => d.dashboard_title)).toEqual(['Video Game Sales']);
        await stop(s);
      } finally {
        await other.drop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  },
);
