import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  chooseOption,
  collectPageErrors,
  csrfTokenOf,
  launchBrowser,
  loginAs,
  snap,
  startServer,
  type RunningServer,
  setSql,
} from './harness.js';

/** Superset's documented schedule form, with the output table required. */
const SCHEDULE_FORM = {
  JSONSCHEMA: {
    title: 'Schedule',
    description: 'When the query should run, and where its rows go.',
    type: 'object',
    properties: {
      output_table: { type: 'string', title: 'Output table name' },
      start_date: {
        type: 'string',
        title: 'Start date',
        format: 'date-time',
        default: 'tomorrow at 9am',
      },
      end_date: {
        type: 'string',
        title: 'End date',
        format: 'date-time',
        default: '9am in 30 days',
      },
      schedule_interval: { type: 'string', title: 'Schedule interval' },
      dependencies: { type: 'array', title: 'Dependencies', items: { type: 'string' } },
    },
    required: ['output_table'],
  },
  UISCHEMA: {
    schedule_interval: { 'ui:placeholder': '@daily, @weekly, etc.' },
    dependencies: { 'ui:help': 'Check the documentation for the correct format.' },
  },
  VALIDATION: [
    {
      name: 'less_equal',
      arguments: ['start_date', 'end_date'],
      message: 'End date cannot be before start date',
      container: 'end_date',
    },
  ],
};

const LONG = 'x'.repeat(400);

const PG_URL = process.env.STRATA_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const pgSchema = `e2e_parts_${randomBytes(4).toString('hex')}`;

async function run(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(caret-right )?Run$/ }).click();
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Query actions' });

describe('SQL Lab: result widths, create as, scheduling, opening a gone dataset, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  before(async () => {
    const pgc = new pg.Client({ connectionString: PG_URL });
    await pgc.connect();
    await pgc.query(`CREATE SCHEMA ${pgSchema}`);
    await pgc.query(
      `CREATE TABLE ${pgSchema}.events (ds date NOT NULL, region text, n int) PARTITION BY RANGE (ds)`,
    );
    await pgc.query(
      `CREATE TABLE ${pgSchema}.events_2026 PARTITION OF ${pgSchema}.events FOR VALUES FROM ('2026-01-01') TO ('2027-01-01')`,
    );
    await pgc.query(`INSERT INTO ${pgSchema}.events VALUES ('2026-11-27', 'north', 3)`);
    await pgc.end();
    server = await startServer({ STRATA_SCHEDULED_QUERIES: JSON.stringify(SCHEDULE_FORM) });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    const pgc = new pg.Client({ connectionString: PG_URL });
    await pgc.connect();
    await pgc.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
    await pgc.end();
  });

  it('sizes result columns to their values, cut only where the grid has no room', async () => {
    await page.goto(`${server.baseUrl}/sqllab/`);
    await page.getByRole('tab', { name: /Untitled Query 1/ }).waitFor();
    await setSql(
      page,
      `SELECT 'Christopher Columbus' AS first_name, 'Ann' AS short, '${LONG}' AS long_text, 1 AS n\nUNION ALL SELECT 'Bo', 'Al', 'y', 2`,
    );
    await run(page);
    const name = page.getByRole('gridcell', { name: 'Christopher Columbus' });
    await name.waitFor({ timeout: 30_000 });
    const fits = await name.evaluate((el) => el.scrollWidth <= el.clientWidth);
    assert.equal(fits, true, 'the name is shown whole');
    const long = page.getByRole('gridcell', { name: LONG });
    const cut = await long.evaluate((el) => el.scrollWidth > el.clientWidth);
    assert.equal(cut, true, 'a 400-character value is cut');
    assert.equal(await long.getAttribute('title'), LONG, 'its full value shows on hover');
    assert.equal(await name.getAttribute('title'), null, 'a value shown whole has no tooltip');

    // Resizable by dragging the header's edge.
    const header = page.getByRole('columnheader', { name: /first_name/ });
    const before = (await header.boundingBox())!.width;
    const handle = (await page
      .getByRole('separator', { name: 'Resize first_name' })
      .boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 90, handle.y + handle.height / 2, {
      steps: 5,
    });
    await page.mouse.up();
    const after = (await header.boundingBox())!.width;
    assert.ok(Math.abs(after - before - 90) <= 3, `resized from ${before} to ${after}`);
    await snap(page, 'sqllab-actions-01-widths');
  });

  it('offers Estimate cost and Create as only where the database allows them', async () => {
    const bar = toolbar(page);
    await bar.getByRole('button', { name: 'Format' }).waitFor();
    assert.equal(await bar.getByRole('button', { name: 'Estimate cost' }).count(), 0);
    assert.equal(await bar.getByRole('button', { name: /Create as/ }).count(), 0);
  });

  it('suggests the tab’s current name when saving the results as a dataset', async () => {
    await page
      .getByRole('tab', { name: /Untitled Query 1/ })
      .locator('[title*="double-click"]')
      .dblclick();
    const input = page.getByRole('textbox', { name: 'Tab name' });
    await input.fill('Explorers by name');
    await input.press('Enter');
    await page.getByRole('tab', { name: /Explorers by name/ }).waitFor();
    await page.getByRole('button', { name: 'Save dataset' }).click();
    const dialog = page.getByRole('dialog');
    const datasetName = dialog.getByRole('textbox', { name: 'Dataset name' });
    await datasetName.waitFor();
    assert.equal(await datasetName.inputValue(), 'Explorers by name');
    await snap(page, 'sqllab-actions-02-dataset-name');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('opens SQL Lab with a message when a chart’s dataset is gone', async () => {
    const token = await csrfTokenOf(page, server.baseUrl);
    // The form Explore's "View in SQL Lab" posts, on a dataset that no longer exists.
    await page.evaluate((csrf) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/superset/sqllab/';
      const fields: Record<string, string> = {
        datasourceKey: '999999__table',
        sql: 'SELECT 1',
        csrf_token: csrf,
      };
      for (const [k, v] of Object.entries(fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = k;
        input.value = v;
        form.appendChild(input);
      }
      document.body.appendChild(form);
      form.submit();
    }, token);
    await page.waitForURL(/\/sqllab\/\?datasourceKey=999999__table/);
    await page.getByText("The datasource couldn't be loaded.").waitFor();
    await page.waitForTimeout(600); // the toast's entrance
    await snap(page, 'sqllab-actions-03-datasource-gone');
    // SQL Lab itself, not an error page: its tabs and toolbar are there.
    await toolbar(page).waitFor();
  });

  it('creates a table and a view from a query when the database allows it', async () => {
    const token = await csrfTokenOf(page, server.baseUrl);
    const list = (await (
      await page.request.get(
        `${server.baseUrl}/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:examples)))`,
      )
    ).json()) as { result: Array<{ id: number }> };
    const id = list.result[0]!.id;
    const one = (await (
      await page.request.get(`${server.baseUrl}/api/v1/database/${id}`)
    ).json()) as {
      result: { extra?: string | null };
    };
    const extra = {
      ...(JSON.parse(one.result.extra || '{}') as object),
      cost_estimate_enabled: true,
    };
    const put = await page.request.put(`${server.baseUrl}/api/v1/database/${id}`, {
      headers: { 'X-CSRFToken': token },
      data: { allow_ctas: true, allow_cvas: true, extra: JSON.stringify(extra) },
    });
    assert.equal(put.status(), 200, await put.text());

    await page.goto(`${server.baseUrl}/sqllab/`);
    const bar = toolbar(page);
    await bar.getByRole('button', { name: 'Estimate cost' }).waitFor();
    await setSql(page, 'SELECT "IATA_CODE", "CITY" FROM airports WHERE "STATE" = \'CA\'');
    await bar.getByRole('button', { name: 'Estimate cost' }).click();
    const estimate = page.getByRole('dialog');
    await estimate.locator('.ant-table').waitFor({ timeout: 30_000 });
    await snap(page, 'sqllab-actions-04-estimate');
    await page.keyboard.press('Escape');
    await estimate.waitFor({ state: 'hidden' });

    await bar.getByRole('button', { name: /Create as/ }).click();
    await page.getByRole('menuitem', { name: 'CREATE TABLE AS' }).click();
    const dialog = page.getByRole('dialog', { name: 'CREATE TABLE AS' });
    const nameInput = dialog.getByRole('textbox', { name: 'Name' });
    await nameInput.fill('1 bad name');
    await dialog.getByText(/must start with a letter/).waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Create' }).isDisabled(), true);
    await nameInput.fill('ca_airports');
    await snap(page, 'sqllab-actions-05-ctas-dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText(/Table\s*ca_airports\s*was created/).waitFor({ timeout: 30_000 });
    await snap(page, 'sqllab-actions-06-ctas-done');
    await page.getByRole('button', { name: 'Query in a new tab' }).click();
    await page.getByRole('tab', { name: /ca_airports/ }).waitFor();
    await page
      .getByText(/rows returned/)
      .first()
      .waitFor({ timeout: 30_000 });
    await page.getByRole('gridcell', { name: 'SFO' }).waitFor();

    await setSql(page, 'SELECT "CITY" FROM ca_airports WHERE "IATA_CODE" = \'SFO\'');
    await bar.getByRole('button', { name: /Create as/ }).click();
    await page.getByRole('menuitem', { name: 'CREATE VIEW AS' }).click();
    const viewDialog = page.getByRole('dialog', { name: 'CREATE VIEW AS' });
    await viewDialog.getByRole('textbox', { name: 'Name' }).fill('sfo_city');
    await viewDialog.getByRole('textbox', { name: 'Name' }).press('Enter');
    await page.getByText(/View\s*sfo_city\s*was created/).waitFor({ timeout: 30_000 });
    const check = await page.request.post(`${server.baseUrl}/api/v1/sqllab/execute/`, {
      headers: { 'X-CSRFToken': token },
      data: { client_id: 'e2ecvas01', database_id: id, sql: 'SELECT * FROM sfo_city', json: true },
    });
    const rows = ((await check.json()) as { data: Array<Record<string, unknown>> }).data;
    assert.equal(rows.length, 1);
    assert.match(String(rows[0]?.CITY), /San Francisco/);
  });

  it('schedules a query with the configured form', async () => {
    await page.locator('.ant-tabs-nav-add').first().click();
    await page
      .getByRole('tab', { name: /Untitled Query/ })
      .last()
      .waitFor();
    await setSql(page, 'SELECT count(*) AS n FROM airports');
    // Scheduled once it has run successfully (as Superset).
    const schedule = toolbar(page).getByRole('button', { name: 'Schedule' });
    assert.equal(await schedule.isDisabled(), true);
    await run(page);
    await page.getByText(/1 row/).first().waitFor({ timeout: 30_000 });
    await schedule.click();
    const dialog = page.getByRole('dialog', { name: 'Schedule query' });
    await dialog.getByText('When the query should run, and where its rows go.').waitFor();
    const label = dialog.getByRole('textbox', { name: 'Label' });
    assert.match(await label.inputValue(), /Untitled Query/);
    await label.fill('Airport count');
    // Superset's defaults: tomorrow at 9am, 9am in 30 days.
    assert.match(await dialog.locator('#schedule-start_date').inputValue(), / 09:00$/);
    assert.match(await dialog.locator('#schedule-end_date').inputValue(), / 09:00$/);
    await dialog.getByPlaceholder('@daily, @weekly, etc.').fill('@daily');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Output table name is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Output table name' }).fill('airport_count');
    await snap(page, 'sqllab-actions-07-schedule');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByText(
        'Your query has been scheduled. To see details of your query, navigate to Saved queries',
      )
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const saved = (await (
      await page.request.get(
        `${server.baseUrl}/api/v1/saved_query/?q=(filters:!((col:label,opr:eq,value:'Airport count')))`,
      )
    ).json()) as { result: Array<{ id: number }> };
    const one = (await (
      await page.request.get(`${server.baseUrl}/api/v1/saved_query/${saved.result[0]!.id}`)
    ).json()) as { result: { sql: string; extra_json: string } };
    assert.equal(one.result.sql, 'SELECT count(*) AS n FROM airports');
    const info = (JSON.parse(one.result.extra_json) as { schedule_info: Record<string, unknown> })
      .schedule_info;
    assert.equal(info.output_table, 'airport_count');
    assert.equal(info.schedule_interval, '@daily');
    assert.ok(
      Date.parse(String(info.start_date)) < Date.parse(String(info.end_date)),
      JSON.stringify(info),
    );

    // A refused save: the spec's message, and the dialog stays open with the reason.
    await page.route('**/savedqueryviewapi/api/create', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The scheduler is unavailable' }),
      }),
    );
    await toolbar(page).getByRole('button', { name: 'Schedule' }).click();
    await dialog.getByRole('textbox', { name: 'Output table name' }).fill('again');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your query could not be scheduled.').waitFor();
    await dialog.getByText('The scheduler is unavailable').waitFor();
    await page.waitForTimeout(600); // the toast's entrance
    await snap(page, 'sqllab-actions-08-schedule-failed');
    await page.unroute('**/savedqueryviewapi/api/create');
    const unexpected = errors.filter((e) => !/500|Failed to load resource/.test(e));
    assert.deepEqual(unexpected, []);
  });
  it("shows a partitioned table's partition columns (table_extra) in its panel", async () => {
    const token = await csrfTokenOf(page, server.baseUrl);
    const created = await page.request.post(`${server.baseUrl}/api/v1/database/`, {
      headers: { 'X-CSRFToken': token },
      data: { database_name: 'Events PG', sqlalchemy_uri: PG_URL, expose_in_sqllab: true },
    });
    assert.equal(created.status(), 201, await created.text());
    const dbId = ((await created.json()) as { id: number }).id;
    await page.goto(`${server.baseUrl}/sqllab/?dbid=${dbId}&schema=${pgSchema}`);
    await chooseOption(page, 'Search tables', 'events');
    const panel = page.getByRole('region', { name: 'Table events' });
    await panel.getByText('region').waitFor();
    await panel.getByText('Partitioned by ds').waitFor();
    await page.getByRole('gridcell', { name: 'north' }).waitFor({ timeout: 30_000 });
    await snap(page, 'sqllab-actions-09-partitions');
  });
});
