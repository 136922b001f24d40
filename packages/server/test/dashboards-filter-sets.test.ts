/**
 * Dashboards' saved filter sets (`/api/v1/dashboard/{id_or_slug}/filtersets`): the list's shape
 * and who sees which set, creating Dashboard- and User-owned sets, changing and deleting them,
 * validation, 404s, removal with the dashboard, and the FilterSets permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KV_MAX_VALUE_BYTES } from '../src/key_value/store.js';
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
interface Item {
  id: number;
  name: string;
  description: string | null;
  params: Record<string, unknown>;
  owner_id: number;
  owner_type: string;
  dashboard_id: number;
  created_on: string | null;
  changed_on: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}
interface List {
  count: number;
  ids: number[];
  result: Item[];
}
interface Saved {
  id: number;
  result: Record<string, unknown>;
}

describe.each(targets)('dashboard filter sets on $name metadata', (target) => {
  let server: TestServer;
  let w: DashboardWorld;
  /** Published, with the sales chart, owned by admin and Gina: Alfie sees it, Gus does not. */
  let board: number;
  /** Published, without charts, owned by admin: every Gamma user sees it. */
  let open: number;
  /** Admin's draft: only admin sees it. */
  let draft: number;
  let adminId: number;

  const metadata = (value: string) =>
    JSON.stringify({
      nativeFilters: { 'NATIVE_FILTER-1': { id: 'NATIVE_FILTER-1', name: 'Region' } },
      dataMask: { 'NATIVE_FILTER-1': { filterState: { value: [value] } } },
    });
  const url = (dashboard: number | string, setId?: number | string) =>
    `/api/v1/dashboard/${dashboard}/filtersets${setId === undefined ? '' : `/${setId}`}`;
  const list = (client: ApiClient, dashboard: number | string) => client.get<List>(url(dashboard));
  const idsSeen = async (client: ApiClient, dashboard: number) => {
    const res = await list(client, dashboard);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.ids;
  };
  const dashboardSet = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    owner_type: 'Dashboard',
    json_metadata: metadata(name),
    ...extra,
  });
  const userSet = (name: string, ownerId: number) => ({
    name,
    owner_type: 'User',
    owner_id: ownerId,
    json_metadata: metadata(name),
  });
  const create = async (
    client: ApiClient,
    dashboard: number | string,
    body: Record<string, unknown>,
  ) => {
    const res = await client.post<Saved>(url(dashboard), body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };
  const stored = (id: number) =>
    server.strata.store.db
      .selectFrom('filter_sets')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();

  beforeAll(async () => {
    server = await startServer(target);
    w = await dashboardWorld(server, 'filter_sets');
    adminId = (
      await server.strata.store.db
        .selectFrom('ab_user')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    board = await makeDashboard(w.admin, {
      dashboard_title: 'Sets board',
      slug: 'sets-board',
      published: true,
      owners: [w.ids.gina],
      position_json: JSON.stringify(layoutOf([w.salesChart])),
    });
    open = await makeDashboard(w.admin, { dashboard_title: 'Open sets', published: true });
    draft = await makeDashboard(w.admin, { dashboard_title: 'Sets draft' });
  });
  afterAll(async () => server?.close());

  it('lists no sets for a dashboard without any', async () => {
    const res = await list(w.gina, board);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0, ids: [], result: [] });
  });

  it('saves a Dashboard-owned set for an owner (201) and lists it with parsed params', async () => {
    const made = await w.gina.post<Saved>(url('sets-board'), {
      name: 'East only',
      description: 'The east region',
      owner_type: 'Dashboard',
      owner_id: board,
      json_metadata: metadata('east'),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(Number),
      result: {
        name: 'East only',
        description: 'The east region',
        owner_type: 'Dashboard',
        owner_id: board,
        json_metadata: metadata('east'),
      },
    });
    const { id } = made.body;

    const got = await list(w.gina, board);
    expect(got.status).toBe(200);
    expect(got.body.count).toBe(1);
    expect(got.body.ids).toEqual([id]);
    expect(got.body.result).toEqual([
      {
        id,
        name: 'East only',
        description: 'The east region',
        params: JSON.parse(metadata('east')),
        owner_id: board,
        owner_type: 'Dashboard',
        dashboard_id: board,
        created_on: expect.any(String),
        changed_on: expect.any(String),
        created_by_fk: w.ids.gina,
        changed_by_fk: w.ids.gina,
      },
    ]);
    expect(Number.isNaN(Date.parse(got.body.result[0]!.created_on!))).toBe(false);

    // owner_id may be left out: it is the dashboard's id.
    const bare = await create(w.admin, board, dashboardSet('No owner id'));
    expect((await stored(bare))?.owner_id).toBe(board);
    // Names need not be unique.
    const twin = await create(w.admin, board, dashboardSet('No owner id'));
    expect(twin).not.toBe(bare);
    expect(await idsSeen(w.alfie, board)).toEqual([id, bare, twin]);
  });

  it('refuses Dashboard-owned sets from non-owners (403) and with another owner_id (400)', async () => {
    // Alfie (Alpha) sees the board but does not own it.
    const res = await w.alfie.post<{ message: string }>(url(board), dashboardSet('Not mine'));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Forbidden' });
    expect((await w.gina.post(url(open), dashboardSet('Not mine either'))).status).toBe(403);

    const wrongId = await w.gina.post<Problems>(url(board), dashboardSet('X', { owner_id: open }));
    expect(wrongId.status).toBe(400);
    expect(Object.keys(wrongId.body.message)).toEqual(['owner_id']);
    const rows = await server.strata.store.db
      .selectFrom('filter_sets')
      .select('name')
      .where('name', 'in', ['Not mine', 'Not mine either', 'X'])
      .execute();
    expect(rows).toEqual([]);
  });

  it("saves User-owned sets for oneself only, never with someone else's owner_id", async () => {
    const mine = await w.alfie.post<Saved>(url(open), userSet('Alfie private', w.ids.alfie));
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(mine.body.result).toMatchObject({ owner_type: 'User', owner_id: w.ids.alfie });
    expect(await stored(mine.body.id)).toMatchObject({
      owner_type: 'User',
      owner_id: w.ids.alfie,
      dashboard_id: open,
    });
    // Gus (Gamma, not an owner) may keep his own sets on a dashboard he sees.
    await create(w.gus, open, userSet('Gus private', w.ids.gus));

    for (const [client, ownerId] of [
      [w.alfie, w.ids.gina],
      [w.gus, w.ids.alfie],
      [w.admin, w.ids.gina],
      [w.gina, 999_999],
    ] as const) {
      const res = await client.post<{ message: string }>(url(open), userSet('Theirs', ownerId));
      expect(res.status, String(ownerId)).toBe(403);
      expect(res.body).toEqual({ message: 'Forbidden' });
    }
    const missing = await w.alfie.post<Problems>(url(open), {
      name: 'No owner',
      owner_type: 'User',
      json_metadata: metadata('x'),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toEqual({
      owner_id: ['owner_id is mandatory when owner_type is User'],
    });
  });

  it("lists the dashboard's sets and the caller's own, not other users' sets", async () => {
    const shared = await create(w.admin, open, dashboardSet('Open shared'));
    const gina = await create(w.gina, open, userSet('Gina on open', w.ids.gina));
    const alfie = await create(w.alfie, open, userSet('Alfie on open', w.ids.alfie));
    const adminOwn = await create(w.admin, open, userSet('Admin on open', adminId));

    const seen = async (client: ApiClient) => {
      const ids = await idsSeen(client, open);
      return {
        shared: ids.includes(shared),
        gina: ids.includes(gina),
        alfie: ids.includes(alfie),
        admin: ids.includes(adminOwn),
      };
    };
    expect(await seen(w.gina)).toEqual({ shared: true, gina: true, alfie: false, admin: false });
    expect(await seen(w.alfie)).toEqual({ shared: true, gina: false, alfie: true, admin: false });
    expect(await seen(w.gus)).toEqual({ shared: true, gina: false, alfie: false, admin: false });
    // User-owned sets are private to Admin as well.
    expect(await seen(w.admin)).toEqual({ shared: true, gina: false, alfie: false, admin: true });

    // Every listed item is the dashboard's or the caller's.
    const res = await list(w.gus, open);
    expect(res.body.count).toBe(res.body.result.length);
    expect(res.body.ids).toEqual(res.body.result.map((r) => r.id));
    for (const item of res.body.result) {
      expect(item.dashboard_id).toBe(open);
      expect(
        item.owner_type === 'Dashboard'
          ? item.owner_id === open
          : item.owner_type === 'User' && item.owner_id === w.ids.gus,
      ).toBe(true);
    }
  });

  it('refuses bad bodies with field messages (400)', async () => {
    const base = dashboardSet('Valid');
    const cases: Array<[Record<string, unknown>, string, RegExp?]> = [
      [{ ...base, name: undefined }, 'name', /Missing data for required field/],
      [{ ...base, name: null }, 'name'],
      [{ ...base, name: '' }, 'name', /Shorter than minimum length 1/],
      [{ ...base, name: 'n'.repeat(501) }, 'name', /Longer than maximum length 500/],
      [{ ...base, name: 4 }, 'name', /Not a valid string/],
      [{ ...base, description: 5 }, 'description'],
      [{ ...base, json_metadata: undefined }, 'json_metadata', /Missing data/],
      [{ ...base, json_metadata: '{nope' }, 'json_metadata', /failed to parse json_metadata/],
      [{ ...base, json_metadata: {} }, 'json_metadata', /Not a valid string/],
      [{ ...base, json_metadata: '[1, 2]' }, 'json_metadata', /JSON object/],
      [{ ...base, json_metadata: '{"dataMask": {}}' }, 'json_metadata', /nativeFilters/],
      [{ ...base, json_metadata: '{"nativeFilters": []}' }, 'json_metadata', /nativeFilters/],
      [
        { ...base, json_metadata: '{"nativeFilters": {}, "dataMask": 3}' },
        'json_metadata',
        /dataMask/,
      ],
      [{ ...base, owner_type: undefined }, 'owner_type', /Missing data/],
      [{ ...base, owner_type: 'Team' }, 'owner_type', /Must be one of: User, Dashboard/],
      [{ ...base, owner_id: 'one' }, 'owner_id', /Not a valid integer/],
      [{ ...base, owner_id: 1.5 }, 'owner_id'],
    ];
    for (const [body, field, text] of cases) {
      const res = await w.gina.post<Problems>(url(board), body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(Object.keys(res.body.message), JSON.stringify(body).slice(0, 200)).toEqual([field]);
      if (text) expect(res.body.message[field]![0]).toMatch(text);
    }
    const unknown = await w.gina.post<Problems>(url(board), { ...base, id: 3 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message._schema![0]).toMatch(/id/);

    const big = JSON.stringify({ nativeFilters: {}, pad: 'x'.repeat(KV_MAX_VALUE_BYTES) });
    const tooLarge = await w.gina.post<Problems>(url(board), { ...base, json_metadata: big });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message.json_metadata![0]).toMatch(/at most 1048576 bytes/);

    // Extra keys inside json_metadata are kept (Superset allows them).
    const extra = await create(w.gina, board, {
      ...base,
      json_metadata: JSON.stringify({ nativeFilters: {}, label: 'kept' }),
    });
    const listed = (await list(w.gina, board)).body.result.find((r) => r.id === extra);
    expect(listed?.params).toEqual({ nativeFilters: {}, label: 'kept' });

    // PUT: no nulls, no User owner type, no unknown fields.
    for (const [body, field] of [
      [{ name: null }, 'name'],
      [{ name: '' }, 'name'],
      [{ description: null }, 'description'],
      [{ json_metadata: 'nope' }, 'json_metadata'],
      [{ owner_type: 'User' }, 'owner_type'],
    ] as const) {
      const res = await w.gina.put<Problems>(url(board, extra), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.message)).toEqual([field]);
    }
    expect((await w.gina.put(url(board, extra), { owner_id: 3 })).status).toBe(400);
    expect((await stored(extra))?.name).toBe('Valid');
  });

  it('lets owners and Admin change and delete Dashboard-owned sets, and users their own', async () => {
    const shared = await create(w.admin, board, dashboardSet('Shared'));
    const put = await w.gina.put<Saved>(url(board, shared), {
      name: 'Shared, renamed',
      json_metadata: metadata('west'),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({
      id: shared,
      result: { name: 'Shared, renamed', json_metadata: metadata('west') },
    });
    const item = (await list(w.alfie, board)).body.result.find((r) => r.id === shared);
    expect(item).toMatchObject({
      name: 'Shared, renamed',
      params: JSON.parse(metadata('west')),
      changed_by_fk: w.ids.gina,
      created_by_fk: adminId,
    });

    // Alfie sees it but does not own the board.
    for (const res of [
      await w.alfie.put<{ message: string }>(url(board, shared), { name: 'Mine now' }),
      await w.alfie.delete<{ message: string }>(url(board, shared)),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Forbidden' });
    }
    expect((await w.admin.put(url(board, shared), { description: 'By admin' })).status).toBe(200);
    expect((await stored(shared))?.description).toBe('By admin');

    // A user's own set: only that user, not the board's owners, not Admin.
    const alfies = await create(w.alfie, board, userSet('Alfie on board', w.ids.alfie));
    for (const client of [w.gina, w.admin]) {
      expect((await client.put(url(board, alfies), { name: 'Taken' })).status).toBe(403);
      expect((await client.delete(url(board, alfies))).status).toBe(403);
    }
    expect((await w.alfie.put(url(board, alfies), { name: 'Alfie renamed' })).status).toBe(200);
    expect((await stored(alfies))?.name).toBe('Alfie renamed');

    // Handing one's own set to the dashboard needs the right to edit the dashboard.
    const toBoard = await w.alfie.put(url(board, alfies), { owner_type: 'Dashboard' });
    expect(toBoard.status).toBe(403);
    const ginas = await create(w.gina, board, userSet('Gina to board', w.ids.gina));
    expect((await w.gina.put(url(board, ginas), { owner_type: 'Dashboard' })).status).toBe(200);
    expect(await stored(ginas)).toMatchObject({ owner_type: 'Dashboard', owner_id: board });
    expect(await idsSeen(w.alfie, board)).toContain(ginas);

    const del = await w.alfie.delete<{ message: string }>(url(board, alfies));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'OK' });
    expect(await stored(alfies)).toBeUndefined();
    expect((await w.alfie.delete(url(board, alfies))).status).toBe(404);
    expect((await w.gina.delete(url('sets-board', shared))).status).toBe(200);
    expect(await idsSeen(w.gina, board)).not.toContain(shared);
  });

  it('answers 404 for unknown or hidden dashboards, unknown sets and sets of another dashboard', async () => {
    const onBoard = await create(w.gina, board, dashboardSet('Board only'));
    const onDraft = await create(w.admin, draft, dashboardSet('Draft only'));
    const calls = (dashboard: number | string, setId: number | string) =>
      [
        ['GET', url(dashboard), undefined],
        ['POST', url(dashboard), dashboardSet('Nope')],
        ['PUT', url(dashboard, setId), { name: 'Nope' }],
        ['DELETE', url(dashboard, setId), undefined],
      ] as const;
    const expect404 = async (client: ApiClient, dashboard: number | string, setId: number) => {
      for (const [method, path, body] of calls(dashboard, setId)) {
        const res = await client.request(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toEqual({ message: 'Not found' });
      }
    };
    await expect404(w.gina, 999_999, onBoard);
    await expect404(w.gina, 'no-such-board', onBoard);
    await expect404(w.gina, draft, onDraft);
    // The board needs sales access: Gus sees neither it nor its sets.
    await expect404(w.gus, board, onBoard);

    for (const setId of [onDraft, 999_999, 'abc', '0', '1.5']) {
      for (const [method, path, body] of calls(board, setId).slice(2)) {
        const res = await w.gina.request(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    // A set is only reached through its own dashboard.
    expect((await w.admin.put(url(open, onBoard), { name: 'Moved' })).status).toBe(404);
    expect((await w.admin.delete(url(open, onBoard))).status).toBe(404);
    expect(await stored(onBoard)).toMatchObject({ name: 'Board only', dashboard_id: board });
  });

  it("removes a dashboard's sets with the dashboard", async () => {
    const doomed = await makeDashboard(w.gina, { dashboard_title: 'Doomed', published: true });
    const a = await create(w.gina, doomed, dashboardSet('Doomed shared'));
    const b = await create(w.gina, doomed, userSet('Doomed mine', w.ids.gina));
    const c = await create(w.alfie, doomed, userSet('Doomed Alfie', w.ids.alfie));
    const keep = await create(w.gina, board, dashboardSet('Kept'));

    const del = await w.gina.delete(`/api/v1/dashboard/${doomed}`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    for (const id of [a, b, c]) expect(await stored(id)).toBeUndefined();
    const left = await server.strata.store.db
      .selectFrom('filter_sets')
      .select('id')
      .where('dashboard_id', '=', doomed)
      .execute();
    expect(left).toEqual([]);
    expect(await stored(keep)).toBeDefined();
    expect((await list(w.gina, doomed)).status).toBe(404);
  });

  it('needs can_read / can_write on FilterSets, which Gamma holds', async () => {
    const held = await server.strata.store.db
      .selectFrom('ab_permission_view_role as pvr')
      .innerJoin('ab_role as r', 'r.id', 'pvr.role_id')
      .innerJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
      .innerJoin('ab_permission as p', 'p.id', 'pv.permission_id')
      .innerJoin('ab_view_menu as v', 'v.id', 'pv.view_menu_id')
      .select(['r.name as role', 'p.name as perm'])
      .where('v.name', '=', 'FilterSets')
      .execute();
    const pairs = held.map((h) => `${h.role}:${h.perm}`).sort();
    expect(pairs).toEqual([
      'Admin:can_read',
      'Admin:can_write',
      'Alpha:can_read',
      'Alpha:can_write',
      'Gamma:can_read',
      'Gamma:can_write',
    ]);

    // A user with data access but no Gamma role has neither.
    const made = await w.admin.post<{ id: number }>('/api/v1/security/users/', {
      username: 'sal',
      first_name: 'Sal',
      last_name: 'Tester',
      email: 'sal@example.com',
      password: 'password-123',
      active: true,
      roles: [w.roles.sales_readers],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const sal = new ApiClient(server.baseUrl);
    await sal.loginWithToken('sal', 'password-123');
    const setId = await create(w.admin, open, dashboardSet('Out of reach'));
    expect((await sal.get(url(open))).status).toBe(403);
    expect((await sal.post(url(open), userSet('Sal', made.body.id))).status).toBe(403);
    expect((await sal.put(url(open, setId), { name: 'x' })).status).toBe(403);
    expect((await sal.delete(url(open, setId))).status).toBe(403);

    const anon = new ApiClient(server.baseUrl);
    expect((await anon.get(url(open))).status).toBe(401);
    expect((await anon.post(url(open), dashboardSet('Anon'))).status).toBe(401);
    expect((await anon.put(url(open, setId), { name: 'x' })).status).toBe(401);
    expect((await anon.delete(url(open, setId))).status).toBe(401);
    expect(await stored(setId)).toMatchObject({ name: 'Out of reach' });
  });
});
