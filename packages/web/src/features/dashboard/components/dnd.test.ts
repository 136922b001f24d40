import { describe, expect, it } from 'vitest';
import { GRID_ID, ROOT_ID } from '@strata/core';
import {
  chart,
  col,
  divider,
  gridLayout,
  header,
  md,
  row,
  tab,
  tabbedLayout,
  tabs,
} from '../layout/fixtures.test-helpers';
import { moveComponent } from '../layout';
import {
  EDGE_BAND,
  dropPlacement,
  dropResultFor,
  type Box,
  type DropBoxes,
  type LayoutDragItem,
} from './dnd';

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

/*
 * GRID (0,0 1200x1000)
 *   r1 (0,0 1200x300): c1 (0..400), c2 (408..808)
 *   h1 (0,308 1200x40)
 *   r2 (0,356 1200x300): col1 (0..400) [c3 (0,356 400x140)], md1 (408..808)
 */
const layout = gridLayout([
  row('r1', [chart('c1', 4, 1), chart('c2', 4, 2)]),
  header('h1'),
  row('r2', [col('col1', 4, [chart('c3', 4, 3)]), md('md1')]),
]);
const boxes: DropBoxes = {
  components: new Map([
    [GRID_ID, box(0, 0, 1200, 1000)],
    ['r1', box(0, 0, 1200, 300)],
    ['c1', box(0, 0, 400, 300)],
    ['c2', box(408, 0, 400, 300)],
    ['h1', box(0, 308, 1200, 40)],
    ['r2', box(0, 356, 1200, 300)],
    ['col1', box(0, 356, 400, 300)],
    ['c3', box(0, 356, 400, 140)],
    ['md1', box(408, 356, 400, 300)],
  ]),
  tabTitles: new Map(),
};

const newChart: LayoutDragItem = { kind: 'new', type: 'CHART', meta: { chartId: 9 } };
const moving = (id: string): LayoutDragItem => {
  const parentId = Object.values(layout).find((c) => c.children.includes(id))!.id;
  return {
    kind: 'layout',
    id,
    type: layout[id]!.type,
    parentId,
    index: layout[parentId]!.children.indexOf(id),
  };
};

describe('dropPlacement', () => {
  it('puts a chart before or after a chart of a row by the half the pointer is in', () => {
    expect(dropPlacement(layout, newChart, { x: 500, y: 150 }, boxes)).toEqual({
      slot: { parentId: 'r1', index: 1 },
      indicator: { id: 'c2', on: 'component', edge: 'left' },
    });
    expect(dropPlacement(layout, newChart, { x: 700, y: 150 }, boxes)).toEqual({
      slot: { parentId: 'r1', index: 2 },
      indicator: { id: 'c2', on: 'component', edge: 'right' },
    });
  });

  it("puts a chart at a row's end when the pointer is in the row past its charts", () => {
    expect(dropPlacement(layout, newChart, { x: 1000, y: 150 }, boxes)).toEqual({
      slot: { parentId: 'r1', index: 2 },
      indicator: { id: 'c2', on: 'component', edge: 'right' },
    });
    // Into the gap between two charts: between them.
    expect(dropPlacement(layout, newChart, { x: 404, y: 150 }, boxes)?.slot).toEqual({
      parentId: 'r1',
      index: 1,
    });
  });

  it("puts it above or below a row near the row's top or bottom edge", () => {
    expect(dropPlacement(layout, newChart, { x: 200, y: 2 }, boxes)).toEqual({
      slot: { parentId: GRID_ID, index: 0 },
      indicator: { id: 'r1', on: 'component', edge: 'top' },
    });
    expect(dropPlacement(layout, newChart, { x: 200, y: 300 - EDGE_BAND + 2 }, boxes)).toEqual({
      slot: { parentId: GRID_ID, index: 1 },
      indicator: { id: 'r1', on: 'component', edge: 'bottom' },
    });
    // Just inside the band's limit it is still a drop in the row.
    expect(
      dropPlacement(layout, newChart, { x: 200, y: EDGE_BAND + 4 }, boxes)?.slot.parentId,
    ).toBe('r1');
  });

  it('puts a header or a row beside rows (they cannot go into a row)', () => {
    const h = { kind: 'new', type: 'HEADER' } as const;
    expect(dropPlacement(layout, h, { x: 200, y: 100 }, boxes)).toEqual({
      slot: { parentId: GRID_ID, index: 0 },
      indicator: { id: 'r1', on: 'component', edge: 'top' },
    });
    expect(dropPlacement(layout, moving('r2'), { x: 600, y: 250 }, boxes)).toEqual({
      slot: { parentId: GRID_ID, index: 1 },
      indicator: { id: 'r1', on: 'component', edge: 'bottom' },
    });
    // Over a header, above or below it.
    expect(dropPlacement(layout, newChart, { x: 600, y: 340 }, boxes)?.slot).toEqual({
      parentId: GRID_ID,
      index: 2,
    });
  });

  it('puts a chart into a column: above or below its charts, or in its free space', () => {
    expect(dropPlacement(layout, newChart, { x: 200, y: 380 }, boxes)).toEqual({
      slot: { parentId: 'col1', index: 0 },
      indicator: { id: 'c3', on: 'component', edge: 'top' },
    });
    expect(dropPlacement(layout, newChart, { x: 200, y: 600 }, boxes)).toEqual({
      slot: { parentId: 'col1', index: 1 },
      indicator: { id: 'c3', on: 'component', edge: 'bottom' },
    });
    // Near the column's side: beside the column in its row.
    expect(dropPlacement(layout, newChart, { x: 396, y: 600 }, boxes)?.slot).toEqual({
      parentId: 'r2',
      index: 1,
    });
  });

  it('does not offer a column for a column, nor the dragged component itself', () => {
    const column = { kind: 'new', type: 'COLUMN' } as const;
    expect(dropPlacement(layout, column, { x: 150, y: 600 }, boxes)?.slot).toEqual({
      parentId: 'r2',
      index: 0,
    });
    // Dragging c1 over itself: the row's place where it already is, which changes nothing.
    const self = dropPlacement(layout, moving('c1'), { x: 100, y: 150 }, boxes)!;
    expect(self.slot).toEqual({ parentId: 'r1', index: 0 });
    expect(dropResultFor(moving('c1'), self.slot)).toBeNull();
  });

  it('moves a chart between two charts of another row through the layout edit', () => {
    const place = dropPlacement(layout, moving('c3'), { x: 500, y: 150 }, boxes)!;
    const result = moveComponent(layout, dropResultFor(moving('c3'), place.slot)!);
    expect(result.ok && result.layout.r1!.children).toEqual(['c1', 'c3', 'c2']);
    // The emptied column went with it.
    expect(result.ok && result.layout.r2!.children).toEqual(['md1']);
  });

  it('returns null outside every component', () => {
    expect(dropPlacement(layout, newChart, { x: 1300, y: 150 }, boxes)).toBeNull();
  });

  describe('tabs', () => {
    const tabbed = tabbedLayout(
      tabs('TABS-top', [
        tab('TAB-a', [row('ra', [chart('ca', 4, 1)])]),
        tab('TAB-b', [tabs('TABS-nested', [tab('TAB-n1', []), tab('TAB-n2', [])]), divider('d1')]),
      ]),
    );
    const tabBoxes: DropBoxes = {
      components: new Map([
        ['TABS-top', box(0, 0, 1200, 800)],
        ['TAB-a', box(0, 40, 1200, 760)],
        ['ra', box(0, 40, 1200, 300)],
        ['ca', box(0, 40, 400, 300)],
      ]),
      tabTitles: new Map([
        ['TAB-a', box(0, 0, 100, 40)],
        ['TAB-b', box(104, 0, 100, 40)],
      ]),
    };
    const item = (id: string): LayoutDragItem => {
      const parentId = Object.values(tabbed).find((c) => c.children.includes(id))!.id;
      return {
        kind: 'layout',
        id,
        type: tabbed[id]!.type,
        parentId,
        index: tabbed[parentId]!.children.indexOf(id),
      };
    };

    it("puts a chart into a tab dropped on the tab's title, at the tab's end", () => {
      expect(dropPlacement(tabbed, item('ca'), { x: 150, y: 20 }, tabBoxes)).toEqual({
        slot: { parentId: 'TAB-b', index: 2 },
        indicator: { id: 'TAB-b', on: 'tabTitle', edge: 'inside' },
      });
      // Through the edit: moved, with Superset's filter-scope warning.
      const drop = dropResultFor(item('ca'), { parentId: 'TAB-b', index: 2 })!;
      const result = moveComponent(tabbed, drop);
      expect(result.ok && result.warning).toBe(
        'This chart has been moved to a different filter scope.',
      );
    });

    it("puts a chart into a tab's free space below its content", () => {
      expect(dropPlacement(tabbed, item('ca'), { x: 600, y: 700 }, tabBoxes)).toEqual({
        slot: { parentId: 'TAB-a', index: 1 },
        indicator: { id: 'ra', on: 'component', edge: 'bottom' },
      });
    });

    it('puts a tab before or after another tab by its title', () => {
      expect(dropPlacement(tabbed, item('TAB-a'), { x: 190, y: 20 }, tabBoxes)).toEqual({
        slot: { parentId: 'TABS-top', index: 2 },
        indicator: { id: 'TAB-b', on: 'tabTitle', edge: 'right' },
      });
      expect(dropPlacement(tabbed, item('TAB-a'), { x: 50, y: 20 }, tabBoxes)).toBeNull();
    });

    it('offers a top-level tab a place among nested tabs; the edit refuses it with its message', () => {
      const nested: DropBoxes = {
        components: new Map([
          ['TABS-top', box(0, 0, 1200, 800)],
          ['TAB-b', box(0, 40, 1200, 760)],
          ['TABS-nested', box(0, 40, 1200, 300)],
        ]),
        tabTitles: new Map([
          ['TAB-a', box(0, 0, 100, 40)],
          ['TAB-b', box(104, 0, 100, 40)],
          ['TAB-n1', box(0, 40, 100, 40)],
          ['TAB-n2', box(104, 40, 100, 40)],
        ]),
      };
      const place = dropPlacement(tabbed, item('TAB-a'), { x: 20, y: 60 }, nested)!;
      expect(place.slot).toEqual({ parentId: 'TABS-nested', index: 0 });
      const result = moveComponent(tabbed, dropResultFor(item('TAB-a'), place.slot)!);
      expect(result.ok ? null : result.error).toBe('Can not move top level tab into nested tabs');
    });
  });

  it('makes new tabs at the top of a grid dashboard its top-level tabs', () => {
    const newTabs = { kind: 'new', type: 'TABS' } as const;
    expect(dropPlacement(layout, newTabs, { x: 600, y: 4 }, boxes)).toEqual({
      slot: { parentId: ROOT_ID, index: 0 },
      indicator: { id: GRID_ID, on: 'component', edge: 'top' },
    });
    // Elsewhere they are tabs in the grid.
    expect(dropPlacement(layout, newTabs, { x: 600, y: 200 }, boxes)?.slot).toEqual({
      parentId: GRID_ID,
      index: 1,
    });
    const empty = gridLayout([]);
    const emptyBoxes: DropBoxes = {
      components: new Map([[GRID_ID, box(0, 0, 1200, 200)]]),
      tabTitles: new Map(),
    };
    expect(dropPlacement(empty, newTabs, { x: 600, y: 100 }, emptyBoxes)?.slot).toEqual({
      parentId: ROOT_ID,
      index: 0,
    });
    expect(dropPlacement(empty, newChart, { x: 600, y: 100 }, emptyBoxes)).toEqual({
      slot: { parentId: GRID_ID, index: 0 },
      indicator: { id: GRID_ID, on: 'component', edge: 'inside' },
    });
  });
});

describe('dropResultFor', () => {
  it('counts the slot with the dragged item where it is now', () => {
    expect(dropResultFor(moving('c1'), { parentId: 'r1', index: 2 })).toEqual({
      source: { id: 'r1', index: 0 },
      destination: { id: 'r1', index: 1 },
      dragging: { id: 'c1', type: 'CHART' },
    });
    expect(dropResultFor(moving('c1'), { parentId: 'r1', index: 1 })).toBeNull();
  });
});
