/**
 * Report and alert runs end to end (issue 18), on both metadata stores: reports created through
 * the API, run by the worker role of the embedded process (the in-process queue), delivered to
 * real local peers (an SMTP server, a Slack Web API receiver, a webhook receiver), and the
 * execution log and report state they leave, PNG and PDF from the process's own headless
 * browser included (the capture itself in depth: report-screenshots.test.ts; the scheduler's
 * firing: jobs/report-schedules.test.ts and scale-out.test.ts).
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportLogItem, ReportShow } from '@strata/core';
import { pruneReportLogs } from '../src/reports/prune.js';
import type { ApiClient } from './helpers/client.js';
import {
  dashboardWorld,
  layoutOf,
  makeDashboard,
  type DashboardWorld,
} from './helpers/dashboard-world.js';
import {
  startHttpReceiver,
  startSlackReceiver,
  type HttpReceiver,
  type SlackReceiver,
} from './helpers/http-receiver.js';
import { startMailSink, type MailSink } from './helpers/mail-sink.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();
const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
if (!fs.existsSync(path.join(WEB_DIST, 'index.html')))
  throw new Error(`The built web app is missing (${WEB_DIST}): run npm run build first`);
const REPORTS = '/api/v1/report/';
const SLACK_TOKEN = 'xoxb-test-token';

describe.each(targets)('report runs on $name', (target) => {
  let server: TestServer;
  let sink: MailSink;
  let slack: SlackReceiver;
  let hook: HttpReceiver;
  let w: DashboardWorld;
  let salesDatabase: number;
  let csvChart: number;

  beforeAll(async () => {
    sink = await startMailSink();
    slack = await startSlackReceiver({
      token: SLACK_TOKEN,
      channels: [{ id: 'C0REPORTS', name: 'reports' }],
    });
    hook = await startHttpReceiver();
    server = await startServer(target, {
      STRATA_SMTP_HOST: '127.0.0.1',
      STRATA_SMTP_PORT: String(sink.port),
      STRATA_SMTP_STARTTLS: 'false',
      STRATA_SMTP_MAIL_FROM: 'reports@strata.test',
      STRATA_SLACK_API_URL: slack.baseUrl,
      STRATA_SLACK_API_TOKEN: SLACK_TOKEN,
      STRATA_WEBDRIVER_BASEURL_USER_FRIENDLY: 'https://bi.example.com/',
      // The worker's browser opens the app this process serves (where it listens).
      STRATA_WEB_DIST: WEB_DIST,
    });
    w = await dashboardWorld(server, `run_${target.name}`);
    const ds = await w.admin.get<{ result: { database: { id: number } } }>(
      `/api/v1/dataset/${w.salesDataset}`,
    );
    salesDatabase = ds.body.result.database.id;
    const chart = await w.admin.post<{ id: number }>('/api/v1/chart/', {
      slice_name: 'Sales by region',
      viz_type: 'table',
      datasource_id: w.salesDataset,
      datasource_type: 'table',
      params: JSON.stringify({ viz_type: 'table', groupby: ['region'], metrics: ['count'] }),
      query_context: JSON.stringify({
        datasource: { id: w.salesDataset, type: 'table' },
        form_data: { viz_type: 'table', slice_id: null },
        queries: [
          { columns: ['region'], metrics: ['count'], orderby: [['region', true]], row_limit: 100 },
        ],
        result_format: 'json',
        result_type: 'full',
      }),
    });
    expect(chart.status, JSON.stringify(chart.body)).toBe(201);
    csvChart = chart.body.id;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await sink?.close();
    await slack?.close();
    await hook?.close();
  });

  async function create(client: ApiClient, body: Record<string, unknown>): Promise<number> {
    const res = await client.post<{ id: number }>(REPORTS, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  }

  /** Asks for a run and waits for its log row to leave Working. */
  async function runNow(client: ApiClient, id: number): Promise<ReportLogItem> {
    const run = await client.post<{ id: number; log_id: number }>(`${REPORTS}${id}/run`);
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    return finished(client, id, run.body.log_id);
  }

  async function finished(client: ApiClient, id: number, logId: number): Promise<ReportLogItem> {
    let row: ReportLogItem | null = null;
    await vi.waitFor(
      async () => {
        const res = await client.get<{ result: ReportLogItem }>(`${REPORTS}${id}/log/${logId}`);
        expect(res.status).toBe(200);
        expect(res.body.result.state).not.toBe('Working');
        row = res.body.result;
      },
      { timeout: 20_000, interval: 50 },
    );
    return row!;
  }

  /** A run as the scheduler's firing makes it (no log row asked for): the job the worker runs. */
  async function scheduledRun(id: number, tick = Date.now()): Promise<ReportLogItem> {
    const before = await logsOf(id);
    await server.strata.services.queue.add(
      'report.execute',
      { schedule: `report.${id}`, tick },
      { jobId: `report.${id}:${tick}` },
    );
    let row: ReportLogItem | null = null;
    await vi.waitFor(
      async () => {
        const logs = await logsOf(id);
        const fresh = logs.find((l) => !before.some((b) => b.id === l.id));
        expect(fresh?.state ?? 'Working').not.toBe('Working');
        row = fresh!;
      },
      { timeout: 20_000, interval: 50 },
    );
    return row!;
  }

  async function logsOf(id: number): Promise<ReportLogItem[]> {
    const res = await w.admin.get<{ result: ReportLogItem[] }>(
      `${REPORTS}${id}/log/?q=(order_column:start_dttm,order_direction:desc,page_size:100)`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result;
  }

  async function show(id: number): Promise<ReportShow> {
    const res = await w.admin.get<{ result: ReportShow }>(`${REPORTS}${id}`);
    return res.body.result;
  }

  const email = (target: string, extra: Record<string, string> = {}) => ({
    type: 'Email',
    recipient_config_json: { target, ...extra },
  });

  it('sends a chart as CSV by e-mail: subject prefix, rows equal to the chart data, link back', async () => {
    const id = await create(w.admin, {
      type: 'Report',
      name: `CSV ${target.name}`,
      description: 'Weekly <sales> numbers',
      crontab: '0 9 * * 1',
      timezone: 'Europe/Paris',
      chart: csvChart,
      report_format: 'CSV',
      recipients: [
        email('ops@example.com', { ccTarget: 'cc@example.com', bccTarget: 'hidden@example.com' }),
      ],
    });
    const before = sink.mails.length;
    const log = await runNow(w.admin, id);
    expect(log.state, log.error_message ?? '').toBe('Success');
    expect(log.error_message).toBeNull();
    expect(log.end_dttm).not.toBeNull();
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.subject).toBe(`[Report] CSV ${target.name}`);
    expect(mail!.envelope.rcptTo.sort()).toEqual(
      ['cc@example.com', 'hidden@example.com', 'ops@example.com'].sort(),
    );
    expect(mail!.html).toContain('Weekly &lt;sales&gt; numbers');
    expect(mail!.html).toContain(`https://bi.example.com/explore/?slice_id=${csvChart}`);
    const csv = mail!.attachments.find((a) => a.filename?.endsWith('.csv'));
    expect(csv, 'a CSV attachment').toBeDefined();
    // The same rows as the chart's own CSV export.
    const direct = await fetch(`${server.baseUrl}/api/v1/chart/${csvChart}/data/?format=csv`, {
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    expect(direct.status).toBe(200);
    expect(csv!.content.toString('utf8').trim()).toBe((await direct.text()).trim());
    expect(csv!.content.toString('utf8')).toMatch(/region,count[\s\S]*east,1[\s\S]*west,1/);

    const after = await show(id);
    expect(after.last_state).toBe('Success');
    expect(after.last_eval_dttm).not.toBeNull();
  });

  it('sends the data as text to Slack and a signed webhook', async () => {
    const secret = 'hook-secret-123';
    const id = await create(w.admin, {
      type: 'Report',
      name: `Text ${target.name}`,
      crontab: '0 9 * * *',
      chart: csvChart,
      report_format: 'TEXT',
      recipients: [
        { type: 'Slack', recipient_config_json: { target: '#reports' } },
        { type: 'Webhook', recipient_config_json: { target: `${hook.url}hooks/strata`, secret } },
      ],
    });
    const slackBefore = slack.messages.length;
    const hookBefore = hook.requests.length;
    const log = await runNow(w.admin, id);
    expect(log.state, log.error_message ?? '').toBe('Success');

    expect(slack.messages.length).toBe(slackBefore + 1);
    const message = slack.messages[slackBefore]!;
    expect(message.channel).toBe('C0REPORTS');
    expect(message.text).toContain('east');
    expect(message.text).toContain('west');

    const [req] = (await hook.waitFor(hookBefore + 1)).slice(hookBefore);
    expect(req!.url).toBe('/hooks/strata');
    const expected = `sha256=${createHmac('sha256', secret).update(req!.body).digest('hex')}`;
    expect(req!.headers['x-strata-signature']).toBe(expected);
    const body = JSON.parse(req!.body.toString('utf8')) as {
      report: { name: string };
      content: { table: { columns: string[]; rows: unknown[][] } };
    };
    expect(body.report.name).toBe(`Text ${target.name}`);
    expect(body.content.table.columns).toEqual(['region', 'count']);
    expect(body.content.table.rows).toEqual([
      ['east', 1],
      ['west', 1],
    ]);
  });

  it('sends a dashboard as an inline PNG and a chart as a PDF, drawn by the worker’s browser', async () => {
    const board = await makeDashboard(w.admin, {
      dashboard_title: `Picture board ${target.name}`,
      published: true,
      position_json: JSON.stringify(layoutOf([w.salesChart, csvChart])),
    });
    const png = await create(w.admin, {
      type: 'Report',
      name: `Board PNG ${target.name}`,
      crontab: '0 8 * * *',
      dashboard: board,
      report_format: 'PNG',
      custom_width: 1000,
      recipients: [email('board@example.com')],
    });
    const before = sink.mails.length;
    const log = await runNow(w.admin, png);
    expect(log.state, log.error_message ?? '').toBe('Success');
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    const image = mail!.attachments.find((a) => a.contentType === 'image/png');
    expect(image, 'an inline PNG').toBeDefined();
    expect(image!.cid).toBeTruthy();
    expect(mail!.html).toContain(`cid:${image!.cid}`);
    const decoded = PNG.sync.read(image!.content);
    expect(decoded.width).toBe(1000);
    expect(decoded.height).toBeGreaterThan(200);
    const colours = new Set<number>();
    for (let i = 0; i < decoded.data.length; i += 4 * 97)
      colours.add((decoded.data[i]! << 16) | (decoded.data[i + 1]! << 8) | decoded.data[i + 2]!);
    expect(colours.size, 'not a blank picture').toBeGreaterThan(3);
    expect(mail!.html).toContain(`https://bi.example.com/superset/dashboard/${board}/`);

    const pdf = await create(w.admin, {
      type: 'Report',
      name: `Chart PDF ${target.name}`,
      crontab: '0 8 * * *',
      chart: csvChart,
      report_format: 'PDF',
      recipients: [email('pdf@example.com')],
    });
    const pdfLog = await runNow(w.admin, pdf);
    expect(pdfLog.state, pdfLog.error_message ?? '').toBe('Success');
    const [pdfMail] = (await sink.waitFor(before + 2)).slice(before + 1);
    const file = pdfMail!.attachments.find((a) => a.contentType === 'application/pdf');
    expect(file, 'a PDF attachment').toBeDefined();
    const doc = await PDFDocument.load(file!.content);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('logs a delivery failure with the peer’s own message, and a working timeout', async () => {
    const id = await create(w.admin, {
      type: 'Report',
      name: `Refused ${target.name}`,
      crontab: '0 9 * * *',
      chart: csvChart,
      report_format: 'CSV',
      recipients: [email('ops@example.com')],
    });
    sink.failNext(550, 'Mailbox full, try later');
    const refused = await runNow(w.admin, id);
    expect(refused.state).toBe('Error');
    expect(refused.error_message).toContain('Mailbox full, try later');
    expect((await show(id)).last_state).toBe('Error');

    // A webhook that never answers holds the run past its one-second working timeout.
    const slow = await create(w.admin, {
      type: 'Report',
      name: `Slow ${target.name}`,
      crontab: '0 9 * * *',
      chart: csvChart,
      report_format: 'CSV',
      working_timeout: 1,
      recipients: [{ type: 'Webhook', recipient_config_json: { target: `${hook.url}slow` } }],
    });
    hook.script({ hang: true });
    const started = Date.now();
    const timedOut = await runNow(w.admin, slow);
    expect(timedOut.state).toBe('Error');
    expect(timedOut.error_message).toBe('Report Schedule reached a working timeout.');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('fires an alert, stays quiet in its grace period, then fires again', async () => {
    const id = await create(w.admin, {
      type: 'Alert',
      name: `Alert ${target.name}`,
      crontab: '* * * * *',
      database: salesDatabase,
      sql: 'SELECT count(*) AS n FROM sales',
      validator_type: 'operator',
      validator_config_json: { op: '>', threshold: 1 },
      chart: csvChart,
      report_format: 'CSV',
      grace_period: 2,
      recipients: [email('alerts@example.com')],
    });
    const before = sink.mails.length;
    const fired = await scheduledRun(id);
    expect(fired.state, fired.error_message ?? '').toBe('Success');
    expect(fired.value).toBe(2);
    expect(JSON.parse(fired.value_row_json!)).toEqual({ n: 2 });
    await sink.waitFor(before + 1);
    expect(sink.mails[before]!.subject).toBe(`[Report] Alert ${target.name}`);

    const quiet = await scheduledRun(id);
    expect(quiet.state).toBe('On Grace');
    expect(quiet.error_message).toBe('Alert fired during grace period.');
    expect(sink.mails.length).toBe(before + 1);
    expect((await show(id)).last_state).toBe('On Grace');

    await new Promise((r) => setTimeout(r, 2100));
    const again = await scheduledRun(id);
    expect(again.state, again.error_message ?? '').toBe('Success');
    await sink.waitFor(before + 2);

    // A condition that does not hold: Not triggered, nothing sent.
    await w.admin.put(`${REPORTS}${id}`, { validator_config_json: { op: '>', threshold: 10 } });
    await new Promise((r) => setTimeout(r, 2100));
    const noop = await scheduledRun(id);
    expect(noop.state).toBe('Not triggered');
    expect(noop.value).toBe(2);
    expect(sink.mails.length).toBe(before + 2);
    const shown = await show(id);
    expect(shown.last_state).toBe('Not triggered');
    expect(shown.last_value).toBe(2);
  });

  it('logs Superset’s error for an alert query of two rows, and a query error', async () => {
    const id = await create(w.admin, {
      type: 'Alert',
      name: `Two rows ${target.name}`,
      crontab: '0 * * * *',
      database: salesDatabase,
      sql: 'SELECT id FROM sales',
      validator_type: 'not null',
      chart: csvChart,
      report_format: 'CSV',
      recipients: [email('alerts@example.com')],
    });
    const before = sink.mails.length;
    const log = await scheduledRun(id);
    expect(log.state).toBe('Error');
    expect(log.error_message).toBe('Alert query returned more than one row. 2 rows returned');

    await w.admin.put(`${REPORTS}${id}`, { sql: 'SELECT no_such_column FROM sales' });
    const broken = await scheduledRun(id);
    expect(broken.state).toBe('Error');
    expect(broken.error_message).toMatch(/^Alert found an error while executing a query\. .+/);
    expect(sink.mails.length).toBe(before);
  });

  it('sends nothing when the owner lost access to the dashboard, and says why', async () => {
    const board = await makeDashboard(w.admin, {
      dashboard_title: `Sales board ${target.name}`,
      published: true,
      position_json: JSON.stringify(layoutOf([w.salesChart])),
    });
    // Gina (Gamma + the sales role) sets up a report of a dashboard she sees.
    const id = await create(w.gina, {
      type: 'Report',
      name: `Gina board ${target.name}`,
      crontab: '0 9 * * *',
      dashboard: board,
      report_format: 'PNG',
      recipients: [email('gina@example.com')],
    });
    // Her data access is taken away.
    const put = await w.admin.put(`/api/v1/security/users/${w.ids.gina}`, {
      roles: [w.roles.Gamma],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const before = sink.mails.length;
    const log = await scheduledRun(id);
    expect(log.state).toBe('Error');
    expect(log.error_message).toBe(
      `The report could not run as gina: the dashboard ${board} is not visible to this user. Nothing was sent.`,
    );
    expect(sink.mails.length).toBe(before);
  });

  it('prunes logs past their retention and closes runs left Working by a dead worker', async () => {
    const id = await create(w.admin, {
      type: 'Report',
      name: `Prune ${target.name}`,
      crontab: '0 9 * * *',
      chart: csvChart,
      report_format: 'CSV',
      log_retention: 7,
      working_timeout: 60,
      recipients: [email('ops@example.com')],
    });
    const db = server.strata.services.db;
    const day = 24 * 3600 * 1000;
    const at = (ms: number) => new Date(ms).toISOString();
    const now = Date.now();
    const row = (uuid: string, scheduled: number, state: string) => ({
      uuid,
      scheduled_dttm: at(scheduled),
      start_dttm: at(scheduled),
      end_dttm: state === 'Working' ? null : at(scheduled + 1000),
      state,
      report_schedule_id: id,
    });
    await db
      .insertInto('report_execution_log')
      .values([
        row(`${target.name}-old`, now - 8 * day, 'Success'),
        row(`${target.name}-recent`, now - 6 * day, 'Success'),
        row(`${target.name}-stuck`, now - 2 * 3600 * 1000, 'Working'),
      ])
      .execute();
    const result = await pruneReportLogs(db, now);
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(result.timedOut).toBeGreaterThanOrEqual(1);
    const logs = await logsOf(id);
    expect(logs.map((l) => l.uuid).sort()).toEqual(
      [`${target.name}-recent`, `${target.name}-stuck`].sort(),
    );
    const stuck = logs.find((l) => l.uuid === `${target.name}-stuck`)!;
    expect(stuck.state).toBe('Error');
    expect(stuck.error_message).toBe('Report Schedule reached a working timeout.');
  });
});
