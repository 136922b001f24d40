import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  ARTIFACTS,
  collectPageErrors,
  csrfTokenOf,
  datasetIdOf,
  launchBrowser,
  loginAs,
  saveChart,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

type Layout = Record<string, { type?: string; children: string[]; meta?: Record<string, unknown> }>;
interface Spec {
  id: string;
  type: string;
  meta?: Record<string, unknown>;
  children?: Spec[];
}

/** A Superset position_json from a tree (parents filled in). */
function positionOf(top: Spec[]): Record<string, unknown> {
  const out: Record<string, unknown> = { DASHBOARD_VERSION_KEY: 'v2' };
  const visit = (node: Spec, parents: string[]) => {
    out[node.id] = {
      id: node.id,
      type: node.type,
      children: (node.children ?? []).map((c) => c.id),
      parents,
      ...(node.meta ? { meta: node.meta } : {}),
    };
    for (const child of node.children ?? []) visit(child, [...parents, node.id]);
  };
  visit({ id: 'ROOT_ID', type: 'ROOT', children: top }, []);
  if (!out.GRID_ID)
    out.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: [], parents: ['ROOT_ID'] };
  return out;
}

const chartNode = (id: string, chartId: number, width: number): Spec => ({
  id,
  type: 'CHART',
  meta: { chartId, width, height: 40 },
});

type Spot = { x: number; y: number } | ((box: Box) => { x: number; y: number });
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

describe('Dashboard drag and drop: each kind of place, checked in the saved position_json', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let token: string;
  const chartIds: number[] = [];

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 1100 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    const datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
    token = await csrfTokenOf(page, server.baseUrl);
    for (const name of ['A', 'B', 'C', 'D', 'E']) {
      chartIds.push(
        await saveChart(page, server.baseUrl, token, datasetId, `DnD chart ${name}`, {
          viz_type: 'big_number_total',
          metric: 'sum__num',
        }),
      );
    }
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function createDashboard(title: string, slug: string, top: Spec[]): Promise<number> {
    const res = await page.request.post(`${server.baseUrl}/api/v1/dashboard/`, {
      headers: { 'X-CSRFToken': token },
      data: { dashboard_title: title, slug, position_json: JSON.stringify(positionOf(top)) },
    });
    assert.equal(res.status(), 201, await res.text());
    return ((await res.json()) as { id: number }).id;
  }

  async function savedLayout(id: number): Promise<Layout> {
    const res = await page.request.get(`${server.baseUrl}/api/v1/dashboard/${id}`);
    const body = (await res.json()) as { result: { position_json: string } };
    return JSON.parse(body.result.position_json) as Layout;
  }

  const component = (id: string) => page.locator(`[data-component-id="${id}"]`);
  /** Starts dragging `id` by its toolbar's handle (hovering it first shows the toolbar). */
  async function startDrag(id: string): Promise<void> {
    const el = component(id);
    await el.scrollIntoViewIfNeeded();
    const box = (await el.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const handle = el.locator(':scope > [data-test="component-toolbar"] [aria-label^="Move"]');
    await handle.waitFor();
    const h = (await handle.boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(h.x + h.width / 2 + 12, h.y + h.height / 2 + 12, { steps: 4 });
    await page.locator('[data-test="drag-preview"]').waitFor();
  }

  async function pointAt(targetSelector: string, spot: Spot): Promise<void> {
    const box = (await page.locator(targetSelector).first().boundingBox())!;
    const p = typeof spot === 'function' ? spot(box) : spot;
    await page.mouse.move(p.x, p.y, { steps: 10 });
    await page.waitForTimeout(120);
  }

  async function drop(): Promise<void> {
    await page.mouse.up();
    await page.waitForTimeout(200);
  }

  async function save(): Promise<void> {
    await page.locator('[data-test="dashboard-save"]').click();
    await page.getByText('This dashboard was saved successfully.').last().waitFor();
    await page.locator('[data-test="dashboard-edit"]').waitFor();
  }

  async function edit(): Promise<void> {
    await page.locator('[data-test="dashboard-edit"]').click();
    await page.locator('[data-test="dashboard-builder"]').waitFor();
    await page.waitForTimeout(300);
  }

  const childrenOf = (layout: Layout, id: string) => layout[id]?.children ?? [];
  const rowHolding = (layout: Layout, id: string) =>
    Object.entries(layout).find(([, c]) => c.type === 'ROW' && c.children.includes(id))?.[0];

  describe('a grid dashboard', () => {
    let id: number;
    // ROW-1: A, B   ROW-2: COLUMN-1 [C], D   HEADER-1
    before(async () => {
      const [a, b, c, d] = chartIds as [number, number, number, number];
      id = await createDashboard('DnD grid', 'dnd-grid', [
        {
          id: 'GRID_ID',
          type: 'GRID',
          children: [
            {
              id: 'ROW-1',
              type: 'ROW',
              children: [chartNode('CHART-a', a, 3), chartNode('CHART-b', b, 3)],
            },
            {
              id: 'ROW-2',
              type: 'ROW',
              children: [
                {
                  id: 'COLUMN-1',
                  type: 'COLUMN',
                  meta: { width: 4 },
                  children: [chartNode('CHART-c', c, 4)],
                },
                chartNode('CHART-d', d, 3),
              ],
            },
            { id: 'HEADER-1', type: 'HEADER', meta: { text: 'Section' } },
          ],
        },
      ]);
      await page.goto(`${server.baseUrl}/superset/dashboard/${id}/?edit=true`);
      await page.locator('[data-test="dashboard-builder"]').waitFor();
      await component('CHART-d').waitFor();
    });

    it('keeps the layout still when a drag starts, and shows where the chart will land', async () => {
      const boxes = () =>
        page.locator('[data-component-id]').evaluateAll((els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return `${e.getAttribute('data-component-id')} ${r.x.toFixed(1)} ${r.y.toFixed(1)} ${r.width.toFixed(1)} ${r.height.toFixed(1)}`;
          }),
        );
      // Hover first: the toolbar shows, then measure (a toolbar is absolutely placed).
      const d = (await component('CHART-d').boundingBox())!;
      await page.mouse.move(d.x + d.width / 2, d.y + d.height / 2);
      await page.waitForTimeout(100);
      const before = await boxes();
      await startDrag('CHART-d');
      const during = await boxes();
      assert.deepEqual(during, before, 'no component moved when the drag started');
      // Between A and B: the indicator on B's left side.
      await pointAt('[data-component-id="CHART-b"]', (b) => ({
        x: b.x + b.width * 0.25,
        y: b.y + b.height / 2,
      }));
      const indicator = page.locator('[data-test="drop-indicator"]');
      await indicator.waitFor();
      assert.equal(await indicator.getAttribute('data-target'), 'CHART-b');
      assert.equal(await indicator.getAttribute('data-edge'), 'left');
      assert.deepEqual(await boxes(), before, 'nothing moved while dragging');
      await snap(page, 'dashboard-dnd-01-indicator-between-charts');
      await drop();
      await save();
      const layout = await savedLayout(id);
      assert.deepEqual(childrenOf(layout, 'ROW-1'), ['CHART-a', 'CHART-d', 'CHART-b']);
      assert.deepEqual(childrenOf(layout, 'ROW-2'), ['COLUMN-1']);
    });

    it('moved the address off ?edit=true to the slug after the save', () => {
      assert.equal(new URL(page.url()).pathname, '/superset/dashboard/dnd-grid/');
      assert.equal(new URL(page.url()).search, '');
    });

    it('drops into a column, below its chart', async () => {
      await edit();
      await startDrag('CHART-a');
      await pointAt('[data-component-id="CHART-c"]', (c) => ({
        x: c.x + c.width / 2,
        y: c.y + c.height * 0.75,
      }));
      await snap(page, 'dashboard-dnd-02-indicator-column');
      await drop();
      await save();
      const layout = await savedLayout(id);
      assert.deepEqual(childrenOf(layout, 'COLUMN-1'), ['CHART-c', 'CHART-a']);
      assert.deepEqual(childrenOf(layout, 'ROW-1'), ['CHART-d', 'CHART-b']);
    });

    it("drops at a row's end and at its start", async () => {
      await edit();
      await startDrag('CHART-b');
      await pointAt('[data-component-id="ROW-2"]', (r) => ({
        x: r.x + r.width - 30,
        y: r.y + r.height / 2,
      }));
      await drop();
      await startDrag('CHART-d');
      // Near the column's left side: before the column, at the row's start.
      await pointAt('[data-component-id="COLUMN-1"]', (c) => ({
        x: c.x + 6,
        y: c.y + c.height / 2,
      }));
      await drop();
      await save();
      const layout = await savedLayout(id);
      assert.deepEqual(childrenOf(layout, 'ROW-2'), ['CHART-d', 'COLUMN-1', 'CHART-b']);
      // ROW-1, emptied, went.
      assert.equal(layout['ROW-1'], undefined);
      assert.deepEqual(childrenOf(layout, 'GRID_ID'), ['ROW-2', 'HEADER-1']);
    });

    it('drops above and below a row (a new row each time)', async () => {
      await edit();
      await startDrag('CHART-b');
      await pointAt('[data-component-id="ROW-2"]', (r) => ({ x: r.x + r.width / 2, y: r.y + 5 }));
      const indicator = page.locator('[data-test="drop-indicator"]');
      assert.equal(await indicator.getAttribute('data-target'), 'ROW-2');
      assert.equal(await indicator.getAttribute('data-edge'), 'top');
      await snap(page, 'dashboard-dnd-03-indicator-above-row');
      await drop();
      await startDrag('CHART-c');
      await pointAt('[data-component-id="ROW-2"]', (r) => ({
        x: r.x + r.width / 2,
        y: r.y + r.height - 5,
      }));
      await drop();
      await save();
      const layout = await savedLayout(id);
      const grid = childrenOf(layout, 'GRID_ID');
      assert.equal(grid.length, 4, grid.join(','));
      assert.deepEqual(childrenOf(layout, grid[0]!), ['CHART-b']);
      assert.equal(grid[1], 'ROW-2');
      assert.deepEqual(childrenOf(layout, grid[2]!), ['CHART-c']);
      assert.equal(grid[3], 'HEADER-1');
      assert.deepEqual(childrenOf(layout, 'ROW-2'), ['CHART-d', 'COLUMN-1']);
    });

    it("refuses a chart in a full row with the spec's message", async () => {
      await edit();
      // Widen D to fill its row: 3 + 4 + 5 = 12.
      const dd = (await component('CHART-d').boundingBox())!;
      await page.mouse.move(dd.x + dd.width / 2, dd.y + dd.height / 2);
      const handle = component('CHART-d').locator('[data-test="resize-handle"]').first();
      const h = (await handle.boundingBox())!;
      await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
      await page.mouse.down();
      await page.mouse.move(h.x + 600, h.y, { steps: 8 });
      await page.mouse.up();
      await page.waitForTimeout(200);
      await startDrag('CHART-b');
      await pointAt('[data-component-id="CHART-d"]', (b) => ({
        x: b.x + b.width * 0.75,
        y: b.y + b.height / 2,
      }));
      await drop();
      await page
        .getByText(
          'There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
        )
        .waitFor();
      await save();
      const layout = await savedLayout(id);
      assert.deepEqual(childrenOf(layout, 'ROW-2'), ['CHART-d', 'COLUMN-1']);
      assert.ok(rowHolding(layout, 'CHART-b'), 'B stays in its own row');
    });
  });

  describe('a tabbed dashboard', () => {
    let id: number;
    // TAB-1: ROW-t1 [A, B], TABS-n [TAB-n1 (empty), TAB-n2]   TAB-2: ROW-t2 [E (12)]
    before(async () => {
      const [a, b, , , e] = chartIds as [number, number, number, number, number];
      id = await createDashboard('DnD tabs', 'dnd-tabs', [
        {
          id: 'TABS-top',
          type: 'TABS',
          children: [
            {
              id: 'TAB-1',
              type: 'TAB',
              meta: { text: 'First' },
              children: [
                {
                  id: 'ROW-t1',
                  type: 'ROW',
                  children: [chartNode('CHART-ta', a, 4), chartNode('CHART-tb', b, 4)],
                },
                {
                  id: 'TABS-n',
                  type: 'TABS',
                  children: [
                    { id: 'TAB-n1', type: 'TAB', meta: { text: 'Inner one' }, children: [] },
                    { id: 'TAB-n2', type: 'TAB', meta: { text: 'Inner two' }, children: [] },
                  ],
                },
              ],
            },
            {
              id: 'TAB-2',
              type: 'TAB',
              meta: { text: 'Second' },
              children: [{ id: 'ROW-t2', type: 'ROW', children: [chartNode('CHART-te', e, 12)] }],
            },
          ],
        },
      ]);
      await page.goto(`${server.baseUrl}/superset/dashboard/${id}/?edit=true`);
      await page.locator('[data-test="dashboard-builder"]').waitFor();
      await component('CHART-tb').waitFor();
    });

    it('drops a chart into a nested tab', async () => {
      await startDrag('CHART-ta');
      await pointAt('[data-drop-target="TAB-n1"]', (t) => ({
        x: t.x + t.width / 2,
        y: t.y + t.height / 2,
      }));
      const indicator = page.locator('[data-test="drop-indicator"]');
      assert.equal(await indicator.getAttribute('data-target'), 'TAB-n1');
      assert.equal(await indicator.getAttribute('data-edge'), 'inside');
      await snap(page, 'dashboard-dnd-04-indicator-into-tab');
      await drop();
      await save();
      const layout = await savedLayout(id);
      const inner = childrenOf(layout, 'TAB-n1');
      assert.equal(inner.length, 1);
      assert.deepEqual(childrenOf(layout, inner[0]!), ['CHART-ta']);
      assert.deepEqual(childrenOf(layout, 'ROW-t1'), ['CHART-tb']);
    });

    it("drops a chart on another top-level tab's title, with the filter scope warning", async () => {
      await edit();
      await startDrag('CHART-tb');
      await pointAt('[data-tab-id="TAB-2"]', (t) => ({
        x: t.x + t.width / 2,
        y: t.y + t.height / 2,
      }));
      await drop();
      await page.getByText('This chart has been moved to a different filter scope.').waitFor();
      await save();
      const layout = await savedLayout(id);
      const second = childrenOf(layout, 'TAB-2');
      assert.equal(second[0], 'ROW-t2');
      assert.deepEqual(childrenOf(layout, second[1]!), ['CHART-tb']);
      assert.equal(layout['ROW-t1'], undefined, 'the emptied row went');
    });

    it("refuses a top-level tab among nested tabs with the spec's message", async () => {
      await edit();
      const title = page.locator('[data-tab-id="TAB-2"]');
      const t = (await title.boundingBox())!;
      await page.mouse.move(t.x + t.width / 2, t.y + t.height / 2);
      await page.mouse.down();
      await page.mouse.move(t.x + t.width / 2 + 12, t.y + t.height / 2 + 12, { steps: 4 });
      await page.locator('[data-test="drag-preview"]').waitFor();
      await pointAt('[data-tab-id="TAB-n1"]', (n) => ({
        x: n.x + n.width * 0.25,
        y: n.y + n.height / 2,
      }));
      await drop();
      await page.getByText('Can not move top level tab into nested tabs').waitFor();
      // Nothing changed: nothing to save, and the saved layout is as it was.
      assert.equal(await page.locator('[data-test="dashboard-save"]').isDisabled(), true);
      await page.getByRole('button', { name: 'Discard' }).click();
      await page.locator('[data-test="dashboard-edit"]').waitFor();
      const layout = await savedLayout(id);
      assert.deepEqual(childrenOf(layout, 'TABS-top'), ['TAB-1', 'TAB-2']);
      assert.deepEqual(childrenOf(layout, 'TABS-n'), ['TAB-n1', 'TAB-n2']);
    });

    it('keeps the toolbars apart: a chart and its row, markdown with its Edit/Preview', async () => {
      await edit();
      await page.locator('[data-tab-id="TAB-2"]').click();
      await component('CHART-te').waitFor();
      const te = (await component('CHART-te').boundingBox())!;
      await page.mouse.move(te.x + te.width / 2, te.y + te.height / 2);
      const bars = page.locator('[data-test="component-toolbar"]:visible');
      await bars.nth(1).waitFor();
      const shown = await bars.evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect),
      );
      assert.equal(shown.length, 2, 'the chart and its row');
      const [p, q] = shown as [DOMRect, DOMRect];
      const overlap = p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
      assert.equal(overlap, false, JSON.stringify(shown));
      await snap(page, 'dashboard-dnd-05-toolbars');
      // A markdown block being edited: its Edit/Preview switch is in its own toolbar.
      await page
        .locator('[data-test="dashboard-builder"]')
        .getByRole('tab', { name: 'Layout elements' })
        .click();
      const newMd = page.locator('[data-test="new-markdown"]');
      const from = (await newMd.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, {
        steps: 4,
      });
      await pointAt('[data-component-id="ROW-t2"]', (r) => ({
        x: r.x + r.width / 2,
        y: r.y + r.height - 4,
      }));
      await drop();
      const md = page.locator('[data-test="dashboard-markdown"]');
      await md.click();
      await page.locator('[data-test="markdown-mode"]').waitFor();
      const mdBars = await page
        .locator('[data-test="component-toolbar"]:visible')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
      for (let i = 0; i < mdBars.length; i += 1)
        for (let j = i + 1; j < mdBars.length; j += 1) {
          const [p2, q2] = [mdBars[i]!, mdBars[j]!];
          const hit =
            p2.left < q2.right && q2.left < p2.right && p2.top < q2.bottom && q2.top < p2.bottom;
          assert.equal(hit, false, JSON.stringify(mdBars));
        }
      const trash = await page
        .locator('[data-test="component-toolbar"]:visible [aria-label^="Delete"]')
        .count();
      assert.ok(trash <= 2, `${trash} delete buttons shown`);
      await page.getByRole('textbox', { name: 'Markdown' }).fill('## Notes');
      await page.locator('[data-test="markdown-mode"]').getByText('Preview').click();
      await md.locator('h2', { hasText: 'Notes' }).waitFor();
      await snap(page, 'dashboard-dnd-06-markdown-toolbar');
      await page.locator('[data-test="dashboard-title"]').click();
      await save();
      const layout = await savedLayout(id);
      const mdId = Object.keys(layout).find((k) => layout[k]!.type === 'MARKDOWN')!;
      assert.equal(layout[mdId]!.meta?.code, '## Notes');
    });
  });

  describe('the chart menu', () => {
    it('says when the data was fetched under "Force refresh", not in the title row', async () => {
      await page.goto(`${server.baseUrl}/superset/dashboard/dnd-tabs/`);
      await page.locator('[data-tab-id="TAB-2"]').click();
      const chart = page.locator(`[data-test="dashboard-chart"][data-chart-id="${chartIds[4]}"]`);
      await chart.waitFor();
      // No cache label in the title row: the title has the row to itself.
      assert.equal(await chart.getByText('Cached', { exact: true }).count(), 0);
      await page.getByRole('button', { name: 'More options for DnD chart E' }).click();
      const note = page.locator('[data-test="chart-refresh-note"]');
      await note.waitFor();
      assert.match(
        (await note.textContent()) ?? '',
        /^(Fetched|Cached) (a few seconds|a minute|\d+ minutes) ago$/,
      );
      // The viewport only: a full-page picture resizes the page, which closes the menu.
      await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-dnd-07-chart-menu.png') });
      const refreshed = page.waitForRequest(
        (r) =>
          r.url().includes('/api/v1/chart/data') && (r.postData() ?? '').includes('"force":true'),
      );
      await page.getByRole('menuitem', { name: /Force refresh/ }).click();
      await refreshed;
      assert.deepEqual(errors, []);
    });
  });
});
