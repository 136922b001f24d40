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
  openSubmenu,
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
    await openSubmenu(
      page,
      page.getByRole('menuitem', { name: 'Settings', exact: true }).first(),
      page.getByRole('link', { name: 'Alerts & reports' }),
    );
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
    // The worker finishes the run (this server sends no mail: most likely an error); the page
    // shows the final state the API gives, with its duration and message.
    let last: { state: string; error_message: string | null } | undefined;
    for (let i = 0; i < 120; i += 1) {
      const log = await page.request.get(`${server.baseUrl}/api/v1/report/${stored?.id}/log/`);
      last = (
        (await log.json()) as { result: Array<{ state: string; error_message: string | null }> }
      ).result[0];
      if (last && last.state !== 'Working') break;
      await page.waitForTimeout(500);
    }
    assert.ok(last && last.state !== 'Working', `the run did not finish: ${JSON.stringify(last)}`);
    await page.reload();
    const logRow = page.locator('.ant-table-row').first();
    await logRow.getByText(last.state, { exact: true }).waitFor();
    assert.match(await logRow.innerText(), /\d+(\.\d+)? (s|min)/);
    if (last.error_message) {
      await logRow.getByText(last.error_message.slice(0, 30)).first().waitFor();
    }
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

  it("creates an alert on a chart with a SQL condition, and shows the server's field messages", async () => {
    const token = await csrfTokenOf(page, server.baseUrl);
    const related = await page.request.get(`${server.baseUrl}/api/v1/report/related/database`);
    const database = ((await related.json()) as { result: Array<{ value: number; text: string }> })
      .result[0];
    assert.ok(database, 'no database to alert on');
    // Another alert holds the name the edit below tries.
    const taken = await page.request.post(`${server.baseUrl}/api/v1/report/`, {
      headers: { 'X-CSRFToken': token },
      data: {
        type: 'Alert',
        name: 'E2E taken',
        crontab: '0 0 * * *',
        timezone: 'UTC',
        chart: chartId,
        database: database.value,
        sql: 'SELECT 1',
        validator_type: 'not null',
        validator_config_json: {},
        recipients: [{ type: 'Email', recipient_config_json: { target: 'ada@example.com' } }],
      },
    });
    assert.equal(taken.status(), 201, await taken.text());

    await page.getByRole('tab', { name: 'Alerts' }).click();
    await page.waitForURL(`${server.baseUrl}/alert/list/`, SPA);
    await page.getByRole('row', { name: /E2E taken/ }).waitFor();
    await page.getByRole('button', { name: 'Alert' }).first().click();
    const modal = page.locator('.ant-modal', { hasText: 'Add Alert' });
    await modal.waitFor();
    await modal.getByLabel('Alert name').fill('E2E many girls');

    await openSection(modal, 'Alert condition');
    await pick('report-database', database.text);
    await modal.locator('.cm-content').click();
    await page.keyboard.type("SELECT COUNT(*) FROM birth_names WHERE gender = 'girl'");
    await pick('report-condition', '> (Larger than)');
    await modal.getByLabel('Value').fill('1000');

    await openSection(modal, 'Alert contents');
    await modal.locator('.ant-radio-button-wrapper', { hasText: 'Chart' }).click();
    await pick('report-chart', chartName);
    await pick('report-format', 'Send as CSV');

    // A cron typed by hand the picker cannot show, then the picker's own choice.
    await openSection(modal, 'Schedule');
    const picker = modal.locator('[data-test="schedule-picker"]');
    await modal.locator('#report-crontab').fill('*/30 * * * *');
    await picker.getByText('A custom schedule').waitFor();
    await picker.getByText('Every 30 minutes').waitFor();
    // Under load a click can land while the dropdown is still opening: pick again.
    const hourly = picker.locator('[data-test="schedule-sentence"]', {
      hasText: 'Every hour at minute 0',
    });
    for (let attempt = 1; ; attempt += 1) {
      await picker.getByLabel('Repeat every').click();
      await page
        .locator('.ant-select-item-option', { hasText: /^hour$/ })
        .locator('visible=true')
        .first()
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      try {
        await hourly.waitFor({ timeout: 5_000 });
        break;
      } catch (e) {
        if (attempt === 3) throw e;
        await page.keyboard.press('Escape');
      }
    }
    assert.equal(await modal.locator('#report-crontab').inputValue(), '0 * * * *');

    await openSection(modal, 'Notification method');
    await modal.getByRole('button', { name: 'Remove Email' }).click();
    await modal.getByRole('button', { name: 'Add notification method' }).click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Slack' }));
    await modal.getByLabel('Channels').fill('#alerts');
    await modal.getByRole('button', { name: 'Add notification method' }).click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Webhook' }));
    await modal.getByLabel('URL').fill('https://hooks.example.com/strata');
    await modal.getByLabel('Secret').fill('s3cret');
    await openSection(modal, 'Advanced');
    assert.equal(await modal.getByLabel('Grace period').inputValue(), '14400');
    await page.setViewportSize({ width: 1440, height: 2200 });
    await shot('06-alert-modal', modal);
    await page.setViewportSize({ width: 1440, height: 1000 });

    const created = toast('The alert has been created');
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await created;
    await modal.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /E2E many girls/ });
    await row.locator('[data-test="report-schedule"]', { hasText: 'Every hour' }).waitFor();
    await row.getByLabel('Slack').waitFor();
    await row.getByLabel('Webhook').waitFor();
    await shot('07-alert-list');
    const alert = (await reports()).find((r) => r.name === 'E2E many girls');
    assert.ok(alert);
    const shown = (await (
      await page.request.get(`${server.baseUrl}/api/v1/report/${alert.id}`)
    ).json()) as {
      result: {
        sql: string;
        validator_type: string;
        validator_config_json: string;
        report_format: string;
        chart: { id: number } | null;
        recipients: Array<{ type: string; recipient_config_json: string }>;
      };
    };
    assert.equal(shown.result.sql, "SELECT COUNT(*) FROM birth_names WHERE gender = 'girl'");
    assert.equal(shown.result.validator_type, 'operator');
    assert.deepEqual(JSON.parse(shown.result.validator_config_json), { op: '>', threshold: 1000 });
    assert.equal(shown.result.report_format, 'CSV');
    assert.equal(shown.result.chart?.id, chartId);
    assert.deepEqual(
      shown.result.recipients.map((r) => [r.type, JSON.parse(r.recipient_config_json)]),
      [
        ['Slack', { target: 'alerts' }],
        ['Webhook', { target: 'https://hooks.example.com/strata', secret: '********' }],
      ],
    );

    // The server refuses a name another alert has: its message on the name field.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.locator('.ant-modal', { hasText: 'Edit Alert' });
    const name = edit.getByLabel('Alert name');
    await name.waitFor();
    await name.fill('E2E taken');
    const refused = page.waitForResponse((r) => r.request().method() === 'PUT');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    assert.equal((await refused).status(), 422);
    await edit.getByText('An alert named "E2E taken" already exists').waitFor();
    await shot('08-alert-server-error', edit);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'hidden' });

    const ids = (await reports()).map((r) => r.id);
    const removed = await page.request.delete(
      `${server.baseUrl}/api/v1/report/?q=!(${ids.join(',')})`,
      { headers: { 'X-CSRFToken': token } },
    );
    assert.equal(removed.status(), 200, await removed.text());
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
    const toggle = page.getByRole('menuitem', { name: 'Email reports active' });
    await openSubmenu(page, page.getByRole('menuitem', { name: 'Manage email report' }), toggle);
    assert.equal(await toggle.locator('.ant-checkbox-checked').count(), 1);
    await shot(`${kind}-03-menu-manage`);
    const put = page.waitForResponse((r) => r.request().method() === 'PUT');
    await chooseMenuItem(toggle);
    assert.equal((await put).status(), 200);
    assert.equal((await reports())[0]?.active, false);

    await open();
    await openSubmenu(
      page,
      page.getByRole('menuitem', { name: 'Manage email report' }),
      page
        .getByRole('menuitem', { name: 'Email reports active' })
        .locator('.ant-checkbox:not(.ant-checkbox-checked)'),
    );
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
    // The refused rename (422) is the only failed call.
    assert.deepEqual(
      errors.filter((e) => !/status of 422/.test(e)),
      [],
    );
  });
});
