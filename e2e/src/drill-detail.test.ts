import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
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
} from './harness.js';

const rows = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

describe('Drill to detail: the chart menu, the right-click menu and the rows modal, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let dashboardUrl: string;
  let datasetId: number;
  let token: string;

  /** The total the samples endpoint answers for a body (what the modal must show). */
  async function total(body: Record<string, unknown>): Promise<number> {
    const res = await page.request.post(
      `${server.baseUrl}/datasource/samples?datasource_type=table&datasource_id=${datasetId}&page=1&per_page=1`,
      { headers: { 'X-CSRFToken': token }, data: body },
    );
    assert.equal(res.status(), 200, await res.text());
    return ((await res.json()) as { result: { total_count: number } }).result.total_count;
  }

  const chart = (name: string): Locator =>
    page.locator('[data-test="dashboard-chart"]', { hasText: name });
  const modal = (): Locator => page.locator('.ant-modal', { hasText: 'Drill to detail:' });
  /** The modal table's cells of one column (found by its header). */
  async function columnTexts(name: string): Promise<string[]> {
    const headers = await modal().locator('.ant-table-thead th').allInnerTexts();
    const i = headers.findIndex((h) => h.trim() === name);
    assert.ok(i >= 0, headers.join(','));
    return modal()
      .locator(`.ant-table-row td:nth-child(${i + 1})`)
      .allInnerTexts();
  }

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
    token = await csrfTokenOf(page, server.baseUrl);
    dashboardUrl = await createDashboardOfCharts(
      page,
      server.baseUrl,
      token,
      datasetId,
      'E2E drill to detail',
      [
        {
          name: 'Drill gender split',
          params: { viz_type: 'pie', groupby: ['gender'], metric: 'sum__num' },
        },
        {
          name: 'Drill births by state',
          params: { viz_type: 'table', groupby: ['state'], metrics: ['sum__num'], row_limit: 10 },
        },
      ],
    );
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens "Drill to detail" from the chart menu: all rows with their count, page 2', async () => {
    const all = await total({ filters: [] });
    await page.goto(dashboardUrl);
    await chart('Drill gender split').locator('[data-test="echarts-chart"]').waitFor();
    await chart('Drill births by state').locator('[data-test="table-chart"]').waitFor();
    await page.getByRole('button', { name: 'More options for Drill gender split' }).click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Drill to detail' }));
    await modal().getByText('Drill to detail: Drill gender split').waitFor();
    await modal().getByText(rows(all), { exact: true }).waitFor();
    const table = modal().locator('.ant-table');
    await table.locator('.ant-table-row').first().waitFor();
    assert.equal(await table.locator('.ant-table-row').count(), 50);
    for (const col of ['ds', 'gender', 'name', 'num', 'state'])
      await table
        .locator('th', { hasText: new RegExp(`^${col}$`) })
        .first()
        .waitFor();
    // Temporal values are dates.
    const ds = await columnTexts('ds');
    assert.match(ds[0] ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await snap(page, 'drill-01-whole-chart');
    // Page 2: the next 50 rows from the server.
    const firstRow = await table.locator('.ant-table-row').first().innerText();
    const samples = page.waitForResponse(
      (r) => r.url().includes('/datasource/samples') && r.url().includes('page=2'),
    );
    await modal().locator('.ant-pagination-item-2').click();
    assert.equal((await samples).status(), 200);
    await modal().locator('.ant-pagination-item-active', { hasText: '2' }).waitFor();
    await page.waitForFunction(
      (prev) => document.querySelector('.ant-modal .ant-table-row')?.textContent !== prev,
      firstRow.replace(/\t/g, ''),
    );
    assert.notEqual(await table.locator('.ant-table-row').first().innerText(), firstRow);
    await snap(page, 'drill-02-page-2');
    await modal().locator('.ant-modal-close').click();
    await modal().waitFor({ state: 'detached' });
  });

  it('right-clicks a pie slice: "Drill to detail by" its value filters the rows; removing the tag shows all', async () => {
    const canvas = chart('Drill gender split').locator('[data-test="echarts-chart"]');
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2 + 10, { button: 'right' });
    const byItem = page.getByRole('menuitem', { name: /^Drill to detail by / });
    await byItem.waitFor();
    await page.getByRole('menuitem', { name: 'Drill to detail', exact: true }).waitFor();
    await snap(page, 'drill-03-pie-context-menu');
    const label = (await byItem.innerText()).trim();
    const value = label.replace('Drill to detail by ', '');
    assert.ok(['boy', 'girl'].includes(value), label);
    await chooseMenuItem(byItem);
    await modal().getByText(`gender = ${value}`).waitFor();
    const filtered = await total({ filters: [{ col: 'gender', op: '==', val: value }] });
    const all = await total({ filters: [] });
    assert.ok(filtered < all);
    await modal().getByText(rows(filtered), { exact: true }).waitFor();
    const genders = await columnTexts('gender');
    assert.ok(genders.length > 0);
    assert.ok(
      genders.every((g) => g === value),
      genders.join(','),
    );
    await snap(page, 'drill-04-pie-filtered');
    // Removing the tag queries all rows again.
    await modal().locator('[data-test="drill-filter-tag"] .ant-tag-close-icon').click();
    await modal().getByText(rows(all), { exact: true }).waitFor();
    assert.equal(await modal().locator('[data-test="drill-filter-tag"]').count(), 0);
    await snap(page, 'drill-05-tag-removed');
    await modal().locator('.ant-modal-close').click();
    await modal().waitFor({ state: 'detached' });
  });

  it('right-clicks a table row: "Drill to detail by" its state', async () => {
    const cell = chart('Drill births by state')
      .locator('[data-test="table-chart"] tbody td')
      .first();
    const state = (await cell.innerText()).trim();
    await cell.click({ button: 'right' });
    await chooseMenuItem(page.getByRole('menuitem', { name: `Drill to detail by ${state}` }));
    await modal().getByText(`state = ${state}`).waitFor();
    const filtered = await total({ filters: [{ col: 'state', op: '==', val: state }] });
    await modal().getByText(rows(filtered), { exact: true }).waitFor();
    const states = await columnTexts('state');
    assert.ok(states.length > 0 && states.every((s) => s === state), states.join(','));
    await snap(page, 'drill-06-table-row');
    await modal().locator('.ant-modal-close').click();
    assert.deepEqual(errors, []);
  });
});
