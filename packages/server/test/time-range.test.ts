import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

interface Evaluated {
  since: string;
  until: string;
  timeRange: string;
  shift: string | null;
}
type Answer = { result: Evaluated[]; message?: string };

const DAY_MS = 24 * 3600 * 1000;

describe.each(targets)('time range API on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => server?.close());

  it('evaluates one range given as a rison string, as a one-item list', async () => {
    const res = await admin.get<Answer>(
      '/api/v1/time_range/',
      '2018-01-01T00:00:00 : 2018-12-31T23:59:59',
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: [
        {
          since: '2018-01-01T00:00:00',
          until: '2018-12-31T23:59:59',
          timeRange: '2018-01-01T00:00:00 : 2018-12-31T23:59:59',
          shift: null,
        },
      ],
    });
  });

  it('evaluates a list of ranges (strings or {timeRange, shift}) in order', async () => {
    const res = await admin.get<Answer>('/api/v1/time_range/', [
      'No filter',
      'DATEADD(DATETIME("2024-01-31"), 1, month) : LASTDAY(DATETIME("2024-02-01"), month)',
      { timeRange: '2000-01-01T00:00:00 : 2018-01-01T00:00:00', shift: '1 year ago' },
      { timeRange: 'HOLIDAY("Thanksgiving", DATETIME("2026-01-01")) : 2026-12-01' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([
      { since: '', until: '', timeRange: 'No filter', shift: null },
      {
        since: '2024-02-29T00:00:00',
        until: '2024-02-29T00:00:00',
        timeRange:
          'DATEADD(DATETIME("2024-01-31"), 1, month) : LASTDAY(DATETIME("2024-02-01"), month)',
        shift: null,
      },
      {
        since: '1999-01-01T00:00:00',
        until: '2017-01-01T00:00:00',
        timeRange: '2000-01-01T00:00:00 : 2018-01-01T00:00:00',
        shift: '1 year ago',
      },
      {
        since: '2026-11-26T00:00:00',
        until: '2026-12-01T00:00:00',
        timeRange: 'HOLIDAY("Thanksgiving", DATETIME("2026-01-01")) : 2026-12-01',
        shift: null,
      },
    ]);
  });

  it('evaluates relative ranges against the current time', async () => {
    const res = await admin.get<Answer>('/api/v1/time_range/', ['Last week', ' : now']);
    expect(res.status).toBe(200);
    const [lastWeek, untilNow] = res.body.result;
    expect(lastWeek?.until).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);
    const since = Date.parse(`${lastWeek?.since}Z`);
    const until = Date.parse(`${lastWeek?.until}Z`);
    expect(until - since).toBe(7 * DAY_MS);
    expect(Math.abs(Date.now() - until)).toBeLessThan(DAY_MS + 60_000);
    expect(untilNow?.since).toBe('');
    expect(Math.abs(Date.parse(`${untilNow?.until}Z`) - Date.now())).toBeLessThan(60_000);
  });

  it('answers 400 with the message the picker shows on a bad range', async () => {
    const order = await admin.get<Answer>('/api/v1/time_range/', '2020-02-01 : 2020-01-01');
    expect(order.status).toBe(400);
    expect(order.body.message).toBe(
      'Unexpected time range: From date cannot be larger than to date',
    );

    const unbalanced = await admin.get<Answer>(
      '/api/v1/time_range/',
      'DATEADD(DATETIME("today"), -7, day)) : today',
    );
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.body.message).toMatch(
      /^Unexpected time range: Error parsing time range: unbalanced parentheses/,
    );

    const unit = await admin.get<Answer>(
      '/api/v1/time_range/',
      'DATEADD(DATETIME("today"), 1, fortnight) : today',
    );
    expect(unit.status).toBe(400);
    expect(unit.body.message).toMatch(/expected a unit \(year, quarter.*found 'fortnight'/);

    const garbage = await admin.get<Answer>('/api/v1/time_range/', 'garbage : now');
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toBe('Unexpected time range: Cannot parse time string [garbage]');

    const holiday = await admin.get<Answer>('/api/v1/time_range/', [
      'Last week',
      'HOLIDAY("Festivus") : now',
    ]);
    expect(holiday.status).toBe(400);
    expect(holiday.body.message).toBe(
      'Unexpected time range: Unable to find such a holiday: [Festivus]',
    );
  });

  it('answers 400 when q is missing, not rison, or not a range', async () => {
    expect((await admin.get<Answer>('/api/v1/time_range/')).status).toBe(400);
    const notRison = await admin.request<Answer>('GET', '/api/v1/time_range/?q=(unclosed');
    expect(notRison.status).toBe(400);
    expect(notRison.body.message).toMatch(/not valid rison/);
    expect((await admin.get<Answer>('/api/v1/time_range/', { timeRange: 1 })).status).toBe(400);
    expect((await admin.get<Answer>('/api/v1/time_range/', 'x'.repeat(1001))).status).toBe(400);
  });

  it('needs a signed-in user; a session cookie works without a CSRF token', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.get('/api/v1/time_range/', 'Last week')).status).toBe(401);
    const browser = new ApiClient(server.baseUrl);
    await browser.loginWithForm('admin', ADMIN_PASSWORD);
    browser.csrf = null;
    const res = await browser.get<Answer>('/api/v1/time_range/', 'previous calendar year');
    expect(res.status).toBe(200);
    expect(res.body.result[0]?.since).toMatch(/^\d{4}-01-01T00:00:00$/);
  });
});
