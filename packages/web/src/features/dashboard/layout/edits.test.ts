import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_TRANSPARENT,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_ID,
  GRID_MIN_ROW_UNITS,
  MESSAGES,
  ROOT_ID,
} from '@strata/core';
import type { DashboardLayout } from '@strata/core';
import {
  COMPONENT_NOT_FOUND,
  DEFAULT_MARKDOWN_CODE,
  INVALID_DROP,
  convertTopLevel,
  createComponent,
  deleteComponent,
  isValidChild,
  moveComponent,
  resizeComponent,
  shouldWrapInRow,
  updateComponentMeta,
} from './edits';
import type { EditResult } from './edits';
import { normalizeLayout, parentOf, toPositionData, withParents } from './tree';
import {
  addedIds,
  chart,
  col,
  divider,
  gridLayout,
  header,
  md,
  row,
  sequentialIds,
  tab,
  tabbedLayout,
  tabs,
} from './fixtures.test-helpers';

function ok(result: EditResult): { layout: DashboardLayout; warning?: string } {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.error}`);
  return result;
}

function failure(result: EditResult): { error: string; code: string } {
  if (result.ok) throw new Error('expected a failure');
  return result;
}

/** Every component's parents agree with the tree. */
function expectConsistent(layout: DashboardLayout): void {
  expect(layout).toEqual(withParents(layout));
  expect(normalizeLayout(toPositionData(layout)).problems).toEqual([]);
}

// GRID: H1, R1 [C1 4, C2 4], R2 [C3 6, C4 6], R3 [COL1 6 [C5 3], C6 2], D1
const grid = gridLayout([
  header('H1'),
  row('R1', [chart('C1', 4, 1), chart('C2', 4, 2)]),
  row('R2', [chart('C3', 6, 3), chart('C4', 6, 4)]),
  row('R3', [col('COL1', 6, [chart('C5', 3, 5)]), chart('C6', 2, 6)]),
  divider('D1'),
]);

const tabbed = tabbedLayout(
  tabs('TOP', [
    tab('TA', [row('RA', [chart('CA', 4, 1), chart('CA2', 4, 2)])]),
    tab('TB', [
      row('RB', [chart('CB', 4, 3)]),
      tabs('NEST', [tab('NA', [row('RN', [md('MN')])]), tab('NB', [])]),
    ]),
  ]),
);

const newChart = { type: 'CHART' as const, meta: { chartId: 42, sliceName: 'Sales' } };

describe('drop rules', () => {
  it("follows Superset's isValidChild table", () => {
    expect(isValidChild('ROOT', 'GRID', 0)).toBe(true);
    expect(isValidChild('ROOT', 'TABS', 0)).toBe(true);
    expect(isValidChild('ROOT', 'ROW', 0)).toBe(false);
    expect(isValidChild('GRID', 'ROW', 1)).toBe(true);
    expect(isValidChild('GRID', 'TAB', 1)).toBe(false);
    expect(isValidChild('ROW', 'CHART', 2)).toBe(true);
    expect(isValidChild('ROW', 'HEADER', 2)).toBe(false);
    expect(isValidChild('ROW', 'ROW', 2)).toBe(false);
    expect(isValidChild('COLUMN', 'ROW', 3)).toBe(true);
    expect(isValidChild('COLUMN', 'ROW', 5)).toBe(false);
    expect(isValidChild('COLUMN', 'TABS', 3)).toBe(false);
    expect(isValidChild('COLUMN', 'DIVIDER', 3)).toBe(true);
    expect(isValidChild('TABS', 'TAB', 1)).toBe(true);
    expect(isValidChild('TABS', 'ROW', 1)).toBe(false);
    expect(isValidChild('TAB', 'TABS', 2)).toBe(true);
    expect(isValidChild('CHART', 'CHART', 3)).toBe(false);
  });

  it('wraps charts, markdown and columns dropped in the grid or a tab', () => {
    expect(shouldWrapInRow('GRID', 'CHART')).toBe(true);
    expect(shouldWrapInRow('TAB', 'MARKDOWN')).toBe(true);
    expect(shouldWrapInRow('TAB', 'COLUMN')).toBe(true);
    expect(shouldWrapInRow('GRID', 'HEADER')).toBe(false);
    expect(shouldWrapInRow('ROW', 'CHART')).toBe(false);
  });
});

describe('createComponent', () => {
  it('adds a chart to a row with room, with the default size', () => {
    const { layout, warning } = ok(
      createComponent(
        grid,
        { destination: { id: 'R1', index: 1 }, dragging: newChart },
        { newId: sequentialIds() },
      ),
    );
    expect(warning).toBeUndefined();
    expect(layout.R1!.children).toEqual(['C1', 'CHART-1', 'C2']);
    expect(layout['CHART-1']).toEqual({
      id: 'CHART-1',
      type: 'CHART',
      children: [],
      parents: [ROOT_ID, GRID_ID, 'R1'],
      meta: {
        width: GRID_DEFAULT_CHART_WIDTH,
        height: GRID_DEFAULT_CHART_HEIGHT,
        chartId: 42,
        sliceName: 'Sales',
      },
    });
    expectConsistent(layout);
  });

  it('refuses a chart in a row without room (row width overflow)', () => {
    const result = failure(
      createComponent(grid, { destination: { id: 'R2', index: 0 }, dragging: newChart }),
    );
    expect(result).toEqual({
      ok: false,
      code: 'notEnoughSpace',
      error: MESSAGES.notEnoughSpace,
    });
  });

  it('refuses a chart wider than the column it is dropped in', () => {
    const narrow = gridLayout([row('R', [col('COL', 3, [])])]);
    expect(
      failure(createComponent(narrow, { destination: { id: 'COL', index: 0 }, dragging: newChart }))
        .error,
    ).toBe(MESSAGES.notEnoughSpace);
    const fits = ok(
      createComponent(narrow, {
        destination: { id: 'COL', index: 0 },
        dragging: { type: 'CHART', meta: { chartId: 1, width: 3 } },
      }),
    );
    expect(fits.layout.COL!.children).toHaveLength(1);
  });

  it('wraps a chart dropped in the grid in a new row', () => {
    const { layout } = ok(
      createComponent(
        grid,
        { destination: { id: GRID_ID, index: 1 }, dragging: newChart },
        { newId: sequentialIds() },
      ),
    );
    expect(layout[GRID_ID]!.children[1]).toBe('ROW-2');
    expect(layout['ROW-2']).toMatchObject({ type: 'ROW', children: ['CHART-1'] });
    expect(layout['CHART-1']!.parents).toEqual([ROOT_ID, GRID_ID, 'ROW-2']);
    expectConsistent(layout);
  });

  it('wraps markdown dropped in a tab in a new row', () => {
    const { layout } = ok(
      createComponent(tabbed, {
        destination: { id: 'TB', index: 0 },
        dragging: { type: 'MARKDOWN' },
      }),
    );
    const [rowId] = layout.TB!.children;
    expect(layout[rowId!]!.type).toBe('ROW');
    const markdown = layout[layout[rowId!]!.children[0]!]!;
    expect(markdown.type).toBe('MARKDOWN');
    expect(markdown.meta?.code).toBe(DEFAULT_MARKDOWN_CODE);
    expect(markdown.meta?.width).toBe(GRID_DEFAULT_CHART_WIDTH);
    expectConsistent(layout);
  });

  it('refuses a chart without a chart definition', () => {
    expect(
      failure(
        createComponent(grid, {
          destination: { id: 'R1', index: 0 },
          dragging: { type: 'CHART', meta: { sliceName: 'x' } },
        }),
      ),
    ).toEqual({
      ok: false,
      code: 'missingChartDefinition',
      error: MESSAGES.missingChartDefinition,
    });
  });

  it('creates headers, dividers, rows and columns with their defaults', () => {
    const ids = sequentialIds();
    const h = ok(
      createComponent(
        grid,
        { destination: { id: GRID_ID, index: 0 }, dragging: { type: 'HEADER' } },
        { newId: ids },
      ),
    ).layout;
    expect(h['HEADER-1']!.meta).toEqual({
      text: 'New header',
      headerSize: 'MEDIUM_HEADER',
      background: BACKGROUND_TRANSPARENT,
    });
    expect(h[GRID_ID]!.children[0]).toBe('HEADER-1');

    const d = ok(
      createComponent(grid, {
        destination: { id: GRID_ID, index: 99 },
        dragging: { type: 'DIVIDER' },
      }),
    ).layout;
    const dividerId = d[GRID_ID]!.children.at(-1)!;
    expect(d[dividerId]!.type).toBe('DIVIDER');

    const r = ok(
      createComponent(grid, { destination: { id: GRID_ID, index: 0 }, dragging: { type: 'ROW' } }),
    ).layout;
    expect(r[r[GRID_ID]!.children[0]!]).toMatchObject({ type: 'ROW', children: [] });

    const c = ok(
      createComponent(grid, { destination: { id: 'R1', index: 2 }, dragging: { type: 'COLUMN' } }),
    ).layout;
    const columnId = c.R1!.children[2]!;
    expect(c[columnId]).toMatchObject({
      type: 'COLUMN',
      children: [],
      meta: { width: GRID_DEFAULT_CHART_WIDTH },
    });
    expectConsistent(c);
  });

  it('creates tabs with one tab named "New tab"', () => {
    const { layout } = ok(
      createComponent(
        grid,
        { destination: { id: GRID_ID, index: 0 }, dragging: { type: 'TABS' } },
        { newId: sequentialIds() },
      ),
    );
    expect(layout['TABS-1']).toMatchObject({ type: 'TABS', children: ['TAB-2'] });
    expect(layout['TAB-2']).toMatchObject({ type: 'TAB', meta: { text: 'New tab' } });
    expect(layout['TAB-2']!.parents).toEqual([ROOT_ID, GRID_ID, 'TABS-1']);
    expectConsistent(layout);
  });

  it('refuses what may not go where', () => {
    const drop = (id: string, type: 'HEADER' | 'TABS' | 'TAB' | 'ROW' | 'COLUMN') =>
      failure(createComponent(grid, { destination: { id, index: 0 }, dragging: { type } }));
    expect(drop('R1', 'HEADER')).toEqual({ ok: false, code: 'invalidDrop', error: INVALID_DROP });
    expect(drop('COL1', 'TABS').code).toBe('invalidDrop');
    expect(drop(GRID_ID, 'TAB').code).toBe('invalidDrop');
    expect(drop('R1', 'ROW').code).toBe('invalidDrop');
    expect(drop('C1', 'COLUMN').code).toBe('invalidDrop');
    expect(drop('missing', 'ROW')).toEqual({
      ok: false,
      code: 'notFound',
      error: COMPONENT_NOT_FOUND,
    });
    // a row inside a column inside a row inside a column is too deep
    const deep = gridLayout([row('A', [col('B', 12, [row('C', [col('D', 6, [])])])])]);
    expect(
      failure(
        createComponent(deep, { destination: { id: 'D', index: 0 }, dragging: { type: 'ROW' } }),
      ).code,
    ).toBe('invalidDrop');
    expect(
      ok(createComponent(deep, { destination: { id: 'D', index: 0 }, dragging: newChart })).layout
        .D!.children,
    ).toHaveLength(1);
  });

  it('allows one level of nested tabs, not two', () => {
    const nested = ok(
      createComponent(tabbed, { destination: { id: 'TA', index: 0 }, dragging: { type: 'TABS' } }),
    ).layout;
    expect(nested.TA!.children).toHaveLength(2);
    expect(
      failure(
        createComponent(tabbed, {
          destination: { id: 'NA', index: 0 },
          dragging: { type: 'TABS' },
        }),
      ).code,
    ).toBe('invalidDrop');
  });

  it('makes the dashboard tabbed when tabs are dropped on ROOT', () => {
    const { layout } = ok(
      createComponent(
        grid,
        { destination: { id: ROOT_ID, index: 0 }, dragging: { type: 'TABS' } },
        { newId: sequentialIds() },
      ),
    );
    expect(layout[ROOT_ID]!.children).toEqual(['TABS-1']);
    expect(layout['TAB-2']!.children).toEqual(grid[GRID_ID]!.children);
    expect(layout[GRID_ID]!.children).toEqual([]);
    expect(layout.C1!.parents).toEqual([ROOT_ID, 'TABS-1', 'TAB-2', 'R1']);
    expectConsistent(layout);
    expect(
      failure(
        createComponent(tabbed, {
          destination: { id: ROOT_ID, index: 0 },
          dragging: { type: 'TABS' },
        }),
      ).code,
    ).toBe('invalidDrop');
  });
});

describe('moveComponent', () => {
  it('reorders within the same row, even a full one', () => {
    const { layout } = ok(
      moveComponent(grid, {
        source: { id: 'R2', index: 0 },
        destination: { id: 'R2', index: 1 },
        dragging: { id: 'C3', type: 'CHART' },
      }),
    );
    expect(layout.R2!.children).toEqual(['C4', 'C3']);
    expectConsistent(layout);
  });

  it('returns the same layout when nothing moves', () => {
    const result = ok(
      moveComponent(grid, {
        source: { id: 'R1', index: 0 },
        destination: { id: 'R1', index: 0 },
        dragging: { id: 'C1', type: 'CHART' },
      }),
    );
    expect(result.layout).toBe(grid);
  });

  it('refuses to overflow a row', () => {
    expect(
      failure(
        moveComponent(grid, {
          source: { id: 'R2', index: 0 },
          destination: { id: 'R1', index: 0 },
          dragging: { id: 'C3', type: 'CHART' },
        }),
      ),
    ).toEqual({ ok: false, code: 'notEnoughSpace', error: MESSAGES.notEnoughSpace });
    // 4 fits in the 4 left
    const { layout } = ok(
      moveComponent(grid, {
        source: { id: 'R1', index: 1 },
        destination: { id: 'R3', index: 2 },
        dragging: { id: 'C2', type: 'CHART' },
      }),
    );
    expect(layout.R3!.children).toEqual(['COL1', 'C6', 'C2']);
    expect(layout.R1!.children).toEqual(['C1']);
  });

  it('refuses a chart wider than the destination column', () => {
    const narrow = gridLayout([row('R', [col('COL', 3, []), chart('C', 4)])]);
    expect(
      failure(
        moveComponent(narrow, {
          source: { id: 'R', index: 1 },
          destination: { id: 'COL', index: 0 },
          dragging: { id: 'C', type: 'CHART' },
        }),
      ).code,
    ).toBe('notEnoughSpace');
    const { layout } = ok(
      moveComponent(grid, {
        source: { id: 'R3', index: 1 },
        destination: { id: 'COL1', index: 1 },
        dragging: { id: 'C6', type: 'CHART' },
      }),
    );
    expect(layout.COL1!.children).toEqual(['C5', 'C6']);
  });

  it('wraps a chart moved into the grid in a row, and removes the row it left empty', () => {
    const single = gridLayout([row('R1', [chart('C1')]), row('R2', [chart('C2')])]);
    const { layout } = ok(
      moveComponent(single, {
        source: { id: 'R1', index: 0 },
        destination: { id: GRID_ID, index: 2 },
        dragging: { id: 'C1', type: 'CHART' },
      }),
    );
    expect(layout.R1).toBeUndefined();
    const [first, wrapper] = layout[GRID_ID]!.children;
    expect(first).toBe('R2');
    expect(layout[wrapper!]).toMatchObject({ type: 'ROW', children: ['C1'] });
    expect(addedIds(single, layout)).toEqual([wrapper]);
    expectConsistent(layout);
  });

  it('finds the dragged component from the source when its id is not given', () => {
    const { layout } = ok(
      moveComponent(grid, {
        source: { id: 'R1', index: 1 },
        destination: { id: 'R1', index: 0 },
        dragging: { type: 'CHART' },
      }),
    );
    expect(layout.R1!.children).toEqual(['C2', 'C1']);
  });

  it('refuses to move a top-level tab into nested tabs', () => {
    expect(
      failure(
        moveComponent(tabbed, {
          source: { id: 'TOP', index: 0 },
          destination: { id: 'NEST', index: 0 },
          dragging: { id: 'TA', type: 'TAB' },
        }),
      ),
    ).toEqual({
      ok: false,
      code: 'topLevelTabIntoNested',
      error: MESSAGES.topLevelTabIntoNested,
    });
  });

  it('lets a nested tab become a top-level tab, removing the tabs it leaves empty', () => {
    const one = tabbedLayout(
      tabs('TOP', [tab('TA', [tabs('NEST', [tab('NA', [row('RN', [chart('CN')])])])])]),
    );
    const { layout, warning } = ok(
      moveComponent(one, {
        source: { id: 'NEST', index: 0 },
        destination: { id: 'TOP', index: 1 },
        dragging: { id: 'NA', type: 'TAB' },
      }),
    );
    expect(layout.TOP!.children).toEqual(['TA', 'NA']);
    expect(layout.NEST).toBeUndefined();
    expect(layout.TA!.children).toEqual([]);
    expect(warning).toBe(MESSAGES.movedToOtherFilterScope);
    expectConsistent(layout);
  });

  it('warns when a chart moves under another top-level tab', () => {
    const moved = ok(
      moveComponent(tabbed, {
        source: { id: 'RA', index: 0 },
        destination: { id: 'RB', index: 1 },
        dragging: { id: 'CA', type: 'CHART' },
      }),
    );
    expect(moved.warning).toBe(MESSAGES.movedToOtherFilterScope);
    expect(parentOf(moved.layout, 'CA')).toBe('RB');

    // a row holding a chart counts too
    const rowMoved = ok(
      moveComponent(tabbed, {
        source: { id: 'TA', index: 0 },
        destination: { id: 'TB', index: 0 },
        dragging: { id: 'RA', type: 'ROW' },
      }),
    );
    expect(rowMoved.warning).toBe(MESSAGES.movedToOtherFilterScope);

    // within the same top-level tab: no warning
    const same = ok(
      moveComponent(tabbed, {
        source: { id: 'RB', index: 0 },
        destination: { id: 'RN', index: 1 },
        dragging: { id: 'CB', type: 'CHART' },
      }),
    );
    expect(same.warning).toBeUndefined();
    expect(same.layout.RB).toBeUndefined();
  });

  it('refuses invalid moves', () => {
    const move = (id: string, from: string, to: string) =>
      failure(
        moveComponent(grid, {
          source: { id: from, index: 0 },
          destination: { id: to, index: 0 },
          dragging: { id, type: grid[id]?.type ?? 'CHART' },
        }),
      ).code;
    expect(move('R1', GRID_ID, 'R1')).toBe('invalidDrop'); // into itself
    expect(move('R3', GRID_ID, 'COL1')).toBe('invalidDrop'); // into its own column
    expect(move('H1', GRID_ID, 'R1')).toBe('invalidDrop');
    expect(move('COL1', 'R3', 'COL1')).toBe('invalidDrop');
    expect(move(GRID_ID, ROOT_ID, 'R1')).toBe('invalidDrop');
    expect(move('nope', GRID_ID, 'R1')).toBe('notFound');
  });

  it('refuses a row too wide for the destination column', () => {
    const layout = gridLayout([row('R', [col('COL', 4, [])]), row('W', [chart('C', 6)])]);
    expect(
      failure(
        moveComponent(layout, {
          source: { id: GRID_ID, index: 1 },
          destination: { id: 'COL', index: 0 },
          dragging: { id: 'W', type: 'ROW' },
        }),
      ).code,
    ).toBe('notEnoughSpace');
  });

  it('turns grid tabs dropped on ROOT into the top-level tabs', () => {
    const layout = gridLayout([
      row('R1', [chart('C1')]),
      tabs('TS', [tab('T1', [row('R2', [chart('C2')])])]),
    ]);
    const result = ok(
      moveComponent(layout, {
        source: { id: GRID_ID, index: 1 },
        destination: { id: ROOT_ID, index: 0 },
        dragging: { id: 'TS', type: 'TABS' },
      }),
    ).layout;
    expect(result[ROOT_ID]!.children).toEqual(['TS']);
    expect(result.T1!.children).toEqual(['R2', 'R1']);
    expect(result[GRID_ID]!.children).toEqual([]);
    expectConsistent(result);
  });
});

describe('deleteComponent', () => {
  it('removes a component and its descendants', () => {
    const { layout } = ok(deleteComponent(grid, 'R3'));
    for (const id of ['R3', 'COL1', 'C5', 'C6']) expect(layout[id]).toBeUndefined();
    expect(layout[GRID_ID]!.children).toEqual(['H1', 'R1', 'R2', 'D1']);
    expectConsistent(layout);
  });

  it('removes the row its last child leaves, and upwards', () => {
    const one = gridLayout([row('R1', [chart('C1')]), header('H')]);
    const { layout } = ok(deleteComponent(one, 'C1'));
    expect(layout.R1).toBeUndefined();
    expect(layout[GRID_ID]!.children).toEqual(['H']);

    const nestedRows = gridLayout([row('A', [col('B', 6, [row('C', [chart('D')])])])]);
    const cleared = ok(deleteComponent(nestedRows, 'D')).layout;
    expect(Object.keys(cleared).sort()).toEqual([GRID_ID, ROOT_ID]);

    const kept = ok(deleteComponent(grid, 'C1')).layout;
    expect(kept.R1!.children).toEqual(['C2']);
  });

  it('removes nested tabs with their last tab', () => {
    const { layout } = ok(deleteComponent(withOneNestedTab(), 'NA'));
    expect(layout.NEST).toBeUndefined();
    expect(layout.TB!.children).toEqual(['RB']);
    expect(layout.RN).toBeUndefined();
    expectConsistent(layout);
  });

  it('turns the dashboard back into a grid when the top-level tabs go', () => {
    const single = tabbedLayout(tabs('TOP', [tab('TA', [row('RA', [chart('CA')])])]));
    const lastTab = ok(deleteComponent(single, 'TA')).layout;
    expect(lastTab[ROOT_ID]!.children).toEqual([GRID_ID]);
    expect(lastTab[GRID_ID]!.children).toEqual(['RA']);
    expect(lastTab.TOP).toBeUndefined();
    expectConsistent(lastTab);

    const all = ok(deleteComponent(tabbed, 'TOP')).layout;
    expect(all[GRID_ID]!.children).toEqual(['RA', 'RB', 'NEST']);
    expectConsistent(all);

    const oneOfTwo = ok(deleteComponent(tabbed, 'TA')).layout;
    expect(oneOfTwo.TOP!.children).toEqual(['TB']);
    expect(oneOfTwo.CA).toBeUndefined();
  });

  it('refuses to delete ROOT, GRID or a missing id', () => {
    expect(failure(deleteComponent(grid, ROOT_ID)).code).toBe('invalidDrop');
    expect(failure(deleteComponent(grid, GRID_ID)).code).toBe('invalidDrop');
    expect(failure(deleteComponent(grid, 'nope')).code).toBe('notFound');
  });
});

function withOneNestedTab(): DashboardLayout {
  return tabbedLayout(
    tabs('TOP', [
      tab('TB', [row('RB', [chart('CB')]), tabs('NEST', [tab('NA', [row('RN', [md('MN')])])])]),
    ]),
  );
}

describe('resizeComponent', () => {
  it('clamps the width between 1 and what the row leaves', () => {
    expect(ok(resizeComponent(grid, 'C1', { width: 20 })).layout.C1!.meta?.width).toBe(8);
    expect(ok(resizeComponent(grid, 'C1', { width: 6 })).layout.C1!.meta?.width).toBe(6);
    expect(ok(resizeComponent(grid, 'C1', { width: 0 })).layout.C1!.meta?.width).toBe(1);
    expect(ok(resizeComponent(grid, 'C3', { width: 7 })).layout.C3!.meta?.width).toBe(6);
    // inside a column: at most the column's width
    expect(ok(resizeComponent(grid, 'C5', { width: 9 })).layout.C5!.meta?.width).toBe(6);
  });

  it('keeps a column at least as wide as its content', () => {
    expect(ok(resizeComponent(grid, 'COL1', { width: 1 })).layout.COL1!.meta?.width).toBe(3);
    expect(ok(resizeComponent(grid, 'COL1', { width: 10 })).layout.COL1!.meta?.width).toBe(10);
  });

  it('keeps the height at least GRID_MIN_ROW_UNITS', () => {
    expect(ok(resizeComponent(grid, 'C1', { height: 2 })).layout.C1!.meta?.height).toBe(
      GRID_MIN_ROW_UNITS,
    );
    const { layout } = ok(resizeComponent(grid, 'C1', { height: 80.4, width: 5 }));
    expect(layout.C1!.meta).toMatchObject({ height: 80, width: 5 });
    expectConsistent(layout);
  });

  it('returns the same layout when nothing changes', () => {
    expect(ok(resizeComponent(grid, 'C1', { width: 4 })).layout).toBe(grid);
    expect(ok(resizeComponent(grid, 'H1', { width: 4 })).layout).toBe(grid);
    expect(failure(resizeComponent(grid, 'nope', { width: 4 })).code).toBe('notFound');
  });
});

describe('updateComponentMeta', () => {
  it('merges meta and removes keys set to undefined', () => {
    const { layout } = ok(
      updateComponentMeta(grid, 'H1', { text: 'Revenue', headerSize: 'LARGE_HEADER' }),
    );
    expect(layout.H1!.meta).toEqual({ text: 'Revenue', headerSize: 'LARGE_HEADER' });
    const cleared = ok(
      updateComponentMeta(grid, 'C1', { sliceNameOverride: 'Mine', sliceName: undefined }),
    ).layout;
    expect(cleared.C1!.meta).toEqual({
      width: 4,
      height: 50,
      chartId: 1,
      sliceNameOverride: 'Mine',
    });
    expect(grid.C1!.meta?.sliceName).toBe('Chart 1');
  });
});

describe('convertTopLevel', () => {
  it('round-trips grid → tabs → grid', () => {
    const toTabs = ok(convertTopLevel(grid, 'tabs', { newId: sequentialIds() })).layout;
    expect(toTabs[ROOT_ID]!.children).toEqual(['TABS-1']);
    expect(toTabs['TABS-1']!.children).toEqual(['TAB-2']);
    expect(toTabs['TAB-2']).toMatchObject({
      meta: { text: 'New tab' },
      children: grid[GRID_ID]!.children,
    });
    expect(toTabs[GRID_ID]!.children).toEqual([]);
    expectConsistent(toTabs);

    const back = ok(convertTopLevel(toTabs, 'grid')).layout;
    expect(back).toEqual(grid);
  });

  it('round-trips tabs (one tab) → grid → tabs', () => {
    const single = tabbedLayout(tabs('TOP', [tab('TA', [row('RA', [chart('CA')]), header('HA')])]));
    const toGrid = ok(convertTopLevel(single, 'grid')).layout;
    expect(toGrid[ROOT_ID]!.children).toEqual([GRID_ID]);
    expect(toGrid[GRID_ID]!.children).toEqual(['RA', 'HA']);
    expect(toGrid.TOP).toBeUndefined();
    expect(toGrid.TA).toBeUndefined();
    expectConsistent(toGrid);

    const again = ok(convertTopLevel(toGrid, 'tabs', { newId: sequentialIds() })).layout;
    const rename = (layout: DashboardLayout) =>
      JSON.parse(
        JSON.stringify(toPositionData(layout))
          .replaceAll('TABS-1', 'TOP')
          .replaceAll('TAB-2', 'TA')
          .replaceAll('"New tab"', '"TA"'),
      ) as unknown;
    expect(rename(again)).toEqual(toPositionData(single));
  });

  it('merges every tab into the grid, in order', () => {
    const { layout } = ok(convertTopLevel(tabbed, 'grid'));
    expect(layout[GRID_ID]!.children).toEqual(['RA', 'RB', 'NEST']);
    expect(layout.NEST!.parents).toEqual([ROOT_ID, GRID_ID]);
    expectConsistent(layout);
  });

  it('does nothing when already there', () => {
    expect(ok(convertTopLevel(grid, 'grid')).layout).toBe(grid);
    expect(ok(convertTopLevel(tabbed, 'tabs')).layout).toBe(tabbed);
  });

  it('refuses when the tabs would nest too deep', () => {
    const deep = gridLayout([tabs('TS', [tab('T', [tabs('TS2', [tab('T2', [])])])])]);
    expect(failure(convertTopLevel(deep, 'tabs')).code).toBe('invalidDrop');
  });
});
