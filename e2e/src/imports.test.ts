import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import JSZip from 'jszip';
import {
  ADMIN_PASSWORD,
  REPO,
  collectPageErrors,
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

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

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
    assert.deepEqual(
      errors.filter((e) => !/status of 422/.test(e)),
      [],
    );
  });
});
