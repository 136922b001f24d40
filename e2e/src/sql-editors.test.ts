/**
 * The SQL editors of Explore's popovers and "Edit in modal" (issue 20, point 4), in Chromium:
 * the filter popover's Custom SQL tab completes a column as it is typed and the chart's query
 * runs with the filter; the metric popover's Custom SQL tab does the same for a metric; the
 * CSS control of a Handlebars chart is edited in its modal and the control takes the text.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  datasetIdOf,
  launchBrowser,
  loginAs,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

const COMPLETIONS = '.cm-tooltip-autocomplete';

/** Types `prefix` into the editor and takes the completion labelled `label` with Enter. */
async function complete(page: Page, prefix: string, label: string): Promise<Locator> {
  await page.keyboard.type(prefix, { delay: 40 });
  const list = page.locator(COMPLETIONS);
  await list.waitFor();
  const selected = list.locator('li[aria-selected]');
  // The list is ranked: what starts with the typed text comes first.
  await selected.locator('.cm-completionLabel', { hasText: new RegExp(`^${label}$`) }).waitFor();
  return list;
}

/** The chart data request the next "Update chart" sends, and its answer's status. */
async function runChart(page: Page): Promise<{ body: string; status: number }> {
  const request = page.waitForRequest(
    (r: Request) => r.url().includes('/api/v1/chart/data') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: /Update chart|Create chart/ }).click();
  const sent = await request;
  const answer = await sent.response();
  return { body: sent.postData() ?? '', status: answer?.status() ?? 0 };
}

describe("Explore's SQL editors and Edit in modal, in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let datasetId: number;
  let functionNames: string[] = [];

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("completes a column in the metric popover's Custom SQL tab and runs the metric", async () => {
    await page.goto(
      `${server.baseUrl}/explore/?datasource_id=${datasetId}&datasource_type=table&viz_type=big_number_total`,
    );
    await page.locator('[data-test="datasource-panel"]').getByText('birth_names').waitFor();
    const functionsAnswer = page.waitForResponse((r) => r.url().includes('/function_names/'));
    await page.getByRole('button', { name: 'Add Metric', exact: true }).click();
    const editor = page.locator('[data-test="metric-editor"]');
    await editor.waitFor();
    await editor.getByRole('tab', { name: 'Custom SQL' }).click();
    const sql = editor.getByRole('textbox', { name: 'Custom SQL', exact: true });
    await sql.click();
    const answer = await functionsAnswer;
    assert.equal(answer.status(), 200);
    functionNames = ((await answer.json()) as { function_names: string[] }).function_names;
    assert.ok(functionNames.length > 10, `${functionNames.length} function names`);

    await page.keyboard.type('SUM(');
    const list = await complete(page, 'num_g', 'num_girls');
    // The column's type is shown beside it.
    assert.match((await list.locator('li[aria-selected]').textContent()) ?? '', /num_girls.+/);
    await snap(page, 'sql-editors-01-metric-completion');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'hidden' });
    // The closing parenthesis came with the opening one.
    assert.equal((await sql.textContent())?.trim(), 'SUM(num_girls)');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    await page.locator('[data-test="control-metric"]').getByText('SUM(num_girls)').waitFor();
    const run = await runChart(page);
    assert.equal(run.status, 200);
    assert.ok(run.body.includes('SUM(num_girls)'), run.body);
    await page.locator('[data-test="big-number"]').waitFor();
    assert.equal(await page.locator('[data-test="chart-error"]').count(), 0);
  });

  it("completes a column and a function in the filter popover's Custom SQL tab", async () => {
    await page.getByRole('button', { name: 'Add filter', exact: true }).first().click();
    const editor = page.locator('[data-test="filter-editor"]');
    await editor.waitFor();
    await editor.getByRole('tab', { name: 'Custom SQL' }).click();
    const sql = editor.getByRole('textbox', { name: 'Custom SQL filter', exact: true });
    await sql.click();

    // A function of the database, offered by its prefix.
    const fn = functionNames.find((f) => f.toLowerCase() === 'lower');
    assert.ok(fn, 'the database knows lower()');
    const list = await complete(page, fn.slice(0, 4), fn);
    // Escape closes the list and leaves the popover open.
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await page.waitForTimeout(600);
    assert.ok(await editor.isVisible(), 'the popover stayed open');
    // Ctrl+Enter does nothing: no new line, no chart run, the popover stays with its text.
    let runs = 0;
    const count = (r: Request) => {
      if (r.url().includes('/api/v1/chart/data')) runs += 1;
    };
    page.on('request', count);
    await page.keyboard.press('Control+Enter');
    await page.waitForTimeout(600);
    page.off('request', count);
    assert.equal(runs, 0);
    assert.ok(await editor.isVisible(), 'the popover stayed open');
    assert.equal(await sql.locator('.cm-line').count(), 1);
    assert.equal((await sql.textContent())?.trim(), fn.slice(0, 4));
    // With no list open, Escape closes the popover, as it did before.
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Add filter', exact: true }).first().click();
    await editor.waitFor();
    await editor.getByRole('tab', { name: 'Custom SQL' }).click();
    await sql.click();
    const columnList = await complete(page, 'gen', 'gender');
    await snap(page, 'sql-editors-02-filter-completion');
    await page.keyboard.press('Enter');
    await columnList.waitFor({ state: 'hidden' });
    await page.keyboard.type(" = 'girl'");
    assert.equal((await sql.textContent())?.trim(), "gender = 'girl'");
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    await page.getByText("gender = 'girl'").first().waitFor();
    const run = await runChart(page);
    assert.equal(run.status, 200);
    assert.ok(run.body.includes("gender = 'girl'"), run.body);
    await page.locator('[data-test="big-number"]').waitFor();
    assert.equal(await page.locator('[data-test="chart-error"]').count(), 0);
  });

  it("completes columns in the dataset editor's SQL expressions", async () => {
    await page.locator('[data-test="dataset-menu"]').click();
    await page.getByRole('menuitem', { name: 'Edit dataset' }).click();
    const dialog = page.getByRole('dialog', { name: /Edit Dataset birth_names/ });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: /^Metrics/ }).click();
    const metricSql = dialog.getByRole('textbox', { name: 'SQL expression of sum__num' });
    await metricSql.waitFor();
    assert.match((await metricSql.textContent()) ?? '', /SUM\(num\)/i);
    await dialog.getByRole('tab', { name: /^Calculated columns/ }).click();
    await dialog.getByRole('button', { name: 'Add item' }).click();
    const columnSql = dialog.getByRole('textbox', { name: /^SQL expression of/ }).last();
    await columnSql.click();
    const list = await complete(page, 'num_b', 'num_boys');
    await snap(page, 'sql-editors-03-dataset-editor-completion');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'hidden' });
    await page.keyboard.type(' * 2');
    assert.equal((await columnSql.textContent())?.trim(), 'num_boys * 2');
    // Left unsaved: Cancel, then the unsaved-changes question if one is asked.
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('edits a code control in its modal and the control takes the text', async () => {
    await page.goto(
      `${server.baseUrl}/explore/?datasource_id=${datasetId}&datasource_type=table&viz_type=handlebars`,
    );
    await page.locator('[data-test="datasource-panel"]').getByText('birth_names').waitFor();
    // The template and CSS controls redraw the chart only: they are on the Customize tab.
    await page.getByRole('tab', { name: 'Customize' }).click();
    const control = page.locator('[data-test="control-styleTemplate"]');
    await control.waitFor();
    const button = control.getByRole('button', { name: 'Edit css in modal' });
    await control.scrollIntoViewIfNeeded();
    await snap(page, 'sql-editors-04-code-controls');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'CSS Styles' });
    await dialog.waitFor();
    const modalEditor = dialog.getByRole('textbox', { name: 'CSS Styles' });
    await modalEditor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await page.keyboard.type('.data-list { color: #c0392b; }', { delay: 10 });
    await snap(page, 'sql-editors-05-edit-in-modal');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    const inline = control.getByRole('textbox', { name: 'CSS Styles' });
    assert.equal((await inline.textContent())?.trim(), '.data-list { color: #c0392b; }');
    assert.deepEqual(errors, []);
  });
});
