import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  launchBrowser,
  loginAs,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

/** Adds a saved metric through the metric popover of a metrics control. */
async function addSavedMetric(page: Page, controlLabel: string, metric: string): Promise<void> {
  await page.getByRole('button', { name: `Add ${controlLabel}` }).click();
  const editor = page.locator('[data-test="metric-editor"]');
  await editor.getByRole('tab', { name: 'Saved' }).click();
  await editor.getByRole('combobox', { name: 'Saved metric' }).click();
  await page.locator('.ant-select-item-option', { hasText: metric }).last().click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'hidden' });
}

describe('Explore: build a chart from a dataset, save it to a new dashboard, reopen it, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let datasetId: number;
  let sliceId: number;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    const found = (await (
      await page.request.get(
        `${server.baseUrl}/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:birth_names)))`,
      )
    ).json()) as { result: Array<{ id: number }> };
    datasetId = found.result[0]!.id;
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens a dataset with its columns and metrics and a table chart to fill', async () => {
    await page.goto(`${server.baseUrl}/explore/?datasource_id=${datasetId}&datasource_type=table`);
    const pane = page.locator('[data-test="datasource-panel"]');
    await pane.getByText('birth_names').waitFor();
    await pane.getByText('num_california').waitFor();
    await page.getByText('Metrics cannot be empty').first().waitFor();
    const scrolls = await page.evaluate(
      () => document.documentElement.scrollHeight > window.innerHeight + 1,
    );
    assert.equal(scrolls, false);
  });

  it('builds a table of a metric by a dimension', async () => {
    await page.getByRole('combobox', { name: 'Dimensions' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'gender' }).first().click();
    await page.keyboard.press('Escape');
    await addSavedMetric(page, 'Metrics', 'sum__num');
    await page.getByRole('button', { name: /Create chart/ }).click();
    const table = page.locator('[data-test="table-chart"]');
    await table.getByText('boy').waitFor();
    await table.getByText('girl').waitFor();
    await page.getByText('2 rows').waitFor();
    await snap(page, 'explore-01-table');
  });

  it('switches to Big Number through the gallery and runs it', async () => {
    await page.getByRole('button', { name: 'View all charts' }).click();
    const gallery = page.getByRole('dialog', { name: 'Select a visualization type' });
    await gallery.getByPlaceholder('Search all charts').fill('big number');
    await gallery.locator('[data-test="viztype-big_number_total"]').dblclick();
    await gallery.waitFor({ state: 'hidden' });
    // The table's metric is carried over to the Big Number's single metric.
    await page.locator('[data-test="control-metric"]').getByText('sum__num').waitFor();
    // Removing it shows why the chart cannot run.
    await page.locator('[data-test="control-metric"] .ant-tag-close-icon').click();
    await page
      .locator('[data-test="control-errors"]')
      .getByText('Metric cannot be empty')
      .waitFor();
    await addSavedMetric(page, 'Metric', 'sum__num');
    await page.getByRole('button', { name: /Update chart/ }).click();
    await page.locator('[data-test="big-number"]').getByText('80.7M').waitFor();
    await snap(page, 'explore-02-big-number');
  });

  it('saves the chart to a new dashboard with the spec’s messages', async () => {
    await page.locator('[data-test="save-chart"]').click();
    const dialog = page.getByRole('dialog', { name: 'Save chart' });
    await dialog.getByRole('textbox', { name: 'Chart name' }).fill('Births total');
    await dialog.getByRole('combobox', { name: 'Add to dashboard' }).click();
    await page.keyboard.type('Births board');
    await page.locator('.ant-select-item-option', { hasText: 'Create "Births board"' }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Chart [Births total] has been saved').waitFor();
    await page
      .getByText(
        'Dashboard [Births board] just got created and chart [Births total] was added to it',
      )
      .waitFor();
    await page.waitForURL(/slice_id=\d+/);
    sliceId = Number(new URL(page.url()).searchParams.get('slice_id'));
    assert.ok(sliceId > 0);
    await page.locator('[data-test="chart-title"]').getByText('Births total').waitFor();
    const chart = (await (
      await page.request.get(`${server.baseUrl}/api/v1/chart/${sliceId}`)
    ).json()) as {
      result: {
        viz_type: string;
        dashboards: Array<{ dashboard_title: string }>;
        query_context: string;
      };
    };
    assert.equal(chart.result.viz_type, 'big_number_total');
    assert.deepEqual(
      chart.result.dashboards.map((d) => d.dashboard_title),
      ['Births board'],
    );
    assert.ok(JSON.parse(chart.result.query_context).queries.length === 1);
  });

  it('reopens the saved chart as it was', async () => {
    await page.goto(`${server.baseUrl}/explore/?slice_id=${sliceId}`);
    await page.locator('[data-test="chart-title"]').getByText('Births total').waitFor();
    await page.locator('[data-test="big-number"]').getByText('80.7M').waitFor();
    await snap(page, 'explore-03-reopened');
    assert.deepEqual(errors, []);
  });

  it('edits the chart properties and stars the chart', async () => {
    await page.locator('[data-test="chart-actions"]').click();
    await page.getByRole('menuitem', { name: 'Edit chart properties' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Chart Properties' });
    await dialog.getByRole('textbox', { name: 'Description' }).fill('All births');
    // Both waits start before the click: the toast stays 3 s, and the answer tells why if the
    // save went wrong.
    const toast = page.getByText('Chart properties updated').waitFor();
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/v1/chart/${sliceId}`),
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const answer = await saved;
    assert.equal(answer.status(), 200, await answer.text());
    await toast;
    await dialog.waitFor({ state: 'hidden' });
    const chart = (await (
      await page.request.get(`${server.baseUrl}/api/v1/chart/${sliceId}`)
    ).json()) as {
      result: { description: string; owners: Array<{ id: number }> };
    };
    assert.equal(chart.result.description, 'All births');
    assert.equal(chart.result.owners.length, 1);
    await page.getByRole('button', { name: 'Add to favorites' }).click();
    await page.getByRole('button', { name: 'Remove from favorites' }).waitFor();
    assert.deepEqual(errors, []);
  });
});
