/**
 * Dashboards' native filter state (`/api/v1/dashboard/{id_or_slug}/filter_state`): keeping,
 * reading, replacing and forgetting it by key, key reuse per browser tab, who may do what, and
 * expiry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_FILTER_STATE_TTL_SECONDS } from '../src/dashboards/filter-state.js';
import { keyToUuid } from '../src/key_value/keys.js';
import { KV_MAX_VALUE_BYTES } from '../src/key_value/store.js';
import { toDate } from '../src/metadata/db.js';
import { ApiClient } from './helpers/client.js';
import {
  dashboardWorld,
  layoutOf,
  makeDashboard,
  type DashboardWorld,
} from './helpers/dashboard-world.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

type Problems = { message: Record<string, string[]> };
const DAY_MS = 24 * 3600 * 1000;

describe.each(targets)('dashboard filter state on $name metadata', (target) => {
  let server: TestServer;
  let w: DashboardWorld;
  /** Published, with the sales chart: Gina and Alfie see it, Gus does not. */
  let board: number;
  /** Published, without charts: every Gamma user sees it. */
  let open: number;
  /** Admin's draft: only admin sees it. */
  let draft: number;

  const state = (value: unknown) => ({ value: JSON.stringify(value) });
  const url = (dashboard: number | string, key?: string, query = '') =>
    `/api/v1/dashboard/${dashboard}/filter_state${key === undefined ? '' : `/${key}`}${query}`;
  const create = async (client: ApiClient, dashboard: number | string, value: unknown, q = '') => {
    const res = await client.post<{ key: string }>(url(dashboard, undefined, q), state(value));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.key;
  };
  const read = (client: ApiClient, dashboard: number | string, key: string) =>
    client.get<{ value: string }>(url(dashboard, key));
  const row = (key: string) =>
    server.strata.store.db
      .selectFrom('key_value')
      .select(['resource', 'value', 'created_by_fk', 'expires_on', 'lookup'])
      .where('uuid', '=', keyToUuid(key)!)
      .executeTakeFirstOrThrow();
  const expireIn = (key: string, ms: number) =>
    server.strata.store.db
      .updateTable('key_value')
      .set({ expires_on: new Date(Date.now() + ms).toISOString() })
      .where('uuid', '=', keyToUuid(key)!)
      .execute();

  beforeAll(async () => {
    server = await startServer(target);
    w = await dashboardWorld(server, 'filter_state');
    board = await makeDashboard(w.admin, {
      dashboard_title: 'Filtered board',
      slug: 'filtered-board',
      published: true,
      position_json: JSON.stringify(layoutOf([w.salesChart])),
    });
    open = await makeDashboard(w.admin, { dashboard_title: 'Open board', published: true });
    draft = await makeDashboard(w.admin, { dashboard_title: 'Hidden draft' });
  });
  afterAll(async () => server?.close());

  it('keeps, reads, replaces and forgets a filter state by key', async () => {
    const first = { 'NATIVE_FILTER-1': { filterState: { value: ['east'] } } };
    const made = await w.gina.post<{ key: string }>(url('filtered-board'), state(first));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(Object.keys(made.body)).toEqual(['key']);
    const { key } = made.body;
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const got = await read(w.gina, board, key);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ value: JSON.stringify(first) });
    expect((await read(w.gina, 'filtered-board', key)).body.value).toBe(JSON.stringify(first));

    const stored = await row(key);
    expect(stored.resource).toBe('dashboard_filter_state');
    expect(stored.created_by_fk).toBe(w.ids.gina);
    expect(JSON.parse(stored.value)).toMatchObject({ dashboardId: board, owner: w.ids.gina });

    const second = { 'NATIVE_FILTER-1': { filterState: { value: ['west'] } } };
    const put = await w.gina.put<{ key: string }>(url(board, key), state(second));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ key });
    expect((await read(w.gina, board, key)).body).toEqual({ value: JSON.stringify(second) });

    // Any JSON text is a value, not only objects.
    const list = await w.gina.put<{ key: string }>(url(board, key), { value: '[1, 2]' });
    expect(list.status).toBe(200);
    expect((await read(w.gina, board, key)).body.value).toBe('[1, 2]');

    const del = await w.gina.delete<{ message: string }>(url(board, key));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Deleted successfully' });
    const gone = await read(w.gina, board, key);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Not found' });
    expect((await w.gina.delete(url(board, key))).status).toBe(404);
    expect((await w.gina.put(url(board, key), state({}))).status).toBe(404);
  });

  it("reuses the user's key for the same dashboard and tab", async () => {
    const k1 = await create(w.gina, board, { a: 1 }, '?tab_id=7');
    const again = await create(w.gina, board, { a: 2 }, '?tab_id=7');
    expect(again).toBe(k1);
    expect((await read(w.gina, board, k1)).body.value).toBe(JSON.stringify({ a: 2 }));

    const otherTab = await create(w.gina, board, { a: 3 }, '?tab_id=8');
    expect(otherTab).not.toBe(k1);
    const otherBoard = await create(w.gina, open, { a: 4 }, '?tab_id=7');
    expect(otherBoard).not.toBe(k1);
    const otherUser = await create(w.alfie, board, { a: 5 }, '?tab_id=7');
    expect(otherUser).not.toBe(k1);
    // Without a tab id, every call makes a new key.
    const n1 = await create(w.gina, board, { a: 6 });
    const n2 = await create(w.gina, board, { a: 6 });
    expect(new Set([n1, n2, k1, otherTab]).size).toBe(4);
    // The other keys kept their values.
    expect((await read(w.gina, board, k1)).body.value).toBe(JSON.stringify({ a: 2 }));
    expect((await read(w.gina, board, otherTab)).body.value).toBe(JSON.stringify({ a: 3 }));
    expect((await read(w.alfie, board, otherUser)).body.value).toBe(JSON.stringify({ a: 5 }));

    // A deleted entry is not reused.
    expect((await w.gina.delete(url(board, otherTab))).status).toBe(200);
    const fresh = await create(w.gina, board, { a: 7 }, '?tab_id=8');
    expect(fresh).not.toBe(otherTab);
    expect(await create(w.gina, board, { a: 8 }, '?tab_id=8')).toBe(fresh);
  });

  it("finds the tab's entry through the key-value lookup column", async () => {
    const lookup = (tab: number) => `dashboard:${board}:tab:${tab}:owner:${w.ids.gina}`;
    const setStored = (key: string, values: { value?: string; lookup?: string | null }) =>
      server.strata.store.db
        .updateTable('key_value')
        .set(values)
        .where('uuid', '=', keyToUuid(key)!)
        .execute();
    const key = await create(w.gina, board, { l: 1 }, '?tab_id=31');
    expect((await row(key)).lookup).toBe(lookup(31));

    // The stored text no longer starts with the dashboard, tab and owner: the lookup finds it.
    const reordered = { value: JSON.stringify({ l: 1 }), owner: w.ids.gina, tabId: 31 };
    await setStored(key, { value: JSON.stringify({ ...reordered, dashboardId: board }) });
    expect(await create(w.gina, board, { l: 2 }, '?tab_id=31')).toBe(key);
    expect((await read(w.gina, board, key)).body.value).toBe(JSON.stringify({ l: 2 }));

    // Moving the entry to another tab moves its lookup value.
    const moved = await w.gina.put(url(board, key, '?tab_id=32'), state({ l: 3 }));
    expect(moved.status).toBe(200);
    expect((await row(key)).lookup).toBe(lookup(32));
    expect(await create(w.gina, board, { l: 4 }, '?tab_id=32')).toBe(key);
    expect(await create(w.gina, board, { l: 5 }, '?tab_id=31')).not.toBe(key);

    // An entry without a lookup value (made before the column existed) is not reused.
    await setStored(key, { lookup: null });
    const fresh = await create(w.gina, board, { l: 6 }, '?tab_id=32');
    expect(fresh).not.toBe(key);
    expect((await row(fresh)).lookup).toBe(lookup(32));
    expect((await read(w.gina, board, key)).body.value).toBe(JSON.stringify({ l: 4 }));

    // Entries kept without a tab have none.
    expect((await row(await create(w.gina, board, { l: 7 }))).lookup).toBeNull();
  });

  it('lets others who see the dashboard read by key, but not change or delete', async () => {
    const key = await create(w.gina, open, { mine: true });
    const byGus = await read(w.gus, open, key);
    expect(byGus.status).toBe(200);
    expect(byGus.body.value).toBe(JSON.stringify({ mine: true }));
    const put = await w.gus.put<{ message: string }>(url(open, key), state({ mine: false }));
    expect(put.status).toBe(403);
    expect(put.body).toEqual({ message: 'Forbidden' });
    const del = await w.gus.delete<{ message: string }>(url(open, key));
    expect(del.status).toBe(403);
    expect(del.body).toEqual({ message: 'Forbidden' });
    // Not even admin changes another user's entry.
    expect((await w.admin.put(url(open, key), state({}))).status).toBe(403);
    expect((await w.admin.delete(url(open, key))).status).toBe(403);
    expect((await read(w.gina, open, key)).body.value).toBe(JSON.stringify({ mine: true }));

    const onBoard = await create(w.gina, board, { b: 1 });
    expect((await read(w.alfie, board, onBoard)).status).toBe(200);
    expect((await w.alfie.put(url(board, onBoard), state({ b: 2 }))).status).toBe(403);
    expect((await w.alfie.delete(url(board, onBoard))).status).toBe(403);
  });

  it('answers 404 for hidden and unknown dashboards', async () => {
    const adminKey = await create(w.admin, draft, { d: 1 });
    expect((await read(w.admin, draft, adminKey)).status).toBe(200);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', state({ d: 2 })],
      ['DELETE', undefined],
    ] as const) {
      const res = await w.gina.request(method, url(draft, adminKey), body);
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ message: 'Not found' });
    }
    expect((await w.gina.post(url(draft), state({}))).status).toBe(404);

    // The board needs sales access: Gus sees neither it nor its entries.
    const ginaKey = await create(w.gina, board, { g: 1 });
    expect((await read(w.gus, board, ginaKey)).status).toBe(404);
    expect((await w.gus.post(url(board), state({}))).status).toBe(404);
    expect((await w.gina.post(url(999_999), state({}))).status).toBe(404);
    expect((await w.gina.post(url('no-such-board'), state({}))).status).toBe(404);
    expect((await read(w.gina, 999_999, ginaKey)).status).toBe(404);
  });

  it("answers 404 for another dashboard's key and for keys that are not keys", async () => {
    const key = await create(w.gina, board, { k: 1 });
    expect((await read(w.gina, open, key)).status).toBe(404);
    expect((await w.gina.put(url(open, key), state({ k: 2 }))).status).toBe(404);
    expect((await w.gina.delete(url(open, key))).status).toBe(404);
    expect((await read(w.gina, board, key)).body.value).toBe(JSON.stringify({ k: 1 }));

    for (const bad of ['not-a-key!', 'AAAAAAAAAAAAAAAAAAAAAA', 'short']) {
      const res = await read(w.gina, board, bad);
      expect(res.status, bad).toBe(404);
      expect(res.body).toEqual({ message: 'Not found' });
    }
  });

  it('expires entries after 90 days, renewed by updates', async () => {
    expect(DASHBOARD_FILTER_STATE_TTL_SECONDS).toBe(90 * 24 * 3600);
    const key = await create(w.gina, board, { e: 1 }, '?tab_id=21');
    const expiresIn = () =>
      row(key).then((r) => (toDate(r.expires_on)?.getTime() ?? 0) - Date.now());
    expect(Math.abs((await expiresIn()) - 90 * DAY_MS)).toBeLessThan(60_000);

    await expireIn(key, 3600 * 1000);
    expect((await w.gina.put(url(board, key), state({ e: 2 }))).status).toBe(200);
    expect(Math.abs((await expiresIn()) - 90 * DAY_MS)).toBeLessThan(60_000);
    await expireIn(key, 3600 * 1000);
    expect(await create(w.gina, board, { e: 3 }, '?tab_id=21')).toBe(key);
    expect(Math.abs((await expiresIn()) - 90 * DAY_MS)).toBeLessThan(60_000);

    await expireIn(key, -1000);
    const got = await read(w.gina, board, key);
    expect(got.status).toBe(404);
    expect(got.body).toEqual({ message: 'Not found' });
    expect((await w.gina.put(url(board, key), state({ e: 4 }))).status).toBe(404);
    expect((await w.gina.delete(url(board, key))).status).toBe(404);
    // An expired entry of the tab is not reused.
    const next = await create(w.gina, board, { e: 5 }, '?tab_id=21');
    expect(next).not.toBe(key);
    expect((await read(w.gina, board, next)).body.value).toBe(JSON.stringify({ e: 5 }));
  });

  it('refuses values that are not JSON text, too large, and bad tab ids', async () => {
    const key = await create(w.gina, board, { v: 1 });
    for (const body of [{ value: '{nope' }, { value: '' }, { value: "{'a': 1}" }]) {
      for (const res of [
        await w.gina.post<Problems>(url(board), body),
        await w.gina.put<Problems>(url(board, key), body),
      ]) {
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toEqual({ value: ['value must be valid JSON text'] });
      }
    }
    for (const body of [{}, { value: null }, { value: 5 }, { value: { a: 1 } }]) {
      const res = await w.gina.post<Problems>(url(board), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.message)).toEqual(['value']);
    }
    const big = JSON.stringify('x'.repeat(KV_MAX_VALUE_BYTES));
    const tooLarge = await w.gina.post<Problems>(url(board), { value: big });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message.value![0]).toMatch(/at most 1048576 bytes/);
    const justFits = JSON.stringify('x'.repeat(KV_MAX_VALUE_BYTES - 2));
    const fits = await w.gina.post<{ key: string }>(url(board), { value: justFits });
    expect(fits.status).toBe(201);
    expect((await read(w.gina, board, fits.body.key)).body.value).toBe(justFits);

    for (const q of ['?tab_id=abc', '?tab_id=-1', '?tab_id=1.5', '?tab_id=']) {
      const res = await w.gina.post<Problems>(url(board, undefined, q), state({}));
      expect(res.status, q).toBe(400);
      expect(Object.keys(res.body.message)).toEqual(['tab_id']);
      expect((await w.gina.put(url(board, key, q), state({}))).status).toBe(400);
    }
    expect((await read(w.gina, board, key)).body.value).toBe(JSON.stringify({ v: 1 }));
  });

  it('answers 401 without a login', async () => {
    const key = await create(w.gina, open, { anon: 1 });
    const anon = new ApiClient(server.baseUrl);
    expect((await anon.post(url(open), state({}))).status).toBe(401);
    expect((await anon.get(url(open, key))).status).toBe(401);
    expect((await anon.put(url(open, key), state({}))).status).toBe(401);
    expect((await anon.delete(url(open, key))).status).toBe(401);
    expect((await read(w.gina, open, key)).status).toBe(200);
  });
});
