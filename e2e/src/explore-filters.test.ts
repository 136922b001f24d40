/**
 * Explore's filter editor as a Superset analyst expects (issue 20, points 1, 3, 5), in Chromium:
 * a filter on `name` suggests the server's values as the user types; two are picked; a pasted
 * list "a, b; c\nb" becomes a, b, c; a temporal column (`ds`) gets the time range picker; the
 * operators follow the column; the aggregate picker takes "SUM" + Enter.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  datasetIdOf,
  launchBrowser,
  loginAs,
  offeredOperators,
  chooseFilterColumn as chooseColumn,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

/** Pastes `text` into the focused element, as a clipboard paste does. */
async function paste(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** The chosen values (tags) of the filter editor's one multi-select. */
async function tagsOf(editor: Locator): Promise<string[]> {
  return (await editor.locator('.ant-select-selection-item-content').allTextContents()).map((t) =>
    t.trim(),
  );
}

describe("Explore's filter editor and metric popover, in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let datasetId: number;

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

  it("suggests the server's values as the user types, and takes two of them", async () => {
    await page.goto(`${server.baseUrl}/explore/?datasource_id=${datasetId}&datasource_type=table`);
    await page.locator('[data-test="datasource-panel"]').getByText('birth_names').waitFor();
    await page.getByRole('button', { name: 'Add filter', exact: true }).first().click();
    const editor = page.locator('[data-test="filter-editor"]');
    await editor.waitFor();
    await chooseColumn(page, editor, 'name');

    const offered = await offeredOperators(page, editor, /^NOT IN$/);
    assert.ok(!offered.includes('TEMPORAL_RANGE'), offered.join());
    assert.ok(offered.includes('LIKE') && offered.includes('REGEX'), offered.join());

    const values = editor.getByLabel('Filter values', { exact: true });
    await values.click();
    const searched = page.waitForResponse(
      (r) => r.url().includes('/column/name/values/?q=Aa') && r.status() === 200,
    );
    await page.keyboard.type('Aa', { delay: 60 });
    const answer = (await (await searched).json()) as { result: string[] };
    assert.ok(answer.result.length >= 2, JSON.stringify(answer));
    assert.ok(
      answer.result.every((v) => v.toLowerCase().includes('aa')),
      JSON.stringify(answer),
    );
    // The typed text first (free entry), then the server's suggestions.
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    const first = answer.result[0]!;
    const second = answer.result[1]!;
    await option.filter({ hasText: new RegExp(`^${first}$`) }).waitFor();
    await snap(page, 'explore-filters-01-suggestions');
    assert.equal((await option.first().textContent())?.trim(), 'Aa');
    await option.filter({ hasText: new RegExp(`^${first}$`) }).click();
    await page.keyboard.type(second.slice(0, 3));
    await option.filter({ hasText: new RegExp(`^${second}$`) }).click();
    assert.deepEqual(await tagsOf(editor), [first, second]);

    await paste(page, 'a, b; c\nb');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-test="filter-editor"] .ant-select-selection-item-content')
          .length >= 5,
    );
    assert.deepEqual(await tagsOf(editor), [first, second, 'a', 'b', 'c']);
    await editor.getByRole('tab', { name: 'Simple' }).click();
    await snap(page, 'explore-filters-02-picked-and-pasted');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    await page.getByText(`name IN (${first}, ${second}, a, b, c)`).waitFor();
  });

  it('gives a temporal column the time range picker', async () => {
    await page.getByRole('button', { name: 'Add filter', exact: true }).first().click();
    const editor = page.locator('[data-test="filter-editor"]');
    await editor.waitFor();
    await chooseColumn(page, editor, 'ds');
    await editor
      .locator('.ant-select')
      .filter({ has: page.getByLabel('Operator', { exact: true }), hasText: 'TEMPORAL_RANGE' })
      .waitFor();
    const range = editor.getByRole('button', { name: 'Filter value', exact: true });
    assert.equal((await range.textContent())?.trim(), 'No filter');
    await range.click();
    const picker = page.locator('[data-test="time-range-editor"]');
    await picker.getByText('Edit time range').waitFor();
    await picker.getByLabel('Range type', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Last$/ })
      .click();
    await picker.getByText('last week').click();
    await picker
      .locator('[data-test="time-range-preview"]')
      .getByText(/≤ col </)
      .waitFor();
    await snap(page, 'explore-filters-03-time-range-picker');
    await picker.getByRole('button', { name: 'APPLY' }).click();
    await picker.waitFor({ state: 'hidden' });
    assert.equal((await range.textContent())?.trim(), 'Last week');
    // The filter editor stayed open under the picker.
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    await page.getByText('ds TEMPORAL_RANGE Last week').waitFor();
  });

  it('takes "SUM" + Enter in the aggregate picker', async () => {
    await page.getByRole('button', { name: 'Add Metrics' }).click();
    const editor = page.locator('[data-test="metric-editor"]');
    await editor.waitFor();
    await editor.getByRole('tab', { name: 'Simple' }).click();
    await editor.getByRole('combobox', { name: 'Column' }).click();
    await page.keyboard.type('num');
    await page.keyboard.press('Enter');
    await editor.getByRole('combobox', { name: 'Aggregate' }).click();
    await page.keyboard.type('SUM');
    await page.keyboard.press('Enter');
    await editor.getByLabel('Metric label').and(page.locator('[value="SUM(num)"]')).waitFor();
    await snap(page, 'explore-filters-04-aggregate');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'hidden' });
    await page.getByText('SUM(num)').first().waitFor();
    assert.deepEqual(errors, []);
  });
});
