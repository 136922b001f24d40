import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  chooseMenuItem,
  collectPageErrors,
  createDashboardOfCharts,
  csrfTokenOf,
  datasetIdOf,
  genderSelectFilter,
  launchBrowser,
  loginAs,
  saveChart,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

/** In-app navigation: no page load to wait for. */
const SPA = { waitUntil: 'commit' } as const;

/** Screenshots looked at by a person (besides e2e/artifacts). */
const SHOTS = process.env.STRATA_REPORTS_SHOTS ?? '/tmp/reports-shots';

interface ReportRow {
  id: number;
  name: string;
  active: boolean;
  crontab: string;
  crontab_humanized: string;
  type: string;
  creation_method: string;
  dashboard_id: number | null;
  chart_id: number | null;
  recipients: Array<{ type: string }>;
  extra: Record<string, unknown>;
}

describe('Alerts & reports: the lists, the modal and the chart and dashboard menus, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let dashboardUrl: string;
  let dashboardId: number;
  let chartId: number;
  const dashboardTitle = 'E2E reports dashboard';
  const chartName = 'E2E reports pie';

  async function shot(name: string, target: Page | Locator = page): Promise<void> {
    fs.mkdirSync(SHOTS, { recursive: true });
    await target.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
    await snap(page, `reports-${name}`);
  }

  async function reports(): Promise<ReportRow[]> {
    const res = await page.request.get(`${server.baseUrl}/api/v1/report/?q=(page_size:100)`);
    assert.equal(res.status(), 200, await res.text());
    return ((await res.json()) as { result: ReportRow[] }).result;
  }

  /** Waits for a toast's text (started before the action that shows it). */
  const toast = (text: string) =>
    page.locator('.ant-message-notice', { hasText: text }).first().waitFor();

  /** Opens a section of the modal by its title, unless it is open. */
  async function openSection(modal: Locator, title: string): Promise<void> {
    const header = modal.locator('.ant-collapse-header', { hasText: title });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  }

  /** Picks an option of the antd Select whose input has `id`, typing to search. */
  async function pick(id: string, text: string): Promise<void> {
    await page.locator(`#${id}`).click();
    await page.keyboard.type(text);
    await page.locator('.ant-select-item-option', { hasText: text }).first().click();
  }

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
      dashboardTitle,
      [
        {
          name: 'E2E reports by state',
          params: { viz_type: 'table', groupby: ['state'], metrics: ['sum__num'], row_limit: 10 },
        },
      ],
    );
    dashboardId = Number(/\/dashboard\/(\d+)\//.exec(dashboardUrl)?.[1]);
    // A native filter, so that the report can carry a filter value.
    const put = await page.request.put(`${server.baseUrl}/api/v1/dashboard/${dashboardId}`, {
      headers: { 'X-CSRFToken': token },
      data: {
        json_metadata: JSON.stringify({
          native_filter_configuration: [genderSelectFilter(datasetId)],
        }),
      },
    });
    assert.equal(put.status(), 200, await put.text());
    chartId = await saveChart(page, server.baseUrl, token, datasetId, chartName, {
      viz_type: 'pie',
      groupby: ['gender'],
      metric: 'sum__num',
    });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('offers Alerts & reports in Settings and shows the empty lists with their tabs', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('menuitem', { name: 'Settings', exact: true }).first().hover();
    await chooseMenuItem(page.getByRole('link', { name: 'Alerts & reports' }));
    await page.waitForURL(`${server.baseUrl}/alert/list/`, SPA);
    await page.getByText('No alerts yet').waitFor();
    await page.getByRole('tab', { name: 'Reports' }).click();
    await page.waitForURL(`${server.baseUrl}/report/list/`, SPA);
    await page.getByText('No reports yet').waitFor();
    await page.locator('.ant-spin-blur').waitFor({ state: 'detached' });
    await shot('01-report-list-empty');
  });

  it('creates a dashboard report in the modal: PNG, an e-mail recipient, every day at 09:00', async () => {
    // The header's "+ Report" (the empty list offers one too).
    await page.getByRole('button', { name: 'Report' }).first().click();
    const modal = page.locator('.ant-modal', { hasText: 'Add Report' });
    await modal.waitFor();
    // Saving an empty form says what is missing, on the fields.
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await modal.getByText('Enter a name for the report.').waitFor();
    await modal.getByText('Choose a dashboard.').waitFor();
    await modal.getByText('Enter at least one e-mail address.').waitFor();
    await shot('02-modal-validation');

    await modal.getByLabel('Report name').fill('E2E daily sales');
    await openSection(modal, 'Report contents');
    await pick('report-dashboard', dashboardTitle);
    await modal
      .locator('.ant-select', { has: page.locator('#report-format') })
      .getByText('Send as PNG')
      .waitFor();
    // The dashboard's Gender filter gets a value from its column's values.
    await pick('report-filter-NATIVE_FILTER-gender', 'girl');
    await modal.getByLabel('Report name').click(); // closes the dropdown

    await openSection(modal, 'Schedule');
    const picker = modal.locator('[data-test="schedule-picker"]');
    const time = picker.getByLabel('Time');
    await time.click();
    await time.fill('09:00');
    await time.press('Enter');
    await picker
      .locator('[data-test="schedule-sentence"]', { hasText: 'Every day at 09:00' })
      .waitFor();
    assert.equal(await modal.locator('#report-crontab').inputValue(), '0 9 * * *');
    await picker.getByText('At 09:00 AM').waitFor();

    await openSection(modal, 'Notification method');
    await modal.getByLabel('To', { exact: true }).fill('ada@example.com, grace@example.com');
    await page.setViewportSize({ width: 1440, height: 1500 });
    await shot('03-modal-filled', modal);
    await page.setViewportSize({ width: 1440, height: 1000 });

    const created = toast('The report has been created');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/report/'),
    );
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    const answer = await saved;
    assert.equal(answer.status(), 201, await answer.text());
    await created;
    await modal.waitFor({ state: 'hidden' });

    const row = page.getByRole('row', { name: /E2E daily sales/ });
    await row.locator('[data-test="report-schedule"]', { hasText: 'At 09:00 AM' }).waitFor();
    const [stored] = await reports();
    assert.ok(stored);
    assert.equal(stored.type, 'Report');
    assert.equal(stored.crontab, '0 9 * * *');
    assert.equal(stored.dashboard_id, dashboardId);
    assert.equal(stored.creation_method, 'alerts_reports');
    assert.deepEqual(
      stored.recipients.map((r) => r.type),
      ['Email'],
    );
    assert.deepEqual(stored.extra, {
      dashboard: {
        dataMask: {
          'NATIVE_FILTER-gender': {
            id: 'NATIVE_FILTER-gender',
            extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['girl'] }] },
            filterState: { value: ['girl'], label: 'girl' },
          },
        },
      },
    });
    await shot('04-report-list');
  });

  it('turns it off with the active switch', async () => {
    const row = page.getByRole('row', { name: /E2E daily sales/ });
    const toggle = row.locator('[data-test="toggle-active"]');
    assert.equal(await toggle.getAttribute('aria-checked'), 'true');
    const put = page.waitForResponse((r) => r.request().method() === 'PUT');
    await toggle.click();
    assert.equal((await put).status(), 200);
    assert.equal((await reports())[0]?.active, false);
    await page.reload();
    await page
      .getByRole('row', { name: /E2E daily sales/ })
      .locator('[data-test="toggle-active"][aria-checked="false"]')
      .waitFor();
  });

  it('renames it in the edit modal', async () => {
    const row = page.getByRole('row', { name: /E2E daily sales/ });
    await row.getByRole('button', { name: 'Edit' }).click();
    const modal = page.locator('.ant-modal', { hasText: 'Edit Report' });
    const name = modal.getByLabel('Report name');
    await name.waitFor();
    assert.equal(await name.inputValue(), 'E2E daily sales');
    await name.fill('E2E morning sales');
    const updated = toast('Report updated');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await updated;
    await modal.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: /E2E morning sales/ }).waitFor();
    const [stored] = await reports();
    assert.equal(stored?.name, 'E2E morning sales');
    assert.equal(stored?.crontab, '0 9 * * *');
    assert.equal(stored?.active, false);
  });

  it('opens its execution log, with a run sent now, and comes back', async () => {
    // "Send now" through the API: a log row in Working, whatever the worker makes of it next.
    const [stored] = await reports();
    const token = await csrfTokenOf(page, server.baseUrl);
    const run = await page.request.post(`${server.baseUrl}/api/v1/report/${stored?.id}/run`, {
      headers: { 'X-CSRFToken': token },
    });
    assert.equal(run.status(), 202, await run.text());
    const row = page.getByRole('row', { name: /E2E morning sales/ });
    await row.getByRole('button', { name: 'Execution log' }).click();
    await page.waitForURL(/\/report\/\d+\/log$/, SPA);
    await page.getByRole('heading', { name: 'E2E morning sales: execution log' }).waitFor();
    await page.getByText('1-1 of 1').waitFor();
    await page.getByText('Inactive · At 09:00 AM (UTC)').waitFor();
    await shot('05-execution-log');
    await page.locator('[data-test="log-back"]').click();
    await page.waitForURL(`${server.baseUrl}/report/list/`, SPA);
  });

  it('deletes it after confirmation', async () => {
    const row = page.getByRole('row', { name: /E2E morning sales/ });
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await dialog.getByRole('textbox').fill('DELETE');
    const deleted = toast('Deleted: E2E morning sales');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await deleted;
    await page.getByText('No reports yet').waitFor();
    assert.deepEqual(await reports(), []);
  });

  /** The chart's or dashboard's menu: set up, turn off, delete its e-mail report. */
  async function headerMenu(
    open: () => Promise<void>,
    kind: 'chart' | 'dashboard',
    targetName: string,
  ): Promise<void> {
    const name = `Weekly Report for ${targetName}`;
    await open();
    await shot(`${kind}-01-menu-set-up`);
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Set up an email report' }));
    const modal = page.locator('.ant-modal', { hasText: 'Schedule a new email report' });
    await modal.waitFor();
    assert.equal(await modal.getByLabel('Report name').inputValue(), name);
    await modal
      .locator('[data-test="schedule-sentence"]', { hasText: 'Every week on Monday at 12:00' })
      .waitFor();
    await shot(`${kind}-02-report-modal`);
    const created = toast('The report has been created');
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await created;
    await modal.waitFor({ state: 'hidden' });
    const [stored] = await reports();
    assert.equal(stored?.name, name);
    assert.equal(stored?.creation_method, kind === 'chart' ? 'charts' : 'dashboards');
    assert.equal(
      kind === 'chart' ? stored?.chart_id : stored?.dashboard_id,
      kind === 'chart' ? chartId : dashboardId,
    );
    assert.equal(stored?.active, true);

    await open();
    await page.getByRole('menuitem', { name: 'Manage email report' }).hover();
    const toggle = page.getByRole('menuitem', { name: 'Email reports active' });
    await toggle.waitFor();
    assert.equal(await toggle.locator('.ant-checkbox-checked').count(), 1);
    await shot(`${kind}-03-menu-manage`);
    const put = page.waitForResponse((r) => r.request().method() === 'PUT');
    await chooseMenuItem(toggle);
    assert.equal((await put).status(), 200);
    assert.equal((await reports())[0]?.active, false);

    await open();
    await page.getByRole('menuitem', { name: 'Manage email report' }).hover();
    await page
      .getByRole('menuitem', { name: 'Email reports active' })
      .locator('.ant-checkbox:not(.ant-checkbox-checked)')
      .waitFor();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Delete email report' }));
    const dialog = page.getByRole('dialog', { name: 'Delete email report?' });
    await dialog.getByRole('textbox').fill('DELETE');
    const deleted = toast(`Deleted: ${name}`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await deleted;
    assert.deepEqual(await reports(), []);
    await open();
    await page.getByRole('menuitem', { name: 'Set up an email report' }).waitFor();
    await page.keyboard.press('Escape');
  }

  it("sets up, turns off and deletes a chart's e-mail report from Explore's menu", async () => {
    await page.goto(`${server.baseUrl}/explore/?slice_id=${chartId}`);
    await page.locator('[data-test="chart-title"]').getByText(chartName).waitFor();
    await headerMenu(
      async () => {
        await page.locator('[data-test="chart-actions"]').click();
        await page.getByRole('menuitem', { name: 'Edit chart properties' }).waitFor();
      },
      'chart',
      chartName,
    );
  });

  it("sets up, turns off and deletes a dashboard's e-mail report from its menu", async () => {
    await page.goto(dashboardUrl);
    await page.locator('[data-test="dashboard-title"]', { hasText: dashboardTitle }).waitFor();
    await headerMenu(
      async () => {
        await page.locator('[data-test="dashboard-menu"]').click();
        await page.getByRole('menuitem', { name: 'Refresh dashboard' }).waitFor();
      },
      'dashboard',
      dashboardTitle,
    );
    assert.deepEqual(errors, []);
  });
});
