import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  csrfTokenOf,
  datasetIdOf,
  launchBrowser,
  loginAs,
  openSubmenu,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

/** Midnight today UTC, `days` days away, as the picker writes it. */
function midnight(days = 0): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 19);
}
const day = (dttm: string) => dttm.replace('T00:00:00', '');

/** Picks an option of an antd Select by its label. */
async function pick(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page
    .locator('.ant-select-dropdown .ant-select-item-option:visible')
    .filter({ hasText: new RegExp(`^${label.replace(/[()/]/g, '\\$&')}$`) })
    .first()
    .click();
  // The list slides away before the next click (it would cover what is under it).
  for (let i = 0; i < 50 && (await select.getAttribute('aria-expanded')) === 'true'; i += 1)
    await page.waitForTimeout(100);
  await page.locator('.ant-select-dropdown:visible').first().waitFor({ state: 'hidden' });
}

describe('Explore: the time range picker (spec 001 §2), in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let exploreUrl: string;

  const editor = () => page.locator('[data-test="time-range-editor"]');
  const preview = () => editor().locator('[data-test="time-range-preview"]');
  const apply = () => editor().getByRole('button', { name: 'APPLY' });

  async function openEditor(): Promise<void> {
    await page.locator('[data-test="control-time_range"] [data-test="time-range-trigger"]').click();
    await editor().waitFor();
  }

  async function rangeType(label: string): Promise<void> {
    await pick(page, editor().getByRole('combobox', { name: 'Range type' }), label);
  }

  async function previewIs(text: string): Promise<void> {
    await preview().getByText(text, { exact: true }).waitFor();
    await assertEnabled(apply());
  }

  async function assertEnabled(button: Locator): Promise<void> {
    for (let i = 0; i < 50 && (await button.isDisabled()); i += 1) await page.waitForTimeout(100);
    assert.equal(await button.isDisabled(), false, 'APPLY enabled');
  }

  /** APPLY, then Update chart: the time_range the chart data request carries. */
  async function applyAndRun(): Promise<string | undefined> {
    await apply().click();
    await editor().waitFor({ state: 'hidden' });
    const request = page.waitForRequest(
      (r) => r.url().includes('/api/v1/chart/data') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: /Update chart/ }).click();
    const body = (await request).postDataJSON() as { queries: Array<{ time_range?: string }> };
    return body.queries[0]?.time_range;
  }

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
    });
    page = await context.newPage();
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    const datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
    const formData = {
      datasource: `${datasetId}__table`,
      viz_type: 'horizon',
      granularity_sqla: 'ds',
      time_grain_sqla: 'P1Y',
      time_range: 'No filter',
      metrics: ['sum__num'],
      groupby: ['gender'],
    };
    const res = await page.request.post(`${server.baseUrl}/api/v1/explore/form_data`, {
      headers: { 'X-CSRFToken': await csrfTokenOf(page, server.baseUrl) },
      data: {
        datasource_id: datasetId,
        datasource_type: 'table',
        form_data: JSON.stringify(formData),
      },
    });
    assert.equal(res.status(), 201, await res.text());
    const { key } = (await res.json()) as { key: string };
    exploreUrl = `${server.baseUrl}/explore/?form_data_key=${key}`;
    await page.goto(exploreUrl);
    await page.locator('[data-test="control-time_range"]').getByText('No filter').waitFor();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Last: last week by default, the range previewed, sent as "Last week"', async () => {
    await openEditor();
    await rangeType('Last');
    const lastWeek = editor().getByRole('radio', { name: 'last week' });
    assert.equal(await lastWeek.isChecked(), true);
    await previewIs(`${day(midnight(-7))} ≤ col < ${day(midnight())}`);
    await snap(page, 'time-range-01-last');
    assert.equal(await applyAndRun(), 'Last week');
    await page.locator('[data-test="control-time_range"]').getByText('Last week').waitFor();
  });

  it('Advanced keeps "Last week" as its START, tells invalid input and disables APPLY', async () => {
    await openEditor();
    assert.equal(
      await editor().getByRole('combobox', { name: 'Range type' }).getAttribute('aria-expanded'),
      'false',
    );
    await editor().getByText('Last', { exact: true }).first().waitFor();
    await rangeType('Advanced');
    const start = editor().getByRole('textbox', { name: 'START (INCLUSIVE)' });
    const end = editor().getByRole('textbox', { name: 'END (EXCLUSIVE)' });
    assert.equal(await start.inputValue(), 'Last week');
    assert.equal(await end.inputValue(), '');
    await previewIs(`${day(midnight(-7))} ≤ col < ∞`);
    // The help tooltip documents the functions.
    await editor().getByLabel('Date functions').hover();
    const help = page.locator('[data-test="date-function-help"]');
    for (const fn of ['DATETIME(', 'DATEADD(', 'DATETRUNC(', 'LASTDAY(', 'HOLIDAY('])
      await help.getByText(fn).first().waitFor();
    await snap(page, 'time-range-02-advanced-help');
    await editor().getByText('Edit time range').hover();
    await help.waitFor({ state: 'hidden' });
    await start.click();
    await start.fill('not a date');
    await preview().locator('.ant-alert-error').waitFor();
    assert.equal(await apply().isDisabled(), true, 'APPLY disabled while invalid');
    await snap(page, 'time-range-03-advanced-invalid');
    await start.fill('DATETRUNC(DATETIME("2000-06-15T00:00:00"), year)');
    await end.fill('2001-01-01T00:00:00');
    await previewIs('2000-01-01 ≤ col < 2001-01-01');
    assert.equal(
      await applyAndRun(),
      'DATETRUNC(DATETIME("2000-06-15T00:00:00"), year) : 2001-01-01T00:00:00',
    );
  });

  it('Previous: previous calendar month', async () => {
    await openEditor();
    await rangeType('Previous');
    assert.equal(
      await editor().getByRole('radio', { name: 'previous calendar week' }).isChecked(),
      true,
    );
    await editor().getByRole('radio', { name: 'previous calendar month' }).check();
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const prev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    await previewIs(
      `${prev.toISOString().slice(0, 10)} ≤ col < ${first.toISOString().slice(0, 10)}`,
    );
    assert.equal(await applyAndRun(), 'previous calendar month');
  });

  it('Custom: the default range of §9, relative ends anchored to NOW or a date/time', async () => {
    await openEditor();
    await rangeType('Custom');
    const custom = editor().locator('[data-test="custom-frame"]');
    await previewIs(`${day(midnight(-7))} ≤ col < ${day(midnight())}`);
    const startMode = custom.getByRole('combobox', { name: 'START (INCLUSIVE)', exact: true });
    const endMode = custom.getByRole('combobox', { name: 'END (EXCLUSIVE)', exact: true });
    await custom.locator('[data-test="custom-since"]').getByText('Relative Date/Time').waitFor();
    await custom.locator('[data-test="custom-since"]').getByText('Days Before').waitFor();
    await custom.locator('[data-test="custom-until"]').getByText('Specific Date/Time').waitFor();
    const quantity = custom.getByRole('spinbutton', {
      name: 'START (INCLUSIVE) relative quantity',
    });
    assert.equal(await quantity.inputValue(), '7');
    await quantity.fill('3');
    await previewIs(`${day(midnight(-3))} ≤ col < ${day(midnight())}`);
    await snap(page, 'time-range-04-custom-default');
    // Both ends relative: "Anchor to" appears, on NOW.
    await pick(page, endMode, 'Relative Date/Time');
    const anchor = custom.locator('[data-test="custom-anchor"]');
    await anchor.getByText('Anchor to').waitFor();
    assert.equal(await anchor.getByRole('radio', { name: 'NOW' }).isChecked(), true);
    await custom.locator('[data-test="custom-until"]').getByText('Days After').waitFor();
    await anchor.getByRole('radio', { name: 'Date/Time' }).check();
    await anchor.getByRole('textbox', { name: 'Anchor date/time' }).waitFor();
    await previewIs(`${day(midnight(-3))} ≤ col < ${day(midnight(7))}`);
    await snap(page, 'time-range-05-custom-anchor');
    const m = midnight();
    assert.equal(
      await applyAndRun(),
      `DATEADD(DATETIME("${m}"), -3, day) : DATEADD(DATETIME("${m}"), 7, day)`,
    );
    // Reopened, the value is Custom again with its anchor.
    await openEditor();
    await custom.locator('[data-test="custom-anchor"]').waitFor();
    assert.equal(await anchor.getByRole('radio', { name: 'Date/Time' }).isChecked(), true);
    // Specific ends through the date-time pickers.
    // START becomes the date it stood for; END, still relative, now counts from START (the
    // anchor is only for two relative ends), as in Superset: 7 days after START.
    await pick(page, startMode, 'Specific Date/Time');
    await previewIs(`${day(midnight(-3))} ≤ col < ${day(midnight(4))}`);
    await pick(page, endMode, 'Specific Date/Time');
    await previewIs(`${day(midnight(-3))} ≤ col < ${day(midnight(4))}`);
    for (const [side, text] of [
      ['START (INCLUSIVE) date/time', '2000-01-01 00:00:00'],
      ['END (EXCLUSIVE) date/time', '2001-01-01 00:00:00'],
    ] as const) {
      const input = custom.getByRole('textbox', { name: side });
      await input.click();
      await input.fill(text);
      await input.press('Enter');
    }
    await previewIs('2000-01-01 ≤ col < 2001-01-01');
    await snap(page, 'time-range-06-custom-specific');
    assert.equal(await applyAndRun(), '2000-01-01T00:00:00 : 2001-01-01T00:00:00');
  });

  it('Now and Midnight ends', async () => {
    await openEditor();
    const custom = editor().locator('[data-test="custom-frame"]');
    await pick(
      page,
      custom.getByRole('combobox', { name: 'START (INCLUSIVE)', exact: true }),
      'Midnight',
    );
    await pick(page, custom.getByRole('combobox', { name: 'END (EXCLUSIVE)', exact: true }), 'Now');
    await preview()
      .getByText(new RegExp(`^${day(midnight())} ≤ col < `))
      .waitFor();
    assert.equal(await applyAndRun(), 'today : now');
  });

  it('CANCEL keeps the value; No filter resets it', async () => {
    await openEditor();
    await rangeType('Last');
    await editor().getByRole('button', { name: 'CANCEL' }).click();
    await editor().waitFor({ state: 'hidden' });
    await page.locator('[data-test="control-time_range"]').getByText('today : now').waitFor();
    await openEditor();
    await rangeType('No filter');
    await previewIs('-∞ ≤ col < ∞');
    assert.equal(await applyAndRun(), 'No filter');
  });

  it('shows the date picker in French when chosen in the user menu', async () => {
    const userMenu = page.locator('.ant-menu-submenu-title', { hasText: 'admin' }).last();
    const langTitle = page.locator('.ant-menu-submenu-title', { hasText: 'Date picker language' });
    await openSubmenu(page, userMenu, langTitle);
    const french = page.locator('.ant-menu-item', { hasText: 'Français' });
    // A nested submenu: hover its title (leaving would close the user menu).
    await langTitle.hover();
    await french.waitFor();
    await french.dispatchEvent('click');
    await page.mouse.move(700, 700);
    assert.equal(
      await page.evaluate(() => window.localStorage.getItem('strata.datePickerLocale')),
      'fr',
    );
    await openEditor();
    await rangeType('Custom');
    const custom = editor().locator('[data-test="custom-frame"]');
    await pick(
      page,
      custom.getByRole('combobox', { name: 'START (INCLUSIVE)', exact: true }),
      'Specific Date/Time',
    );
    const input = custom.getByRole('textbox', { name: 'START (INCLUSIVE) date/time' });
    await input.click();
    await input.fill('2000-01-15 00:00:00');
    const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await panel.getByText('janv.', { exact: true }).first().waitFor();
    // Day names in French too (lundi first).
    await panel.getByText('lu', { exact: true }).first().waitFor();
    await snap(page, 'time-range-07-french');
    await input.press('Escape');
  });

  it('follows the browser language when nothing is chosen', async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'de-DE',
    });
    const p = await context.newPage();
    await loginAs(p, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await p.goto(exploreUrl);
    await p.locator('[data-test="control-time_range"] [data-test="time-range-trigger"]').click();
    const ed = p.locator('[data-test="time-range-editor"]');
    await pick(p, ed.getByRole('combobox', { name: 'Range type' }), 'Custom');
    await pick(
      p,
      ed.getByRole('combobox', { name: 'END (EXCLUSIVE)', exact: true }),
      'Specific Date/Time',
    );
    const input = ed.getByRole('textbox', { name: 'END (EXCLUSIVE) date/time' });
    await input.click();
    await input.fill('2000-03-15 00:00:00');
    // The panel in German: its "Now" button and the day names, Monday first.
    const panel = p.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await panel.getByText('Jetzt', { exact: true }).waitFor();
    const dayNames = await panel.locator('thead th').allInnerTexts();
    assert.deepEqual(dayNames.slice(0, 3), ['Mo', 'Di', 'Mi']);
    await snap(p, 'time-range-08-german-browser');
    await context.close();
  });

  it('logged no errors but the refused preview', () => {
    const unexpected = errors.filter((e) => !/status of 400/.test(e));
    assert.deepEqual(unexpected, []);
  });
});
