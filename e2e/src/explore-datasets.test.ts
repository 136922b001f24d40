/**
 * Datasets around Explore (issue 20, points 8 and 9), in Chromium: SQL Lab's "Save dataset"
 * (new and overwrite) lands in Explore on the dataset with a form data key — a table in raw
 * mode of its columns, 1,000 rows, run at once; a chart whose dataset was deleted says
 * "Missing dataset" and Swap dataset moves it onto another; a chart whose dataset lost a
 * column and a metric keeps them in its controls, marked with the spec's warnings; the dataset
 * pane shows a dataset's warning markdown.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  csrfTokenOf,
  launchBrowser,
  loginAs,
  saveChart,
  snap,
  startServer,
  type RunningServer,
  setSql,
} from './harness.js';

/** Runs the SQL in SQL Lab and waits for its results. */
async function runSql(page: Page, sql: string): Promise<void> {
  await setSql(page, sql);
  await page.getByRole('button', { name: /^(caret-right )?Run$/ }).click();
  await page
    .getByText(/rows returned/)
    .first()
    .waitFor({ timeout: 60_000 });
}

/** The form data stored under the key of an Explore address. */
async function storedFormData(page: Page, url: string): Promise<Record<string, unknown>> {
  const key = new URL(url).searchParams.get('form_data_key');
  assert.ok(key, url);
  const res = await page.request.get(new URL(`/api/v1/explore/form_data/${key}`, url).toString());
  assert.equal(res.status(), 200);
  return JSON.parse(((await res.json()) as { form_data: string }).form_data) as Record<
    string,
    unknown
  >;
}

/** Hovers the item's warning and waits for its tooltip to say `expected` (a screenshot when named). */
async function expectWarning(
  page: Page,
  item: Locator,
  expected: string,
  shot?: string,
): Promise<void> {
  await item.hover();
  // The tooltip with that text (another item's, fading out, may still be drawn).
  const tip = page.locator('.ant-tooltip:visible .ant-tooltip-container', { hasText: expected });
  await tip.waitFor();
  assert.equal((await tip.textContent())?.trim(), expected);
  if (shot) await snap(page, shot);
  await page.mouse.move(1, 1);
  await tip.waitFor({ state: 'hidden' });
}

describe('Datasets in Explore: save as dataset, missing and changed datasets, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let token: string;
  let databaseId: number;

  /** Creates a virtual dataset of the SQL on the examples database; its id. */
  async function virtualDataset(name: string, sql: string): Promise<number> {
    const res = await page.request.post(`${server.baseUrl}/api/v1/dataset/`, {
      headers: { 'X-CSRFToken': token },
      data: { database: databaseId, schema: 'main', table_name: name, sql },
    });
    assert.equal(res.status(), 201, await res.text());
    return ((await res.json()) as { id: number }).id;
  }

  async function updateDataset(id: number, body: Record<string, unknown>, override = false) {
    const res = await page.request.put(
      `${server.baseUrl}/api/v1/dataset/${id}${override ? '?override_columns=true' : ''}`,
      { headers: { 'X-CSRFToken': token }, data: body },
    );
    assert.equal(res.status(), 200, await res.text());
  }

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    token = await csrfTokenOf(page, server.baseUrl);
    const dbs = (await (
      await page.request.get(
        `${server.baseUrl}/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:examples)))`,
      )
    ).json()) as { result: Array<{ id: number }> };
    databaseId = dbs.result[0]!.id;
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Save dataset lands in Explore on the new dataset: a raw table of its columns, 1,000 rows', async () => {
    await page.goto(`${server.baseUrl}/sqllab/`);
    await runSql(page, 'SELECT name, gender, num FROM birth_names');
    await page.getByRole('button', { name: 'Save dataset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save or Overwrite Dataset' });
    await dialog.getByRole('textbox').first().fill('births saved');
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Save & Explore' }).click();
    const explore = await popup;
    const exploreErrors = collectPageErrors(explore);
    await explore.waitForLoadState();
    assert.match(explore.url(), /\/explore\/\?form_data_key=/);

    const formData = await storedFormData(explore, explore.url());
    assert.match(String(formData.datasource), /^\d+__table$/);
    assert.equal(formData.viz_type, 'table');
    assert.equal(formData.query_mode, 'raw');
    assert.deepEqual(formData.all_columns, ['name', 'gender', 'num']);
    assert.equal(formData.row_limit, 1000);

    const pane = explore.locator('[data-test="datasource-panel"]');
    await pane.getByText('births saved').waitFor({ timeout: 30_000 });
    // The chart runs at once: the table of the rows, 1,000 of them (the limit).
    await explore
      .locator('[data-test="table-chart"]')
      .getByText('boy', { exact: true })
      .first()
      .waitFor({ timeout: 60_000 });
    await explore.locator('[data-test="row-count"]', { hasText: '1,000 rows' }).waitFor();
    const mode = explore.locator(
      '[data-test="control-query_mode"] .ant-radio-button-wrapper-checked',
    );
    assert.equal((await mode.textContent())?.trim(), 'Raw records');
    const columns = explore.locator('[data-test="control-all_columns"] .ant-tag');
    assert.deepEqual(
      (await columns.allTextContents()).map((t) => t.trim()),
      ['name', 'gender', 'num'],
    );
    await explore.locator('[data-test="control-row_limit"]').getByText('1000').waitFor();
    await snap(explore, 'explore-datasets-01-saved-dataset');
    assert.deepEqual(exploreErrors, []);
    await explore.close();
  });

  it('Overwrite existing lands in Explore on the overwritten dataset with its new columns', async () => {
    await page.bringToFront();
    await runSql(page, 'SELECT name, num FROM birth_names');
    await page.getByRole('button', { name: 'Save dataset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save or Overwrite Dataset' });
    await dialog.getByText('Overwrite existing').click();
    await dialog.getByLabel('Existing dataset').click();
    await page.keyboard.type('births saved');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'births saved' })
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Overwrite & Explore' }).click();
    await dialog.getByText('Are you sure you want to overwrite this dataset?').waitFor();
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Overwrite & Explore' }).click();
    const explore = await popup;
    await explore.waitForLoadState();
    const formData = await storedFormData(explore, explore.url());
    assert.equal(formData.query_mode, 'raw');
    assert.deepEqual(formData.all_columns, ['name', 'num']);
    assert.equal(formData.row_limit, 1000);
    await explore.locator('[data-test="row-count"]', { hasText: '1,000 rows' }).waitFor({
      timeout: 60_000,
    });
    const columns = explore.locator('[data-test="control-all_columns"] .ant-tag');
    assert.deepEqual(
      (await columns.allTextContents()).map((t) => t.trim()),
      ['name', 'num'],
    );
    await snap(explore, 'explore-datasets-02-overwritten-dataset');
    await explore.close();
  });

  it('a chart whose dataset was deleted says Missing dataset, and Swap dataset moves it', async () => {
    const doomed = await virtualDataset(
      'births doomed',
      'SELECT name, gender, num FROM birth_names',
    );
    const chartId = await saveChart(page, server.baseUrl, token, doomed, 'Doomed births', {
      viz_type: 'table',
      query_mode: 'raw',
      all_columns: ['name', 'gender'],
      row_limit: 100,
    });
    const del = await page.request.delete(`${server.baseUrl}/api/v1/dataset/${doomed}`, {
      headers: { 'X-CSRFToken': token },
    });
    assert.equal(del.status(), 200, await del.text());

    await page.goto(`${server.baseUrl}/explore/?slice_id=${chartId}`);
    const alert = page.locator('[data-test="missing-dataset"]');
    await alert.getByText('Missing dataset').waitFor({ timeout: 30_000 });
    await alert.getByText('The dataset linked to this chart may have been deleted.').waitFor();
    await page
      .locator('[data-test="datasource-panel"]')
      .getByText('Missing dataset', { exact: true })
      .waitFor();
    // Nothing is run on a dataset that is not there.
    await page.getByText('Click "Create chart" to see the chart').waitFor();
    assert.equal(await page.locator('[data-test="chart-error"]').count(), 0);
    await snap(page, 'explore-datasets-03-missing-dataset');

    await alert.getByRole('button', { name: 'Swap dataset' }).click();
    const swap = page.getByRole('dialog', { name: 'Swap dataset' });
    await swap.getByLabel('Search / Filter').fill('birth_names');
    await swap.getByText('birth_names', { exact: true }).click();
    await swap.getByText('Change the dataset to birth_names?').waitFor();
    await swap.getByRole('button', { name: 'Proceed' }).click();
    await page.getByText('Successfully changed dataset!').waitFor();
    await page
      .locator('[data-test="datasource-panel"]')
      .getByText('birth_names', { exact: true })
      .waitFor();
    await alert.waitFor({ state: 'detached' });
    // The chart's columns came along: birth_names has them, so nothing is marked.
    const columns = page.locator('[data-test="control-all_columns"] .ant-tag');
    assert.deepEqual(
      (await columns.allTextContents()).map((t) => t.trim()),
      ['name', 'gender'],
    );
    assert.equal(await page.locator('[data-test="incompatible-item"]').count(), 0);
    await page.getByRole('button', { name: /Update chart|Create chart/ }).click();
    await page
      .locator('[data-test="table-chart"]')
      .getByText('boy', { exact: true })
      .first()
      .waitFor({ timeout: 60_000 });
    await snap(page, 'explore-datasets-04-swapped');
  });

  it("marks the chart's column, metric and filter its dataset lost, and shows the dataset's warning", async () => {
    const id = await virtualDataset('births changing', 'SELECT name, gender, num FROM birth_names');
    await updateDataset(id, {
      metrics: [{ metric_name: 'sum_num', expression: 'SUM(num)' }],
      extra: JSON.stringify({
        warning_markdown: '**Reloaded weekly**: figures may lag by <script>x</script>7 days',
      }),
    });
    const chartId = await saveChart(page, server.baseUrl, token, id, 'Changing births', {
      viz_type: 'table',
      query_mode: 'aggregate',
      groupby: ['gender', 'name'],
      metrics: [
        'sum_num',
        {
          expressionType: 'SIMPLE',
          aggregate: 'MAX',
          column: { column_name: 'num' },
          label: 'MAX(num)',
        },
      ],
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'gender',
          operator: '==',
          comparator: 'boy',
        },
      ],
      row_limit: 100,
    });
    // The dataset loses its `gender` column and its `sum_num` metric.
    await updateDataset(
      id,
      {
        sql: 'SELECT name, num FROM birth_names',
        columns: [
          { column_name: 'name', type: 'VARCHAR' },
          { column_name: 'num', type: 'BIGINT' },
        ],
        metrics: [],
      },
      true,
    );

    await page.goto(`${server.baseUrl}/explore/?slice_id=${chartId}`);
    const pane = page.locator('[data-test="datasource-panel"]');
    await pane.getByText('births changing').waitFor({ timeout: 30_000 });

    const groupby = page.locator('[data-test="control-groupby"]');
    const lostColumn = groupby.locator('[data-test="incompatible-item"]');
    await lostColumn.waitFor();
    assert.equal((await lostColumn.textContent())?.trim(), 'gender');
    // The column the dataset still has is not marked.
    assert.equal(await groupby.locator('[data-test="incompatible-item"]').count(), 1);
    await groupby.getByText('name', { exact: true }).waitFor();
    await expectWarning(page, lostColumn, 'This column might be incompatible with current dataset');

    const metrics = page.locator('[data-test="control-metrics"]');
    const lostMetric = metrics.locator('[data-test="incompatible-item"]');
    assert.equal(await lostMetric.count(), 1);
    assert.equal((await lostMetric.textContent())?.trim(), 'sum_num');
    await metrics.getByText('MAX(num)').waitFor();
    await expectWarning(
      page,
      lostMetric,
      'This metric might be incompatible with current dataset',
      'explore-datasets-05-metric-warning',
    );

    const lostFilter = page
      .locator('[data-test="control-adhoc_filters"]')
      .locator('[data-test="incompatible-item"]');
    assert.equal(await lostFilter.count(), 1);
    await expectWarning(page, lostFilter, 'This filter might be incompatible with current dataset');
    await snap(page, 'explore-datasets-06-incompatible-items');

    // The dataset's warning markdown, rendered (its HTML escaped, not run), beside its name.
    await pane.locator('[data-test="dataset-warning"]').hover();
    const warning = page.locator('[data-test="dataset-warning-markdown"]');
    await warning.waitFor();
    assert.equal(await warning.locator('strong').textContent(), 'Reloaded weekly');
    assert.match(
      (await warning.textContent()) ?? '',
      /figures may lag by <script>x<\/script>7 days/,
    );
    assert.equal(await warning.locator('script').count(), 0);
    await snap(page, 'explore-datasets-07-dataset-warning');
  });

  it('logged no page errors', () => {
    // The chart of the changed dataset fails on its lost column (the server says so): that
    // answer is logged by the browser as a failed request, the only error allowed.
    assert.deepEqual(
      errors.filter(
        (e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e),
      ),
      [],
    );
  });
});
