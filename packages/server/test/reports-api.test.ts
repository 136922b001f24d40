/**
 * `/api/v1/report/` (issue 18) on both metadata stores: Superset's ReportSchedule answers,
 * validation messages, who sees and changes what, execution logs, "run now", secrets, and the
 * deletes a report holds back.
 */
import { randomUUID } from 'node:crypto';
import {
  reportListItem,
  reportLogItem,
  reportShow,
  risonEncode,
  type ReportShow,
  type RisonValue,
} from '@strata/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecipients } from '../src/reports/recipients.js';
import { loadReportForRun } from '../src/reports/repository.js';
import type { ApiClient } from './helpers/client.js';
import {
  dashboardWorld,
  layoutOf,
  makeDashboard,
  type DashboardWorld,
} from './helpers/dashboard-world.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { startServer, type TestServer } from './helpers/server.js';
import { signedInGammaUser } from './helpers/users.js';

const targets = await metadataTargets();

const REPORTS = '/api/v1/report/';

interface One {
  id: number;
  result: ReportShow;
}
interface ListBody {
  count: number;
  ids: number[];
  result: Array<Record<string, unknown> & { id: number; name: string }>;
  list_columns?: string[];
  order_columns?: string[];
  list_title?: string;
}
interface Fields {
  message: Record<string, string[]>;
}

const q = (value: RisonValue) => `?q=${encodeURIComponent(risonEncode(value))}`;

/** A layout with two tabs, the sales chart on the first. */
function tabbedLayout(chartId: number): Record<string, unknown> {
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'] },
    'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'], parents: ['ROOT_ID'] },
    'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-1'], meta: { text: 'First' } },
    'TAB-b': { id: 'TAB-b', type: 'TAB', children: [], meta: { text: 'Second' } },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: [`CHART-${chartId}`], meta: {} },
    [`CHART-${chartId}`]: {
      id: `CHART-${chartId}`,
      type: 'CHART',
      children: [],
      meta: { chartId, width: 4, height: 50 },
    },
  };
}

describe.each(targets)('reports API on $name metadata', (target) => {
  let server: TestServer;
  let w: DashboardWorld;
  let gwen: ApiClient; // plain Gamma (holds ReportSchedule, as every Gamma user here)
  let salesDb: number;
  let secretDb: number;
  let tabbedDashboard: number;
  let secretDashboard: number;
  let adminId: number;
  const published: string[] = [];

  const db = () => server.strata.store.db;

  beforeAll(async () => {
    server = await startServer(target);
    w = await dashboardWorld(server, `rep_${target.name}`);
    const datasets = await db()
      .selectFrom('tables')
      .select(['id', 'database_id'])
      .where('id', 'in', [w.salesDataset, w.secretDataset])
      .execute();
    adminId = (
      await db()
        .selectFrom('ab_user')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    salesDb = datasets.find((d) => d.id === w.salesDataset)!.database_id;
    secretDb = datasets.find((d) => d.id === w.secretDataset)!.database_id;
    tabbedDashboard = await makeDashboard(w.admin, {
      dashboard_title: 'Tabbed sales',
      published: true,
      position_json: JSON.stringify(tabbedLayout(w.salesChart)),
    });
    secretDashboard = await makeDashboard(w.admin, {
      dashboard_title: 'Secret board',
      published: true,
      position_json: JSON.stringify(layoutOf([w.secretChart])),
    });
    // Gina and Gus (Gamma) get ReportSchedule through a role of their own, as an admin would
    // grant it; Gwen stays a plain Gamma user.
    const role = await w.admin.post<{ id: number }>('/api/v1/security/roles/', {
      name: 'report_writers',
    });
    expect(role.status).toBe(201);
    const pvs = await db()
      .selectFrom('ab_permission_view as pv')
      .innerJoin('ab_permission as p', 'p.id', 'pv.permission_id')
      .innerJoin('ab_view_menu as v', 'v.id', 'pv.view_menu_id')
      .select('pv.id')
      .where('v.name', '=', 'ReportSchedule')
      .execute();
    expect(pvs).toHaveLength(2);
    await db()
      .insertInto('ab_permission_view_role')
      .values(pvs.map((pv) => ({ permission_view_id: pv.id, role_id: role.body.id })))
      .execute();
    await db()
      .insertInto('ab_user_role')
      .values([
        { user_id: w.ids.gina, role_id: role.body.id },
        { user_id: w.ids.gus, role_id: role.body.id },
      ])
      .execute();
    // Gina's readers may use the sales database whole (what an alert's SQL needs).
    const salesAccess = await db()
      .selectFrom('ab_permission_view as pv')
      .innerJoin('ab_permission as p', 'p.id', 'pv.permission_id')
      .innerJoin('ab_view_menu as v', 'v.id', 'pv.view_menu_id')
      .select('pv.id')
      .where('p.name', '=', 'database_access')
      .where('v.name', 'like', `%(id:${salesDb})`)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('ab_permission_view_role')
      .values({ permission_view_id: salesAccess.id, role_id: w.roles.sales_readers! })
      .execute();
    // A role given ends the user's tokens: sign in again.
    await w.gina.loginWithToken('gina', 'password-123');
    await w.gus.loginWithToken('gus', 'password-123');
    gwen = await signedInGammaUser(w.admin, server.baseUrl, 'gwen');
    server.strata.services.bus.subscribe('schedules.changed', (m) => published.push(m));
  });
  afterAll(async () => {
    await server?.close();
  });

  const chartReport = (name: string, more: Record<string, unknown> = {}) => ({
    type: 'Report',
    name,
    crontab: '0 9 * * *',
    chart: w.salesChart,
    report_format: 'PNG',
    recipients: [{ type: 'Email', recipient_config_json: { target: 'ann@example.com' } }],
    ...more,
  });
  const alert = (name: string, more: Record<string, unknown> = {}) => ({
    type: 'Alert',
    name,
    crontab: '*/10 * * * *',
    chart: w.salesChart,
    database: salesDb,
    sql: 'SELECT count(*) FROM sales',
    validator_type: 'operator',
    validator_config_json: { op: '>', threshold: 1 },
    recipients: [{ type: 'Email', recipient_config_json: { target: 'ann@example.com' } }],
    ...more,
  });
  const create = async (c: ApiClient, body: Record<string, unknown>) => {
    const res = await c.post<One>(REPORTS, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };
  const refused = async (c: ApiClient, body: Record<string, unknown>, id?: number) => {
    const res = id
      ? await c.put<Fields>(`${REPORTS}${id}`, body)
      : await c.post<Fields>(REPORTS, body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    return res.body.message;
  };

  it('creates, shows, lists, updates and deletes a report with every field', async () => {
    published.length = 0;
    const body = {
      type: 'Report',
      name: 'Weekly board',
      description: 'Sales for the board',
      context_markdown: '**Sales**',
      active: false,
      crontab: '0 9 * * 1-5',
      timezone: 'Europe/Paris',
      creation_method: 'alerts_reports',
      dashboard: tabbedDashboard,
      report_format: 'PDF',
      owners: [w.ids.alfie],
      recipients: [
        {
          type: 'Email',
          recipient_config_json: {
            target: 'ann@example.com; bob@example.com',
            ccTarget: 'cc@example.com',
            bccTarget: 'bcc@example.com',
          },
        },
        { type: 'Slack', recipient_config_json: { target: '#sales,C0123ABCD' } },
        {
          type: 'Webhook',
          recipient_config_json: { target: 'https://hooks.example.com/in', secret: 's3cret' },
        },
      ],
      grace_period: 600,
      working_timeout: 900,
      log_retention: 30,
      force_screenshot: true,
      custom_width: 1200,
      email_subject: 'Board sales',
      extra: {
        dashboard: {
          activeTabs: ['TAB-a', 'TAB-b'],
          anchor: 'TAB-b',
          dataMask: { 'NATIVE_FILTER-1': { filterState: { value: ['east'] } } },
          urlParams: [['region', 'east']],
        },
      },
    };
    const created = await w.admin.post<One>(REPORTS, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const expected: ReportShow = {
      id,
      type: 'Report',
      name: 'Weekly board',
      description: 'Sales for the board',
      context_markdown: '**Sales**',
      active: false,
      crontab: '0 9 * * 1-5',
      timezone: 'Europe/Paris',
      creation_method: 'alerts_reports',
      chart: null,
      dashboard: { id: tabbedDashboard, dashboard_title: 'Tabbed sales' },
      database: null,
      sql: null,
      validator_type: null,
      validator_config_json: null,
      owners: [{ id: w.ids.alfie, first_name: 'Alfie', last_name: 'Tester' }],
      recipients: [
        {
          id: expect.any(Number) as unknown as number,
          type: 'Email',
          recipient_config_json: JSON.stringify(body.recipients[0]!.recipient_config_json),
        },
        {
          id: expect.any(Number) as unknown as number,
          type: 'Slack',
          recipient_config_json: '{"target":"#sales,C0123ABCD"}',
        },
        {
          id: expect.any(Number) as unknown as number,
          type: 'Webhook',
          recipient_config_json: '{"target":"https://hooks.example.com/in","secret":"********"}',
        },
      ],
      report_format: 'PDF',
      grace_period: 600,
      working_timeout: 900,
      log_retention: 30,
      force_screenshot: true,
      custom_width: 1200,
      email_subject: 'Board sales',
      extra: body.extra,
      last_eval_dttm: null,
      last_state: null,
      last_value: null,
      last_value_row_json: null,
    };
    expect(created.body.result).toEqual(expected);
    expect(reportShow.strict().safeParse(created.body.result).success).toBe(true);
    const shown = await w.admin.get<One>(`${REPORTS}${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ id, result: expected });
    // Alfie owns it (the admin is not added when it names other owners).
    const alfieView = await w.alfie.get<One>(`${REPORTS}${id}`);
    expect(alfieView.status).toBe(200);

    const list = await w.admin.get<ListBody>(
      `${REPORTS}${q({ filters: [{ col: 'id', opr: 'eq', value: id }] })}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.ids).toEqual([id]);
    const item = list.body.result[0]!;
    expect(reportListItem.strict().safeParse(item).error).toBeUndefined();
    expect(item).toMatchObject({
      id,
      type: 'Report',
      name: 'Weekly board',
      active: false,
      crontab: '0 9 * * 1-5',
      crontab_humanized: 'At 09:00 AM, Monday through Friday',
      timezone: 'Europe/Paris',
      creation_method: 'alerts_reports',
      chart_id: null,
      dashboard_id: tabbedDashboard,
      last_state: null,
      created_by: { first_name: 'Strata', last_name: 'Admin' },
      changed_by: { first_name: 'Strata', last_name: 'Admin' },
      owners: [{ id: w.ids.alfie, first_name: 'Alfie', last_name: 'Tester' }],
      recipients: [
        { id: expect.any(Number), type: 'Email' },
        { id: expect.any(Number), type: 'Slack' },
        { id: expect.any(Number), type: 'Webhook' },
      ],
      extra: body.extra,
    });
    expect(item.changed_on_delta_humanized).toEqual(expect.any(String));

    // The secret is sealed in the store and opened for delivery.
    const stored = await db()
      .selectFrom('report_recipient')
      .select('recipient_config_json')
      .where('report_schedule_id', '=', id)
      .where('type', '=', 'Webhook')
      .executeTakeFirstOrThrow();
    expect(stored.recipient_config_json).not.toContain('s3cret');
    expect(JSON.parse(stored.recipient_config_json).secret_encrypted).toMatch(/^v1:/);
    const delivered = await readRecipients(db(), server.strata.services.box, id);
    expect(delivered).toEqual([
      { type: 'Email', config: body.recipients[0]!.recipient_config_json },
      { type: 'Slack', config: { target: '#sales,C0123ABCD' } },
      { type: 'Webhook', config: { target: 'https://hooks.example.com/in', secret: 's3cret' } },
    ]);

    // Everything changes: a chart alert with SQL, a condition and other recipients.
    const update = {
      type: 'Alert',
      name: 'Sales spike',
      description: null,
      context_markdown: null,
      active: true,
      crontab: '*/30 8-18 * * *',
      timezone: 'America/New_York',
      chart: w.salesChart,
      dashboard: null,
      database: salesDb,
      sql: 'SELECT count(*) FROM sales',
      validator_type: 'operator',
      validator_config_json: { op: '>=', threshold: 2.5 },
      report_format: 'CSV',
      owners: [w.ids.alfie, w.ids.gina],
      recipients: [
        {
          type: 'Webhook',
          recipient_config_json: { target: 'https://hooks.example.com/in', secret: '********' },
        },
      ],
      grace_period: 60,
      working_timeout: 120,
      log_retention: 7,
      force_screenshot: false,
      custom_width: null,
      email_subject: null,
      extra: {},
    };
    const updated = await w.admin.put<One>(`${REPORTS}${id}`, update);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.id).toBe(id);
    expect(updated.body.result).toMatchObject({
      type: 'Alert',
      name: 'Sales spike',
      description: null,
      active: true,
      crontab: '*/30 8-18 * * *',
      timezone: 'America/New_York',
      chart: { id: w.salesChart, slice_name: 'Sales table', viz_type: 'table' },
      dashboard: null,
      database: { id: salesDb, database_name: `rep_${target.name}_sales` },
      sql: 'SELECT count(*) FROM sales',
      validator_type: 'operator',
      validator_config_json: '{"op":">=","threshold":2.5}',
      report_format: 'CSV',
      owners: [
        { id: w.ids.gina, first_name: 'Gina', last_name: 'Tester' },
        { id: w.ids.alfie, first_name: 'Alfie', last_name: 'Tester' },
      ].sort((a, b) => a.id - b.id),
      recipients: [
        {
          type: 'Webhook',
          recipient_config_json: '{"target":"https://hooks.example.com/in","secret":"********"}',
        },
      ],
      grace_period: 60,
      working_timeout: 120,
      log_retention: 7,
      force_screenshot: false,
      custom_width: null,
      email_subject: null,
      extra: {},
    });
    // The mask kept the stored secret.
    expect(await readRecipients(db(), server.strata.services.box, id)).toEqual([
      { type: 'Webhook', config: { target: 'https://hooks.example.com/in', secret: 's3cret' } },
    ]);
    const forRun = await loadReportForRun(db(), id);
    expect(forRun).toMatchObject({
      row: { id, type: 'Alert', chart_id: w.salesChart, database_id: salesDb },
      ownerIds: [w.ids.gina, w.ids.alfie].sort((a, b) => a - b),
      extra: {},
      validatorConfig: { op: '>=', threshold: 2.5 },
    });
    expect(await loadReportForRun(db(), 999_999)).toBeNull();

    const gone = await w.admin.delete(`${REPORTS}${id}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ message: 'OK' });
    expect((await w.admin.get(`${REPORTS}${id}`)).status).toBe(404);
    expect(
      await db()
        .selectFrom('report_recipient')
        .select('id')
        .where('report_schedule_id', '=', id)
        .execute(),
    ).toEqual([]);
    // Each write told the schedulers.
    expect(published).toEqual([String(id), String(id), String(id)]);
  });

  it('answers _info and related lists with the related objects the user may see', async () => {
    const info = await w.admin.get<Record<string, unknown>>(`${REPORTS}_info`);
    expect(info.status).toBe(200);
    expect(info.body.permissions).toEqual(['can_read', 'can_write']);
    expect(info.body.add_columns).toEqual(expect.arrayContaining(['crontab', 'recipients']));
    const charts = await w.gina.get<{
      count: number;
      result: Array<{ value: number; text: string }>;
    }>(`${REPORTS}related/chart`);
    expect(charts.status).toBe(200);
    expect(charts.body.result).toEqual([{ value: w.salesChart, text: 'Sales table' }]);
    const adminCharts = await w.admin.get<{ count: number }>(`${REPORTS}related/chart`);
    expect(adminCharts.body.count).toBe(2);
    const dashboards = await w.gina.get<{ result: Array<{ value: number; text: string }> }>(
      `${REPORTS}related/dashboard`,
    );
    expect(dashboards.body.result.map((d) => d.value)).toContain(tabbedDashboard);
    expect(dashboards.body.result.map((d) => d.value)).not.toContain(secretDashboard);
    const databases = await w.gina.get<{ result: Array<{ value: number }> }>(
      `${REPORTS}related/database`,
    );
    expect(databases.body.result.map((d) => d.value)).toEqual([salesDb]);
    const owners = await w.gina.get<{ result: Array<{ text: string }> }>(
      `${REPORTS}related/owners${q({ filter: 'alf' })}`,
    );
    expect(owners.body.result.map((o) => o.text)).toEqual(['Alfie Tester']);
    expect((await w.gina.get(`${REPORTS}related/created_by`)).status).toBe(200);
    expect((await w.gina.get(`${REPORTS}related/sql`)).status).toBe(404);
  });

  it('filters and orders the list as the menus and list pages ask', async () => {
    const a = await create(w.admin, chartReport('Filter A', { creation_method: 'alerts_reports' }));
    const b = await create(
      w.admin,
      chartReport('Filter B', {
        chart: null,
        dashboard: tabbedDashboard,
        creation_method: 'dashboards',
        crontab: '30 7 * * *',
      }),
    );
    const c = await create(w.admin, alert('Filter C', { description: 'watch the spike' }));
    await db()
      .updateTable('report_schedule')
      .set({ last_state: 'Error' })
      .where('id', '=', c)
      .execute();
    const ids = async (filters: RisonValue[], extra: Record<string, RisonValue> = {}) => {
      const res = await w.admin.get<ListBody>(`${REPORTS}${q({ filters, ...extra })}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result.map((r) => r.id).filter((id) => [a, b, c].includes(id));
    };
    expect(await ids([{ col: 'dashboard_id', opr: 'eq', value: tabbedDashboard }])).toEqual([b]);
    expect(
      await ids([
        { col: 'chart_id', opr: 'eq', value: w.salesChart },
        { col: 'creation_method', opr: 'eq', value: 'alerts_reports' },
      ]),
    ).toEqual([a, c]);
    expect(await ids([{ col: 'creation_method', opr: 'eq', value: 'dashboards' }])).toEqual([b]);
    expect(await ids([{ col: 'type', opr: 'eq', value: 'Alert' }])).toEqual([c]);
    expect(await ids([{ col: 'type', opr: 'eq', value: 'Report' }])).toEqual([a, b]);
    expect(await ids([{ col: 'name', opr: 'report_all_text', value: 'spike' }])).toEqual([c]);
    expect(await ids([{ col: 'last_state', opr: 'eq', value: 'Error' }])).toEqual([c]);
    expect(await ids([{ col: 'active', opr: 'eq', value: true }])).toEqual([a, b, c]);
    expect(await ids([{ col: 'created_by', opr: 'rel_o_m', value: adminId }])).toEqual([a, b, c]);
    expect(await ids([{ col: 'owners', opr: 'rel_m_m', value: w.ids.alfie }])).toEqual([]);
    expect(
      await ids([{ col: 'name', opr: 'sw', value: 'Filter' }], {
        order_column: 'name',
        order_direction: 'desc',
      }),
    ).toEqual([c, b, a]);
    // Alerts before reports, then by id.
    expect(
      await ids([{ col: 'name', opr: 'sw', value: 'Filter' }], {
        order_column: 'type',
        order_direction: 'asc',
      }),
    ).toEqual([c, a, b]);
    const paged = await w.admin.get<ListBody>(
      `${REPORTS}${q({
        filters: [{ col: 'name', opr: 'sw', value: 'Filter' }],
        order_column: 'name',
        order_direction: 'asc',
        page: 1,
        page_size: 2,
      })}`,
    );
    expect(paged.body.count).toBe(3);
    expect(paged.body.ids).toEqual([c]);
    expect(paged.body.list_columns).toEqual(
      expect.arrayContaining(['crontab_humanized', 'owners.id']),
    );
    expect(paged.body.order_columns).toEqual(
      expect.arrayContaining(['name', 'crontab', 'changed_on_delta_humanized', 'last_eval_dttm']),
    );
    const bad = await w.admin.get(`${REPORTS}${q({ order_column: 'sql' })}`);
    expect(bad.status).toBe(400);
    await w.admin.delete(`${REPORTS}${q([a, b, c])}`);
  });

  it('refuses invalid reports with Superset-style field messages', async () => {
    expect(await refused(w.admin, chartReport('Bad cron', { crontab: '0 9 * *' }))).toEqual({
      crontab: ['Cron expression is not valid'],
    });
    expect(await refused(w.admin, chartReport('Six fields', { crontab: '0 0 9 * * *' }))).toEqual({
      crontab: ['Cron expression is not valid'],
    });
    expect(await refused(w.admin, chartReport('Feb 30', { crontab: '0 0 30 2 *' }))).toEqual({
      crontab: ['Cron expression is not valid'],
    });
    expect(await refused(w.admin, chartReport('Mars', { timezone: 'Mars/Olympus' }))).toEqual({
      timezone: ['"Mars/Olympus" is not a known time zone'],
    });
    expect(await refused(w.admin, chartReport('Both', { dashboard: tabbedDashboard }))).toEqual({
      chart: ['Choose a chart or dashboard not both'],
    });
    expect(await refused(w.admin, chartReport('Neither', { chart: null }))).toEqual({
      chart: ['Must choose either a chart or a dashboard'],
    });
    expect(
      await refused(w.admin, alert('No database', { database: undefined, sql: undefined })),
    ).toEqual({
      database: ['Database is required for alerts'],
      sql: ['SQL is required for alerts'],
    });
    expect(await refused(w.admin, chartReport('With database', { database: salesDb }))).toEqual({
      database: ['Database reference is not allowed on a report'],
    });
    expect(
      await refused(w.admin, alert('No threshold', { validator_config_json: { op: '>' } })),
    ).toEqual({ validator_config_json: ['Alert validator config error.'] });
    expect(await refused(w.admin, alert('No condition', { validator_type: null }))).toEqual({
      validator_type: ['A condition (validator type) is required for alerts'],
    });
    expect(
      await refused(
        w.admin,
        chartReport('Dashboard CSV', {
          chart: null,
          dashboard: tabbedDashboard,
          report_format: 'CSV',
        }),
      ),
    ).toEqual({ report_format: ['A dashboard can only be sent as PNG or PDF'] });
    expect(
      await refused(
        w.admin,
        chartReport('Bad tabs', {
          chart: null,
          dashboard: tabbedDashboard,
          extra: { dashboard: { activeTabs: ['TAB-a', 'TAB-zz'], anchor: 'CHART-0' } },
        }),
      ),
    ).toEqual({ extra: ['Invalid tab ids: CHART-0, TAB-zz'] });
    expect(
      await refused(
        w.admin,
        chartReport('Bad mail', {
          recipients: [
            {
              type: 'Email',
              recipient_config_json: {
                target: 'ann@example.com, nope',
                ccTarget: 'also bad',
                bccTarget: 'x@-y.org',
              },
            },
            { type: 'Email', recipient_config_json: { target: ' ; ' } },
            { type: 'Slack', recipient_config_json: { target: 'Sales Team' } },
            { type: 'Webhook', recipient_config_json: { target: 'ftp://example.com/x' } },
          ],
        }),
      ),
    ).toEqual({
      recipients: [
        '"nope" is not a valid e-mail address',
        '"also bad" is not a valid e-mail address',
        '"x@-y.org" is not a valid e-mail address',
        'An e-mail recipient needs at least one address',
        '"Sales Team" is not a Slack channel name or id',
        '"ftp://example.com/x" is not an http(s) URL',
      ],
    });
    expect(
      await refused(
        w.admin,
        chartReport('Masked', {
          recipients: [
            {
              type: 'Webhook',
              recipient_config_json: { target: 'https://h.example.com/', secret: '********' },
            },
          ],
        }),
      ),
    ).toEqual({
      recipients: [
        'The webhook secret of https://h.example.com/ is not known: send the secret itself',
      ],
    });
    expect(await refused(w.admin, chartReport('Ghost owners', { owners: [987654] }))).toEqual({
      owners: ['Owners are invalid'],
    });
    expect(
      await refused(w.admin, chartReport('From chart', { chart: null, creation_method: 'charts' })),
    ).toEqual({ chart: ['Please save your chart first, then try creating a new email report.'] });
    // Several problems are answered together.
    expect(
      await refused(
        w.admin,
        chartReport('Many', { crontab: 'x', timezone: 'Nowhere/Land', chart: null }),
      ),
    ).toEqual({
      crontab: ['Cron expression is not valid'],
      timezone: ['"Nowhere/Land" is not a known time zone'],
      chart: ['Must choose either a chart or a dashboard'],
    });

    // Names are unique per type.
    const id = await create(w.admin, chartReport('Taken'));
    expect(await refused(w.admin, chartReport('Taken'))).toEqual({
      name: ['A report named "Taken" already exists'],
    });
    const alertId = await create(w.admin, alert('Taken'));
    expect(await refused(w.admin, alert('Taken'))).toEqual({
      name: ['An alert named "Taken" already exists'],
    });
    const other = await create(w.admin, chartReport('Other'));
    expect(await refused(w.admin, { name: 'Taken' }, other)).toEqual({
      name: ['A report named "Taken" already exists'],
    });
    expect((await w.admin.put(`${REPORTS}${id}`, { name: 'Taken' })).status).toBe(200);
    // An update is checked as the report would be after it.
    expect(await refused(w.admin, { dashboard: tabbedDashboard }, other)).toEqual({
      chart: ['Choose a chart or dashboard not both'],
    });
    expect(await refused(w.admin, { type: 'Alert' }, other)).toEqual({
      database: ['Database is required for alerts'],
      sql: ['SQL is required for alerts'],
      validator_type: ['A condition (validator type) is required for alerts'],
    });
    // Switching type checks the name among the other type too.
    expect(await refused(w.admin, { type: 'Report' }, alertId)).toEqual({
      name: ['A report named "Taken" already exists'],
      database: ['Database reference is not allowed on a report'],
    });

    // Shapes a schema refuses are 400s naming the field.
    const shape = await w.admin.post<Fields>(REPORTS, chartReport('Shape', { type: 'Weekly' }));
    expect(shape.status).toBe(400);
    expect(Object.keys(shape.body.message)).toEqual(['body.type']);
    const width = await w.admin.post<Fields>(REPORTS, chartReport('Wide', { custom_width: 5000 }));
    expect(width.status).toBe(400);
    expect(width.body.message).toEqual({
      'body.custom_width': ['Screenshot width must be between 600px and 2400px'],
    });
    const grace = await w.admin.post<Fields>(
      REPORTS,
      chartReport('Graceless', { grace_period: 0 }),
    );
    expect(grace.body.message).toEqual({ 'body.grace_period': ['Value must be greater than 0'] });

    // One chart-menu report per chart and user (Superset's 409), sent to the writer.
    const mine = await w.gina.post<One>(
      REPORTS,
      chartReport('Gina chart menu', {
        creation_method: 'charts',
        recipients: [{ type: 'Email', recipient_config_json: { target: 'someone@else.org' } }],
      }),
    );
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(mine.body.result.recipients.map((r) => JSON.parse(r.recipient_config_json))).toEqual([
      { target: 'gina@example.com' },
    ]);
    const again = await w.gina.post(
      REPORTS,
      chartReport('Gina chart menu 2', { creation_method: 'charts' }),
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Resource already has an attached report.' });
    await w.admin.delete(`${REPORTS}${q([id, alertId, other, mine.body.id])}`);
  });

  it('checks that the writer may read the chart, dashboard and database', async () => {
    expect(await refused(w.gina, chartReport('Secret chart', { chart: w.secretChart }))).toEqual({
      chart: ['Chart does not exist'],
    });
    expect(
      await refused(
        w.gina,
        chartReport('Secret board', { chart: null, dashboard: secretDashboard }),
      ),
    ).toEqual({ dashboard: ['Dashboard does not exist'] });
    expect(await refused(w.gina, chartReport('Missing chart', { chart: 987654 }))).toEqual({
      chart: ['Chart does not exist'],
    });
    expect(await refused(w.gina, alert('Secret database', { database: secretDb }))).toEqual({
      database: ['Database does not exist'],
    });
    // Gus may read neither the dashboard nor the database: both answered at once.
    expect(
      await refused(w.gus, alert('Gus sales', { chart: null, dashboard: tabbedDashboard })),
    ).toEqual({
      dashboard: ['Dashboard does not exist'],
      database: ['Database does not exist'],
    });
    const ok = await create(w.gina, chartReport('Gina sales'));
    const alertOk = await create(w.gina, alert('Gina alert'));
    await w.gina.delete(`${REPORTS}${q([ok, alertOk])}`);
  });

  it('lets owners and Admin change reports; Gamma sees only its own', async () => {
    // A plain Gamma user holds ReportSchedule (issue 18) and sees only its own reports.
    const gwenList = await gwen.get<ListBody>(REPORTS);
    expect(gwenList.status).toBe(200);
    expect(gwenList.body.count).toBe(0);

    const ginas = await create(w.gina, chartReport('Gina owns', { owners: [w.ids.alfie] }));
    const ginaShow = await w.gina.get<One>(`${REPORTS}${ginas}`);
    // A writer who is not Admin stays an owner.
    expect(ginaShow.body.result.owners.map((o) => o.id).sort()).toEqual(
      [w.ids.gina, w.ids.alfie].sort(),
    );
    const admins = await create(w.admin, chartReport('Admin owns'));

    // Gus (Gamma with the permission) sees neither.
    const gusList = await w.gus.get<ListBody>(REPORTS);
    expect(gusList.status).toBe(200);
    expect(gusList.body.count).toBe(0);
    for (const res of [
      await w.gus.get(`${REPORTS}${ginas}`),
      await w.gus.put(`${REPORTS}${ginas}`, { active: false }),
      await w.gus.delete(`${REPORTS}${ginas}`),
      await w.gus.get(`${REPORTS}${ginas}/log/`),
      await w.gus.post(`${REPORTS}${ginas}/run`),
    ])
      expect(res.status).toBe(404);
    // Gina sees hers only.
    const ginaList = await w.gina.get<ListBody>(REPORTS);
    expect(ginaList.body.result.map((r) => r.id)).toEqual([ginas]);
    expect((await w.gina.get(`${REPORTS}${admins}`)).status).toBe(404);

    // Alfie (Alpha) sees all, changes what he owns.
    const alfieList = await w.alfie.get<ListBody>(REPORTS);
    expect(alfieList.body.result.map((r) => r.id)).toEqual(expect.arrayContaining([ginas, admins]));
    expect((await w.alfie.put(`${REPORTS}${ginas}`, { description: 'co-owner' })).status).toBe(200);
    const forbidden = await w.alfie.put(`${REPORTS}${admins}`, { active: false });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: 'Forbidden' });
    expect((await w.alfie.delete(`${REPORTS}${admins}`)).status).toBe(403);
    expect((await w.alfie.post(`${REPORTS}${admins}/run`)).status).toBe(403);
    expect((await w.alfie.delete(`${REPORTS}${q([ginas, admins])}`)).status).toBe(403);

    // Admin changes anyone's.
    expect((await w.admin.put(`${REPORTS}${ginas}`, { name: 'Renamed by admin' })).status).toBe(
      200,
    );
    expect((await w.gina.put(`${REPORTS}${ginas}`, { description: 'mine' })).status).toBe(200);
    await w.admin.delete(`${REPORTS}${q([ginas, admins])}`);
  });

  it('toggles only active, and a Working report switched off is no longer Working', async () => {
    const id = await create(w.admin, chartReport('Toggle me', { description: 'keep' }));
    await db()
      .updateTable('report_schedule')
      .set({ last_state: 'Working' })
      .where('id', '=', id)
      .execute();
    const before = (await w.admin.get<One>(`${REPORTS}${id}`)).body.result;
    const res = await w.admin.put<One>(`${REPORTS}${id}`, { active: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({ ...before, active: false, last_state: 'Not triggered' });
    const on = await w.admin.put<One>(`${REPORTS}${id}`, { active: true });
    expect(on.body.result).toEqual({ ...before, active: true, last_state: 'Not triggered' });
    await w.admin.delete(`${REPORTS}${id}`);
  });

  it('deletes in bulk, all or nothing', async () => {
    const a = await create(w.admin, chartReport('Bulk A'));
    const b = await create(w.admin, chartReport('Bulk B'));
    await db()
      .insertInto('report_execution_log')
      .values({
        uuid: randomUUID(),
        scheduled_dttm: new Date().toISOString(),
        start_dttm: null,
        end_dttm: null,
        value: null,
        value_row_json: null,
        state: 'Success',
        error_message: null,
        report_schedule_id: a,
      })
      .execute();
    expect((await w.admin.delete(`${REPORTS}${q([a, b, 987654])}`)).status).toBe(404);
    const res = await w.admin.delete(`${REPORTS}${q([a, b])}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Deleted 2 report schedules' });
    const one = await create(w.admin, chartReport('Bulk C'));
    expect((await w.admin.delete(`${REPORTS}${q([one])}`)).body).toEqual({
      message: 'Deleted 1 report schedule',
    });
    expect(
      await db()
        .selectFrom('report_execution_log')
        .select('id')
        .where('report_schedule_id', '=', a)
        .execute(),
    ).toEqual([]);
  });

  it('lists and shows execution log rows', async () => {
    const id = await create(w.gina, chartReport('Logged'));
    const other = await create(w.admin, chartReport('Logged elsewhere'));
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();
    const rows = [
      { state: 'Success', minute: 0, error: null },
      { state: 'Error', minute: 10, error: 'SMTP said no' },
      { state: 'Not triggered', minute: 20, error: null },
      { state: 'Error', minute: 30, error: 'Timeout' },
    ];
    const logIds: number[] = [];
    for (const r of rows) {
      const row = await db()
        .insertInto('report_execution_log')
        .values({
          uuid: randomUUID(),
          scheduled_dttm: at(r.minute),
          start_dttm: at(r.minute),
          end_dttm: at(r.minute + 1),
          value: r.state === 'Not triggered' ? 0.5 : null,
          value_row_json: r.state === 'Not triggered' ? '{"n": 0.5}' : null,
          state: r.state,
          error_message: r.error,
          report_schedule_id: id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      logIds.push(row.id);
    }
    const foreign = await db()
      .insertInto('report_execution_log')
      .values({
        uuid: randomUUID(),
        scheduled_dttm: at(40),
        start_dttm: null,
        end_dttm: null,
        value: null,
        value_row_json: null,
        state: 'Working',
        error_message: null,
        report_schedule_id: other,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const list = await w.gina.get<ListBody>(
      `${REPORTS}${id}/log/${q({ order_column: 'start_dttm', order_direction: 'desc' })}`,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.count).toBe(4);
    expect(list.body.ids).toEqual([...logIds].reverse());
    for (const item of list.body.result)
      expect(reportLogItem.strict().safeParse(item).error).toBeUndefined();
    expect(list.body.result[1]).toEqual({
      id: logIds[2],
      uuid: expect.any(String),
      scheduled_dttm: at(20),
      start_dttm: at(20),
      end_dttm: at(21),
      value: 0.5,
      value_row_json: '{"n": 0.5}',
      state: 'Not triggered',
      error_message: null,
    });
    const errors = await w.gina.get<ListBody>(
      `${REPORTS}${id}/log/${q({
        filters: [{ col: 'state', opr: 'eq', value: 'Error' }],
        order_column: 'end_dttm',
        order_direction: 'asc',
        page_size: 1,
      })}`,
    );
    expect(errors.body.count).toBe(2);
    expect(errors.body.result.map((r) => r.error_message)).toEqual(['SMTP said no']);
    for (const col of ['scheduled_dttm', 'state']) {
      const sorted = await w.gina.get(`${REPORTS}${id}/log/${q({ order_column: col })}`);
      expect(sorted.status).toBe(200);
    }

    const one = await w.gina.get<{ id: number; result: Record<string, unknown> }>(
      `${REPORTS}${id}/log/${logIds[1]}`,
    );
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      id: logIds[1],
      result: expect.objectContaining({ state: 'Error', error_message: 'SMTP said no' }),
    });
    // A log row of another report is not this report's; another user's report is not seen.
    expect((await w.gina.get(`${REPORTS}${id}/log/${foreign.id}`)).status).toBe(404);
    expect((await w.gina.get(`${REPORTS}${other}/log/`)).status).toBe(404);
    expect((await w.gus.get(`${REPORTS}${id}/log/${logIds[0]}`)).status).toBe(404);
    expect((await w.admin.get<ListBody>(`${REPORTS}${other}/log/`)).body.ids).toEqual([foreign.id]);
    await w.admin.delete(`${REPORTS}${q([id, other])}`);
  });

  it('runs a report now: a Working log row and a queued job, for owners and Admin', async () => {
    const id = await create(w.gina, chartReport('Send now'));
    const before = Date.now();
    const res = await w.gina.post<{ id: number; log_id: number }>(`${REPORTS}${id}/run`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ id, log_id: expect.any(Number) });
    const log = await db()
      .selectFrom('report_execution_log')
      .selectAll()
      .where('id', '=', res.body.log_id)
      .executeTakeFirstOrThrow();
    expect(log.report_schedule_id).toBe(id);
    // Working until a worker finishes the run (the embedded process may take the job at once).
    if (log.end_dttm === null) expect(log.state).toBe('Working');
    expect(new Date(log.scheduled_dttm).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Started when asked for (and again when the worker takes it).
    expect(new Date(log.start_dttm!).getTime()).toBeGreaterThanOrEqual(
      new Date(log.scheduled_dttm).getTime(),
    );
    const admin = await w.admin.post<{ id: number; log_id: number }>(`${REPORTS}${id}/run`);
    expect(admin.status).toBe(202);
    expect(admin.body.log_id).not.toBe(res.body.log_id);
    expect((await w.admin.post(`${REPORTS}987654/run`)).status).toBe(404);
    await w.admin.delete(`${REPORTS}${id}`);
  });

  it('refuses to delete a chart, dashboard or database that a report holds', async () => {
    const chartRes = await w.admin.post<{ id: number }>('/api/v1/chart/', {
      slice_name: 'Held chart',
      viz_type: 'table',
      datasource_id: w.salesDataset,
      datasource_type: 'table',
    });
    const chart = chartRes.body.id;
    const board = await makeDashboard(w.admin, { dashboard_title: 'Held board', published: true });
    const r1 = await create(w.admin, chartReport('Holds chart', { chart }));
    const r2 = await create(w.admin, chartReport('Holds chart too', { chart }));
    const r3 = await create(w.admin, chartReport('Holds board', { chart: null, dashboard: board }));
    const r4 = await create(w.admin, alert('Holds database'));

    const chartDel = await w.admin.delete(`/api/v1/chart/${chart}`);
    expect(chartDel.status).toBe(422);
    expect(chartDel.body).toEqual({
      message: 'There are associated alerts or reports: Holds chart,Holds chart too',
    });
    const bulk = await w.admin.delete(`/api/v1/chart/${q([chart])}`);
    expect(bulk.status).toBe(422);
    const boardDel = await w.admin.delete(`/api/v1/dashboard/${board}`);
    expect(boardDel.status).toBe(422);
    expect(boardDel.body).toEqual({
      message: 'There are associated alerts or reports: Holds board',
    });
    const dbDel = await w.admin.delete(`/api/v1/database/${salesDb}`);
    expect(dbDel.status).toBe(422);
    expect(dbDel.body).toEqual({
      message: 'There are associated alerts or reports: Holds database',
    });

    await w.admin.delete(`${REPORTS}${q([r1, r2, r3, r4])}`);
    expect((await w.admin.delete(`/api/v1/chart/${chart}`)).status).toBe(200);
    expect((await w.admin.delete(`/api/v1/dashboard/${board}`)).status).toBe(200);
  });

  it('documents the routes in OpenAPI', async () => {
    const doc = await w.admin.get<{
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>
      >;
    }>('/api/v1/_openapi');
    expect(doc.status).toBe(200);
    const paths = doc.body.paths;
    expect(paths['/api/v1/report/']?.post?.requestBody).toBeDefined();
    expect(paths['/api/v1/report/']?.post?.responses?.['201']).toBeDefined();
    expect(paths['/api/v1/report/{id}']?.put?.requestBody).toBeDefined();
    expect(paths['/api/v1/report/{id}']?.get?.responses?.['200']).toBeDefined();
    expect(paths['/api/v1/report/{id}/log/']?.get?.responses?.['200']).toBeDefined();
    expect(paths['/api/v1/report/{id}/log/{logId}']?.get?.responses?.['200']).toBeDefined();
    expect(paths['/api/v1/report/{id}/run']?.post?.responses?.['202']).toBeDefined();
  });

  describe('with minimum intervals', () => {
    let limited: TestServer;
    let lw: DashboardWorld;

    beforeAll(async () => {
      limited = await startServer(target, {
        STRATA_REPORT_MINIMUM_INTERVAL: '3600',
        STRATA_ALERT_MINIMUM_INTERVAL: '600',
      });
      lw = await dashboardWorld(limited, `lim_${target.name}`);
    });
    afterAll(async () => {
      await limited?.close();
    });

    it("refuses schedules that fire more often than allowed, with Superset's message", async () => {
      const dbId = (
        await limited.strata.store.db
          .selectFrom('tables')
          .select('database_id')
          .where('id', '=', lw.salesDataset)
          .executeTakeFirstOrThrow()
      ).database_id;
      const report = (name: string, crontab: string) => ({
        type: 'Report',
        name,
        crontab,
        chart: lw.salesChart,
        recipients: [],
      });
      const tooOften = await lw.admin.post<Fields>(REPORTS, report('Every 5', '*/5 * * * *'));
      expect(tooOften.status).toBe(422);
      expect(tooOften.body.message).toEqual({
        crontab: [
          'Report schedule frequency exceeding limit. Please configure a schedule with a minimum interval of 60 minutes per execution.',
        ],
      });
      // 00:30 and 23:30: an hour apart across midnight, allowed; 00:00 and 00:30 are not.
      expect((await lw.admin.post(REPORTS, report('Late', '30 0,23 * * *'))).status).toBe(201);
      expect((await lw.admin.post(REPORTS, report('Later', '0,30 0 * * *'))).status).toBe(422);
      const hourly = await lw.admin.post<One>(REPORTS, report('Hourly', '0 * * * *'));
      expect(hourly.status).toBe(201);
      const change = await lw.admin.put<Fields>(`${REPORTS}${hourly.body.id}`, {
        crontab: '*/30 * * * *',
      });
      expect(change.status).toBe(422);
      expect(change.body.message.crontab![0]).toContain('minimum interval of 60 minutes');

      const alertBody = (name: string, crontab: string) => ({
        ...report(name, crontab),
        type: 'Alert',
        database: dbId,
        sql: 'SELECT 1',
        validator_type: 'not null',
      });
      const alertTooOften = await lw.admin.post<Fields>(REPORTS, alertBody('A5', '*/5 * * * *'));
      expect(alertTooOften.status).toBe(422);
      expect(alertTooOften.body.message.crontab).toEqual([
        'Alert schedule frequency exceeding limit. Please configure a schedule with a minimum interval of 10 minutes per execution.',
      ]);
      expect((await lw.admin.post(REPORTS, alertBody('A10', '*/10 * * * *'))).status).toBe(201);
    });
  });
});
