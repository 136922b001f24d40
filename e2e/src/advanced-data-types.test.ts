/**
 * ENABLE_ADVANCED_DATA_TYPES in Chromium: a column given the `port` type in the dataset, then
 * the adhoc filter editor's Simple tab converts what is typed (600 ms after typing stops),
 * shows the display value under the input, limits the operators and shows the type's error.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  csrfTokenOf,
  datasetIdOf,
  launchBrowser,
  loginAs,
  offeredOperators,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

describe('advanced data types in the Simple tab of the filter editor, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let datasetId: number;

  before(async () => {
    server = await startServer({ STRATA_FEATURE_FLAGS: '{"ENABLE_ADVANCED_DATA_TYPES": true}' });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
    // The `num` column becomes a port (any integer column serves).
    const got = (await (
      await page.request.get(`${server.baseUrl}/api/v1/dataset/${datasetId}`)
    ).json()) as { result: { columns: Array<Record<string, unknown>> } };
    const columns = got.result.columns.map((c) => ({
      id: c.id,
      column_name: c.column_name,
      type: c.type,
      is_dttm: c.is_dttm,
      filterable: c.filterable,
      groupby: c.groupby,
      expression: c.expression,
      python_date_format: c.python_date_format,
      advanced_data_type: c.column_name === 'num' ? 'port' : c.advanced_data_type,
    }));
    const put = await page.request.put(`${server.baseUrl}/api/v1/dataset/${datasetId}`, {
      data: { columns },
      headers: { 'X-CSRFToken': await csrfTokenOf(page, server.baseUrl) },
    });
    assert.equal(put.status(), 200, await put.text());
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("converts a port name, shows [443] under the input and offers only the type's operators", async () => {
    await page.goto(`${server.baseUrl}/explore/?datasource_id=${datasetId}&datasource_type=table`);
    await page.locator('[data-test="datasource-panel"]').getByText('birth_names').waitFor();
    await page.getByRole('button', { name: 'Add filter', exact: true }).first().click();
    const editor = page.locator('[data-test="filter-editor"]');
    await editor.waitFor();
    await editor.getByLabel('Filter column', { exact: true }).click();
    await page.keyboard.type('num');
    await page.locator('.ant-select-item-option', { hasText: /^num$/ }).first().click();
    await editor.getByLabel('Filter values', { exact: true }).click();
    await page.keyboard.type('https');
    await page.keyboard.press('Enter');
    await page.keyboard.type('ftp');
    await page.keyboard.press('Enter');
    // Leave the values input so that its dropdown closes and the note under it shows.
    await editor.getByRole('tab', { name: 'Simple' }).click();
    const note = editor.locator('[data-test="advanced-data-type-value"]');
    await note.filter({ hasText: '[443], [20, 21]' }).waitFor();
    await snap(page, 'advanced-types-01-converted');

    const offered = await offeredOperators(page, editor, /^>=$/);
    assert.deepEqual(offered.sort(), ['<', '<=', '==', '>', '>=', 'IN'].sort());
    assert.equal(await editor.getByRole('button', { name: 'Save', exact: true }).isEnabled(), true);
  });

  it("shows the type's error and blocks Save", async () => {
    const editor = page.locator('[data-test="filter-editor"]');
    await editor.getByLabel('Filter values', { exact: true }).click();
    await page.keyboard.type('gopher');
    await page.keyboard.press('Enter');
    await editor.getByRole('tab', { name: 'Simple' }).click();
    await editor
      .locator('[data-test="advanced-data-type-value"]', {
        hasText: "'gopher' does not appear to be a port name or number",
      })
      .waitFor();
    assert.equal(
      await editor.getByRole('button', { name: 'Save', exact: true }).isEnabled(),
      false,
    );
    await snap(page, 'advanced-types-02-error');
    assert.deepEqual(errors, []);
  });
});
