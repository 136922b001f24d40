import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import JSZip from 'jszip';
import {
  ADMIN_PASSWORD,
  REPO,
  collectPageErrors,
  csrfTokenOf,
  launchBrowser,
  loginAs,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

/** Superset's "Sales Dashboard" example, as Superset exports it (the server tests' fixture). */
const BUNDLE = path.join(REPO, 'packages/server/test/fixtures/bundles/sales-dashboard.zip');

describe('Import and export of Superset bundles from the lists, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({
      viewport: { width: 1440, height: 1000 },
      acceptDownloads: true,
    });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
  });

  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-e2e-bundles-'));

  after(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(downloads, { recursive: true, force: true });
  });

  /** The entries of a ZIP file, without their root folder, and the root. */
  const unzip = async (file: string) => {
    const zip = await JSZip.loadAsync(fs.readFileSync(file));
    const names = Object.keys(zip.files);
    const root = names[0]!.split('/')[0]!;
    const texts = new Map<string, string>();
    for (const name of names)
      texts.set(name.slice(root.length + 1), await zip.file(name)!.async('string'));
    return { root, texts };
  };

  const importBundle = async () => {
    await page.locator('[data-test="import-dashboard"]').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Import dashboard' });
    await dialog.waitFor();
    await dialog.locator('input[type="file"]').setInputFiles(BUNDLE);
    await dialog.locator('[data-test="import-submit"]').click();
    return dialog;
  };

  it("imports Superset's Sales Dashboard bundle from the dashboard list", async () => {
    await page.goto(`${server.baseUrl}/dashboard/list/`);
    await importBundle();
    await page.getByText('Dashboard imported').waitFor();
    await page.getByText('Sales Dashboard').first().waitFor();
    await snap(page, 'imports-01-list');
  });

  it('opens the imported dashboard with every chart drawn on the examples', async () => {
    await page.getByText('Sales Dashboard').first().click();
    await page.waitForURL(/\/superset\/dashboard\/(\d+|[\w-]+)\//);
    await page.locator('[data-test="dashboard-chart"]').first().waitFor();
    // The first tab's charts: each drawn (no error panel, no "not supported").
    const charts = page.locator('[data-test="dashboard-chart"]');
    const deadline = Date.now() + 30_000;
    for (;;) {
      const states = await charts.evaluateAll((els) =>
        els.map((el) =>
          el.querySelector('.ant-alert-error')
            ? 'error'
            : el.querySelector('canvas, [data-test="table-chart"], [data-test="big-number"], svg')
              ? 'drawn'
              : 'waiting',
        ),
      );
      assert.ok(!states.includes('error'), `a chart failed: ${states.join(', ')}`);
      if (states.length > 0 && states.every((s) => s === 'drawn')) break;
      assert.ok(Date.now() < deadline, `charts not drawn: ${states.join(', ')}`);
      await page.waitForTimeout(200);
    }
    // Its native filters came along (remapped onto the examples' dataset).
    await page.locator('[data-test="filter-bar__filter"]').first().waitFor();
    // ...and act on the imported charts (their saved chart ids were the other instance's).
    assert.equal(await page.locator('[data-test="filter-bar__out-of-scope"]').count(), 0);
    await page.waitForTimeout(800);
    await snap(page, 'imports-02-sales-dashboard');
  });

  it('asks to confirm an overwrite when the same bundle is imported again', async () => {
    await page.goto(`${server.baseUrl}/dashboard/list/`);
    const dialog = await importBundle();
    const confirm = dialog.locator('[data-test="overwrite-modal-input"]');
    await confirm.waitFor();
    await confirm.fill('OVERWRITE');
    await dialog.getByRole('button', { name: 'Overwrite' }).click();
    await page.getByText('Dashboard imported').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('exports the dashboard as a bundle holding the dashboard, its charts and dataset', async () => {
    // The card's Export action (cards are the list's first view).
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).first().click();
    const download = await downloaded;
    assert.match(download.suggestedFilename(), /^dashboard_export_\d{8}T\d{6}\.zip$/);
    const file = await download.path();
    const zip = await JSZip.loadAsync(fs.readFileSync(file));
    const names = Object.keys(zip.files);
    assert.ok(names.some((n) => n.endsWith('/metadata.yaml')));
    assert.ok(names.some((n) => /\/dashboards\/Sales_Dashboard_\d+\.yaml$/.test(n)));
    assert.equal(names.filter((n) => n.includes('/charts/')).length, 10);
    assert.ok(names.some((n) => n.includes('/datasets/examples/cleaned_sales_data')));
  });

  it('exports the bulk selection of the table view as one bundle', async () => {
    await page.goto(`${server.baseUrl}/dashboard/list/?viewMode=table`);
    await page.getByRole('button', { name: 'Bulk select' }).click();
    await page
      .locator('tr', { hasText: 'Sales Dashboard' })
      .locator('input[type="checkbox"]')
      .check();
    const downloaded = page.waitForEvent('download');
    await page.locator('[data-test="bulk-export"]').click();
    const zip = await JSZip.loadAsync(fs.readFileSync(await (await downloaded).path()));
    assert.ok(
      Object.keys(zip.files).some((n) => /\/dashboards\/Sales_Dashboard_\d+\.yaml$/.test(n)),
    );
  });

  describe('saved queries', () => {
    const label = 'Busiest airports (e2e)';
    const file = 'queries/examples/main/Busiest_airports_e2e.yaml';
    let uuid = '';
    let bundlePath = '';

    const row = () => page.locator('tr', { hasText: label });

    it('exports a saved query from its row in the Saved queries list', async () => {
      const dbs = await page.request.get(
        `${server.baseUrl}/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:examples)))`,
      );
      const examplesId = ((await dbs.json()) as { result: Array<{ id: number }> }).result[0]!.id;
      const created = await page.request.post(`${server.baseUrl}/api/v1/saved_query/`, {
        headers: { 'X-CSRFToken': await csrfTokenOf(page, server.baseUrl) },
        data: {
          label,
          description: 'Departures per origin airport',
          db_id: examplesId,
          schema: 'main',
          sql: 'SELECT "ORIGIN_AIRPORT", count(*) AS departures\nFROM flights\nGROUP BY 1\nORDER BY 2 DESC',
        },
      });
      assert.equal(created.status(), 201, await created.text());
      const id = ((await created.json()) as { id: number }).id;
      const got = await page.request.get(`${server.baseUrl}/api/v1/saved_query/${id}`);
      uuid = ((await got.json()) as { result: { uuid: string } }).result.uuid;

      await page.goto(`${server.baseUrl}/savedqueryview/list/`);
      await row().waitFor();
      await page.locator('[data-test="import-saved_query"]').waitFor();
      await snap(page, 'imports-03-saved-queries');
      const downloaded = page.waitForEvent('download');
      await row().getByRole('button', { name: 'Export' }).click();
      const download = await downloaded;
      assert.match(download.suggestedFilename(), /^saved_query_export_\d{8}T\d{6}\.zip$/);
      bundlePath = path.join(downloads, download.suggestedFilename());
      await download.saveAs(bundlePath);
      const { root, texts } = await unzip(bundlePath);
      assert.match(root, /^saved_query_export_\d{8}T\d{6}$/);
      assert.deepEqual([...texts.keys()], ['metadata.yaml', file, 'databases/examples.yaml']);
      assert.match(texts.get('metadata.yaml')!, /^version: 1\.0\.0\ntype: SavedQuery\n/);
      const query = texts.get(file)!;
      assert.match(query, /^schema: main\nlabel: Busiest airports \(e2e\)\n/);
      assert.ok(query.includes(`uuid: ${uuid}\n`));
      assert.match(query, /\ndatabase_uuid: [0-9a-f-]{36}\n$/);
    });

    it('imports the bundle back after the query is deleted', async () => {
      await row().getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Please confirm' });
      await confirm.getByRole('textbox').fill('DELETE');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await row().waitFor({ state: 'detached' });

      await page.locator('[data-test="import-saved_query"]').click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Import queries' });
      await dialog.waitFor();
      await dialog.locator('input[type="file"]').setInputFiles(bundlePath);
      await dialog.getByText(/^saved_query_export_\d{8}T\d{6}\.zip$/).waitFor();
      await page.waitForTimeout(400);
      await snap(page, 'imports-04-saved-query-import');
      await dialog.locator('[data-test="import-submit"]').click();
      await page.getByText('Query imported').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await row().waitFor();
      const list = await page.request.get(
        `${server.baseUrl}/api/v1/saved_query/?q=(filters:!((col:label,opr:eq,value:'${label}')))`,
      );
      const found = ((await list.json()) as { result: Array<{ id: number }> }).result;
      assert.equal(found.length, 1);
      const got = await page.request.get(`${server.baseUrl}/api/v1/saved_query/${found[0]!.id}`);
      assert.equal(((await got.json()) as { result: { uuid: string } }).result.uuid, uuid);
    });

    it('asks to confirm an overwrite, and exports the bulk selection', async () => {
      await page.locator('[data-test="import-saved_query"]').click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Import queries' });
      await dialog.locator('input[type="file"]').setInputFiles(bundlePath);
      await dialog.locator('[data-test="import-submit"]').click();
      const confirm = dialog.locator('[data-test="overwrite-modal-input"]');
      await confirm.waitFor();
      await dialog
        .getByText('You are importing one or more saved queries that already exist.', {
          exact: false,
        })
        .waitFor();
      await snap(page, 'imports-05-saved-query-overwrite');
      await confirm.fill('OVERWRITE');
      await dialog.getByRole('button', { name: 'Overwrite' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Bulk select' }).click();
      await row().locator('input[type="checkbox"]').check();
      const downloaded = page.waitForEvent('download');
      await page.locator('[data-test="bulk-export"]').click();
      const download = await downloaded;
      const saved = path.join(downloads, `bulk-${download.suggestedFilename()}`);
      await download.saveAs(saved);
      assert.deepEqual(
        [...(await unzip(saved)).texts.keys()],
        ['metadata.yaml', file, 'databases/examples.yaml'],
      );
    });
  });

  it('exports the bulk selection of the Databases list, the databases with their datasets', async () => {
    await page.goto(`${server.baseUrl}/databaseview/list/`);
    const examples = page.locator('tr', { hasText: 'examples' });
    await examples.waitFor();
    await page.getByRole('button', { name: 'Bulk select' }).click();
    await examples.locator('input[type="checkbox"]').check();
    await page.getByText('1 Selected').waitFor();
    // Databases are exported in bulk, not deleted in bulk.
    const bar = page.locator('div', { hasText: /^1 Selected/ }).last();
    assert.equal(await bar.getByRole('button', { name: 'Export' }).count(), 1);
    assert.equal(await bar.getByRole('button', { name: 'Delete' }).count(), 0);
    // Off the row, and past the checkbox's tick animation.
    await page.mouse.move(700, 800);
    await page.waitForTimeout(500);
    await snap(page, 'imports-06-databases-bulk');
    const downloaded = page.waitForEvent('download');
    await page.locator('[data-test="bulk-export"]').click();
    const download = await downloaded;
    assert.match(download.suggestedFilename(), /^database_export_\d{8}T\d{6}\.zip$/);
    const saved = path.join(downloads, download.suggestedFilename());
    await download.saveAs(saved);
    const names = [...(await unzip(saved)).texts.keys()];
    assert.equal(names[0], 'metadata.yaml');
    assert.equal(names[1], 'databases/examples.yaml');
    assert.ok(names.some((n) => n === 'datasets/examples/cleaned_sales_data.yaml'));
    assert.deepEqual(
      errors.filter((e) => !/status of 422/.test(e)),
      [],
    );
  });
});
