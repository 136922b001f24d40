import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Request } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  createDashboardOfCharts,
  chooseMenuItem,
  collectPageErrors,
  csrfTokenOf,
  datasetIdOf,
  launchBrowser,
  loginAs,
  snap,
  startServer,
  type RunningServer,
  openSubmenu,
} from './harness.js';

/** The filters of every chart data query a page sends (batch or single), as sent. */
function chartQueryFilters(req: Request): unknown[][] {
  if (!/\/api\/v1\/chart\/data(\/batch)?$/.test(new URL(req.url()).pathname)) return [];
  const body = req.postDataJSON() as {
    contexts?: Array<{ queries: Array<{ filters?: unknown[] }> }>;
    queries?: Array<{ filters?: unknown[] }>;
  };
  const contexts = body.contexts ?? [body];
  return contexts.flatMap((c) => (c.queries ?? []).map((q) => q.filters ?? []));
}

describe('Dashboards: native filter bar, filter configuration and filter sets, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let dashboardUrl: string;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    const datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
    const token = await csrfTokenOf(page, server.baseUrl);
    dashboardUrl = await createDashboardOfCharts(
      page,
      server.baseUrl,
      token,
      datasetId,
      'E2E filtered births',
      [
        {
          name: 'Births by state',
          params: { viz_type: 'table', groupby: ['state'], metrics: ['sum__num'], row_limit: 10 },
        },
        { name: 'All births', params: { viz_type: 'big_number_total', metric: 'sum__num' } },
      ],
    );
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows an empty filter bar to an editor, expanded on demand', async () => {
    await page.goto(dashboardUrl);
    await page.locator('[data-test="dashboard-chart"] [data-test="table-chart"]').waitFor();
    // A dashboard without filters opens with the bar folded to its rail.
    await page.locator('[data-test="filter-bar__expand-button"]').click();
    await page.getByText('No filters are currently added to this dashboard.').waitFor();
    await snap(page, 'filters-01-empty-bar');
  });

  it('adds a value filter in the configuration modal and saves it', async () => {
    await page.locator('[data-test="filter-bar__create-filter"]').first().click();
    const modal = page.getByRole('dialog').filter({ hasText: 'Add and edit filters' });
    await modal.waitFor();
    await modal.getByLabel('Filter name').fill('State');
    const dataset = modal.getByLabel('Dataset');
    await dataset.click();
    await page.keyboard.type('birth_names');
    await page.locator('.ant-select-item-option', { hasText: 'birth_names' }).first().click();
    const column = modal.getByLabel('Column');
    await column.click();
    await page.keyboard.type('state');
    await page
      .locator('.ant-select-item-option', { hasText: /^state$/ })
      .first()
      .click();
    await snap(page, 'filters-02-config-modal');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /\/api\/v1\/dashboard\/\d+$/.test(r.url()),
    );
    await page.locator('[data-test="native-filter-modal-save-button"]').click();
    assert.equal((await saved).status(), 200);
    await modal.waitFor({ state: 'detached' });
    await page.locator('[data-test="filter-bar__filter"]', { hasText: 'State' }).waitFor();
  });

  it('applies a chosen value to the charts, keeps it in the address and after a reload', async () => {
    const control = page.getByLabel('State', { exact: true });
    await control.click();
    await page.keyboard.type('CA');
    await page.locator('.ant-select-item-option', { hasText: /^CA$/ }).first().click();
    await page.keyboard.press('Escape');
    const sent: unknown[][] = [];
    const listen = (req: Request) => sent.push(...chartQueryFilters(req));
    page.on('request', listen);
    const answered = page.waitForResponse((r) => /\/api\/v1\/chart\/data/.test(r.url()));
    await page.locator('[data-test="filter-bar__apply-button"]').click();
    await answered;
    page.off('request', listen);
    assert.equal(sent.length, 2, 'both charts query again');
    for (const filters of sent)
      assert.ok(
        JSON.stringify(filters).includes('"col":"state","op":"IN","val":["CA"]'),
        JSON.stringify(filters),
      );
    await page.locator('[data-test="applied-filter"]', { hasText: 'State' }).waitFor();
    await page.waitForURL(/native_filters_key=/);
    await page.waitForTimeout(500);
    await snap(page, 'filters-03-applied');
    await page.reload();
    await page.locator('[data-test="applied-filter"]', { hasText: 'State' }).waitFor();
    await page.locator('[data-test="filter-bar__filter"]', { hasText: 'CA' }).waitFor();
  });

  it('saves the values as a filter set and applies the set again after clearing', async () => {
    await page.getByRole('button', { name: 'Save current filters as a set' }).click();
    await page.getByLabel('Filter set name').fill('Only California');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Filter set saved').waitFor();
    // Clear and apply: no filter left.
    await page.locator('[data-test="filter-bar__clear-button"]').click();
    await page.locator('[data-test="filter-bar__apply-button"]').click();
    await page.locator('[data-test="applied-filter"]').waitFor({ state: 'detached' });
    // The set brings the value back at once.
    await page.getByLabel('Filter sets').click();
    await page.locator('.ant-select-item-option', { hasText: 'Only California' }).click();
    await page.locator('[data-test="applied-filter"]', { hasText: 'State' }).waitFor();
    // The bar shows the set's value as applied: nothing pending.
    await page.locator('[data-test="filter-bar__filter"]', { hasText: 'CA' }).waitFor();
    assert.equal(await page.locator('[data-test="filter-bar__apply-button"]').isDisabled(), true);
    await page.waitForTimeout(500);
    await snap(page, 'filters-04-filter-set');
  });

  it('updates the chosen set with changed values, and renames it', async () => {
    const control = page.getByLabel('State', { exact: true });
    await control.click();
    await page.keyboard.type('NY');
    await page.locator('.ant-select-item-option', { hasText: /^NY$/ }).first().click();
    await page.keyboard.press('Escape');
    await page.locator('[data-test="filter-bar__apply-button"]').click();
    await page.getByText('Only California (changed)').waitFor();
    await page.getByRole('button', { name: 'Update set' }).click();
    await page.getByText('Filter set updated').waitFor();
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Filter set name').fill('California and New York');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Filter set renamed').waitFor();
    await page
      .locator('[data-test="filter-sets"]', { hasText: 'California and New York' })
      .waitFor();
    // Kept on the server (at once when the page is left within the store's short delay): a
    // reload shows the set with both values, applied.
    await page.reload();
    await page.locator('[data-test="applied-filter"]', { hasText: 'NY' }).waitFor();
    await page
      .locator('[data-test="filter-sets"]', { hasText: 'California and New York' })
      .waitFor();
  });

  it('moves the bar to the top and back from its settings, kept with the dashboard', async () => {
    const choose = async (item: string) => {
      await page.locator('[data-test="filterbar-orientation-icon"]').first().click();
      await openSubmenu(
        page,
        page.getByRole('menuitem', { name: 'Orientation of filter bar' }),
        page.getByRole('menuitem', { name: item }),
      );
      await page.getByRole('menuitem', { name: item }).click();
    };
    await choose('Horizontal (Top)');
    await page.locator('[data-test="filter-bar"][data-orientation="HORIZONTAL"]').waitFor();
    await page.reload();
    const bar = page.locator('[data-test="filter-bar"][data-orientation="HORIZONTAL"]');
    await bar.locator('[data-test="filter-bar__filter"]', { hasText: 'CA' }).waitFor();
    await page.waitForTimeout(500);
    await snap(page, 'filters-05-horizontal');
    await choose('Vertical (Left)');
    await page.locator('[data-test="filter-bar"][data-orientation="VERTICAL"]').waitFor();
    assert.deepEqual(errors, []);
  });

  /** An option of the select dropdown that is open (closed ones stay in the page, hidden). */
  const openOption = (text: string | RegExp) =>
    page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: text,
      })
      .first();

  /** Opens the configuration modal on a new filter with a name, birth_names and a column. */
  async function addFilter(name: string, column: string, type?: string) {
    await page.locator('[data-test="filter-bar__create-filter"]').first().click();
    const modal = page.getByRole('dialog').filter({ hasText: 'Add and edit filters' });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Add filters and dividers' }).click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Filter', exact: true }));
    if (type) {
      await modal.getByLabel('Filter type', { exact: true }).click();
      await openOption(type).click();
    }
    await modal.getByLabel('Filter name', { exact: true }).fill(name);
    await modal.getByLabel('Dataset', { exact: true }).click();
    await page.keyboard.type('birth_names');
    await openOption('birth_names').click();
    await modal.getByLabel('Column', { exact: true }).click();
    await page.keyboard.type(column);
    await openOption(new RegExp(`^${column}$`)).click();
    return modal;
  }

  /** Saves the modal and waits for the dashboard's PUT and the filter in the bar. */
  async function saveFilters(name: string) {
    const modal = page.getByRole('dialog').filter({ hasText: 'Add and edit filters' });
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /\/api\/v1\/dashboard\/\d+$/.test(r.url()),
    );
    await page.locator('[data-test="native-filter-modal-save-button"]').click();
    assert.equal((await saved).status(), 200);
    await modal.waitFor({ state: 'detached' });
    const filter = page.locator('[data-test="filter-bar__filter"]', { hasText: name });
    await filter.waitFor();
    return filter;
  }

  it('a numerical range set to "Minimum" has one handle and filters the charts with >= only', async () => {
    const modal = await addFilter('Births', 'num', 'Numerical range');
    await modal.getByRole('checkbox', { name: 'Single Value' }).check();
    // Checking "Single Value" picks Exact (Superset's default); Minimum is chosen here.
    assert.equal(await modal.getByRole('radio', { name: 'Exact' }).isChecked(), true);
    await modal.getByRole('radio', { name: 'Minimum' }).check();
    await snap(page, 'filters-06-range-minimum-config');
    const filter = await saveFilters('Births');
    const control = filter.locator('[data-test="range-filter"]');
    await control.locator('.ant-slider-handle').first().waitFor();
    assert.equal(await control.locator('.ant-slider-handle').count(), 1, 'one slider handle');
    assert.equal(await control.locator('input').count(), 1, 'one number input');
    await control.getByText('Filters for values greater than or equal.').waitFor();

    await page.getByLabel('Births minimum', { exact: true }).fill('100');
    await page.keyboard.press('Tab');
    const sent: unknown[][] = [];
    const listen = (req: Request) => sent.push(...chartQueryFilters(req));
    page.on('request', listen);
    const answered = page.waitForResponse((r) => /\/api\/v1\/chart\/data/.test(r.url()));
    await page.locator('[data-test="filter-bar__apply-button"]').click();
    await answered;
    page.off('request', listen);
    assert.equal(sent.length, 2, 'both charts query again');
    for (const filters of sent) {
      const onNum = (filters as Array<{ col?: unknown; op?: unknown; val?: unknown }>)
        .filter((f) => f.col === 'num')
        .map(({ col, op, val }) => ({ col, op, val }));
      assert.deepEqual(onNum, [{ col: 'num', op: '>=', val: 100 }], JSON.stringify(filters));
    }
    await page.locator('[data-test="applied-filter"]', { hasText: 'x ≥ 100' }).waitFor();
    await page.waitForTimeout(500);
    await snap(page, 'filters-07-range-minimum-applied');
  });

  it('a value filter with a pre-filter clause offers only the matching values', async () => {
    const modal = await addFilter('Coast', 'state');
    await modal.getByRole('checkbox', { name: 'Pre-filter available values' }).check();
    await modal
      .locator('[data-test="pre-filter-clauses"]')
      .getByRole('button', {
        name: 'Add filter',
      })
      .click();
    const editor = page.locator('[data-test="filter-editor"]');
    await editor.waitFor();
    await editor.getByLabel('Filter column', { exact: true }).click();
    await page.keyboard.type('state');
    await openOption(/^state$/).click();
    await editor.getByLabel('Filter values', { exact: true }).click();
    await page.keyboard.type('CA');
    await page.keyboard.press('Enter');
    await page.keyboard.type('NY');
    await page.keyboard.press('Enter');
    await snap(page, 'filters-08-pre-filter-editor');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    await modal
      .locator('[data-test="pre-filter-clauses"] .ant-tag', { hasText: 'state IN (CA, NY)' })
      .waitFor();
    await snap(page, 'filters-09-pre-filter-config');
    // The control's choices query carries the clause as its own filter (the charts' queries
    // carry the State filter's equal values as a dashboard filter, `isExtra`).
    const choices = page.waitForRequest((req) =>
      chartQueryFilters(req).some((filters) =>
        filters.some(
          (f) =>
            JSON.stringify(f) === JSON.stringify({ col: 'state', op: 'IN', val: ['CA', 'NY'] }),
        ),
      ),
    );
    await saveFilters('Coast');
    await choices;
    await page.getByLabel('Coast', { exact: true }).click();
    const options = page.locator(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    );
    await options.first().waitFor();
    assert.deepEqual(await options.allInnerTexts(), ['CA', 'NY']);
    await snap(page, 'filters-10-pre-filtered-choices');
    await page.keyboard.press('Escape');
    assert.deepEqual(errors, []);
  });
});
