import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_VERSION,
  DASHBOARD_VERSION_KEY,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_ID,
  HEADER_ID,
  ROOT_ID,
  emptyLayout,
} from '@strata/core';
import type { DashboardLayout } from '@strata/core';
import {
  ancestors,
  availableWidth,
  componentWidth,
  depth,
  descendants,
  isTopLevelTab,
  minimumWidth,
  nestingDepth,
  normalizeLayout,
  parentOf,
  tabAncestors,
  tabsDepth,
  toPositionData,
  topLevelTabOf,
  topLevelTabsId,
  withParents,
} from './tree';
import {
  chart,
  col,
  gridLayout,
  header,
  md,
  row,
  tab,
  tabbedLayout,
  tabs,
} from './fixtures.test-helpers';

const grid = gridLayout([
  header('H1'),
  row('R1', [chart('C1', 4, 1), chart('C2', 4, 2)]),
  row('R2', [col('COL1', 6, [row('R3', [chart('C3', 3, 3), md('M1', 2)])]), chart('C4', 6, 4)]),
  tabs('TS1', [tab('T1', [row('R4', [chart('C5', 4, 5)])])]),
]);

const tabbed = tabbedLayout(
  tabs('TOP', [
    tab('TA', [row('RA', [chart('CA', 4, 1)]), tabs('NEST', [tab('NA', [row('RN', [md('MN')])])])]),
    tab('TB', []),
  ]),
);

describe('tree navigation', () => {
  it('finds parents, ancestors, depth and descendants from children', () => {
    expect(parentOf(grid, 'C1')).toBe('R1');
    expect(parentOf(grid, ROOT_ID)).toBeUndefined();
    expect(ancestors(grid, 'C3')).toEqual([ROOT_ID, GRID_ID, 'R2', 'COL1', 'R3']);
    expect(depth(grid, ROOT_ID)).toBe(0);
    expect(depth(grid, 'C3')).toBe(5);
    expect(descendants(grid, 'R2')).toEqual(['COL1', 'R3', 'C3', 'M1', 'C4']);
    expect(descendants(grid, 'C1')).toEqual([]);
  });

  it('finds tabs ancestors, tabs depth and the top-level tab', () => {
    expect(tabAncestors(tabbed, 'MN')).toEqual(['TA', 'NA']);
    expect(tabsDepth(tabbed, 'MN')).toBe(2);
    expect(tabsDepth(tabbed, 'NEST')).toBe(1);
    expect(tabsDepth(tabbed, 'TOP')).toBe(0);
    expect(topLevelTabsId(tabbed)).toBe('TOP');
    expect(topLevelTabsId(grid)).toBeUndefined();
    expect(isTopLevelTab(tabbed, 'TA')).toBe(true);
    expect(isTopLevelTab(tabbed, 'NA')).toBe(false);
    expect(topLevelTabOf(tabbed, 'MN')).toBe('TA');
    expect(topLevelTabOf(grid, 'C5')).toBeUndefined();
  });

  it("computes Superset's nesting depth (tabs do not count)", () => {
    expect(nestingDepth(grid, GRID_ID)).toBe(1);
    expect(nestingDepth(grid, 'R1')).toBe(2);
    expect(nestingDepth(grid, 'COL1')).toBe(3);
    expect(nestingDepth(grid, 'R3')).toBe(4);
    expect(nestingDepth(grid, 'R4')).toBe(2);
    expect(nestingDepth(tabbed, 'TA')).toBe(1);
    expect(nestingDepth(tabbed, 'RA')).toBe(2);
    expect(nestingDepth(tabbed, 'NA')).toBe(2);
    expect(nestingDepth(tabbed, 'RN')).toBe(2);
  });
});

describe('widths', () => {
  it('reads meta.width, and sums a row', () => {
    expect(componentWidth(grid, 'C1')).toBe(4);
    expect(componentWidth(grid, 'COL1')).toBe(6);
    expect(componentWidth(grid, 'R1')).toBe(8);
    expect(componentWidth(grid, 'R2')).toBe(12);
    expect(componentWidth(grid, 'H1')).toBe(0);
  });

  it('gives the free width of a parent', () => {
    expect(availableWidth(grid, 'R1')).toBe(4);
    expect(availableWidth(grid, 'R2')).toBe(0);
    // a row inside a 6-wide column holding 5
    expect(availableWidth(grid, 'R3')).toBe(1);
    expect(availableWidth(grid, 'COL1')).toBe(6);
    expect(availableWidth(grid, GRID_ID)).toBe(12);
    expect(availableWidth(grid, 'T1')).toBe(12);
    expect(availableWidth(grid, 'C1')).toBe(0);
    expect(availableWidth(grid, 'missing')).toBe(0);
  });

  it('knows a column must hold its widest row', () => {
    expect(minimumWidth(grid, 'COL1')).toBe(5);
    expect(minimumWidth(grid, 'C1')).toBe(1);
  });
});

describe('withParents / toPositionData', () => {
  it('recomputes stale parents and adds the version marker', () => {
    const stale: DashboardLayout = {
      ...grid,
      C1: { ...grid.C1!, parents: ['nowhere'] },
    };
    const position = toPositionData(stale);
    expect(position[DASHBOARD_VERSION_KEY]).toBe(DASHBOARD_VERSION);
    expect(position.C1).toEqual({ ...grid.C1, parents: [ROOT_ID, GRID_ID, 'R1'] });
    expect(position[ROOT_ID]).toEqual({ id: ROOT_ID, type: 'ROOT', children: [GRID_ID] });
  });

  it('keeps the detached grid of a tabbed dashboard under ROOT', () => {
    expect(withParents(tabbed)[GRID_ID]!.parents).toEqual([ROOT_ID]);
  });
});

describe('normalizeLayout', () => {
  it('leaves a sound layout alone', () => {
    const position = toPositionData(grid);
    const { layout, problems } = normalizeLayout(position);
    expect(problems).toEqual([]);
    expect(layout).toEqual(grid);
    expect(normalizeLayout(toPositionData(tabbed))).toEqual({ layout: tabbed, problems: [] });
  });

  it('opens nothing at all as an empty dashboard', () => {
    expect(normalizeLayout(undefined)).toEqual({
      layout: withParents(emptyLayout()),
      problems: [],
    });
    const junk = normalizeLayout('not a layout');
    expect(junk.layout).toEqual(withParents(emptyLayout()));
    expect(junk.problems).toHaveLength(1);
  });

  it('repairs a corrupt layout and lists the problems', () => {
    const corrupt = {
      [DASHBOARD_VERSION_KEY]: 'v2',
      // no ROOT_ID, no GRID_ID: the rows still say they live in the grid
      'ROW-a': {
        id: 'ROW-a',
        type: 'ROW',
        children: ['CHART-a', 'CHART-gone', 'CHART-nometa'],
        parents: [ROOT_ID, GRID_ID],
      },
      'CHART-a': {
        id: 'CHART-a',
        type: 'CHART',
        children: [],
        parents: ['wrong'],
        meta: { width: 4, height: 50, chartId: 7 },
      },
      'CHART-nometa': { id: 'CHART-nometa', type: 'CHART', children: [] },
      'ROW-b': {
        id: 'ROW-b',
        type: 'ROW',
        children: ['CHART-a'],
        parents: [ROOT_ID, GRID_ID],
      },
      'ORPHAN-1': { id: 'ORPHAN-1', type: 'MARKDOWN', children: [], meta: { width: 2 } },
      junk: 42,
      'WEIRD-1': { id: 'WEIRD-1', type: 'NOT_A_TYPE', children: [] },
      [HEADER_ID]: { id: HEADER_ID, type: 'HEADER', meta: { text: 'My dashboard' } },
    };
    const { layout, problems } = normalizeLayout(corrupt);

    expect(layout[ROOT_ID]).toEqual({ id: ROOT_ID, type: 'ROOT', children: [GRID_ID] });
    expect(layout[GRID_ID]!.children).toEqual(['ROW-a', 'ROW-b']);
    expect(layout['ROW-a']!.children).toEqual(['CHART-a', 'CHART-nometa']);
    // CHART-a had two places: the second one is dropped, and ROW-b kept (empty) as stored
    expect(layout['ROW-b']!.children).toEqual([]);
    expect(layout['CHART-a']!.parents).toEqual([ROOT_ID, GRID_ID, 'ROW-a']);
    expect(layout['ORPHAN-1']).toBeUndefined();
    expect(layout.junk).toBeUndefined();
    expect(layout['WEIRD-1']).toBeUndefined();
    expect(layout[HEADER_ID]).toBeDefined();
    expect(layout['CHART-nometa']!.meta?.width).toBe(GRID_DEFAULT_CHART_WIDTH);

    const text = problems.join('\n');
    expect(text).toMatch(/root was missing/);
    expect(text).toMatch(/grid was missing/);
    expect(text).toMatch(/missing child CHART-gone/);
    expect(text).toMatch(/CHART-a was listed more than once/);
    expect(text).toMatch(/ORPHAN-1 was not part of the layout/);
    expect(text).toMatch(/Entry junk is not a layout component/);
    expect(text).toMatch(/Entry WEIRD-1 is not a layout component/);
    expect(text).toMatch(/Chart CHART-nometa has no chart id/);
    expect(text).toMatch(/CHART-nometa had no valid width/);
    expect(problems.every((p) => !p.includes(HEADER_ID))).toBe(true);
  });

  it('keeps ROOT to a single grid or tabs child and drops children of leaves', () => {
    const { layout, problems } = normalizeLayout({
      [ROOT_ID]: { id: ROOT_ID, type: 'ROOT', children: ['nope', GRID_ID, 'TABS-x'] },
      [GRID_ID]: { id: GRID_ID, type: 'GRID', children: ['HEADER-x'] },
      'TABS-x': { id: 'TABS-x', type: 'TABS', children: [] },
      'HEADER-x': { id: 'HEADER-x', type: 'HEADER', children: ['CHART-y'] },
      'CHART-y': { id: 'CHART-y', type: 'CHART', children: [], meta: { chartId: 1, width: 4 } },
    });
    expect(layout[ROOT_ID]!.children).toEqual([GRID_ID]);
    expect(layout['HEADER-x']!.children).toEqual([]);
    expect(layout['CHART-y']).toBeUndefined();
    expect(layout['TABS-x']).toBeUndefined();
    expect(problems.join('\n')).toMatch(/HEADER HEADER-x cannot hold CHART-y/);
  });

  it('empties the unused grid of a tabbed dashboard', () => {
    const position = toPositionData(tabbed);
    const { layout, problems } = normalizeLayout({
      ...position,
      [GRID_ID]: { id: GRID_ID, type: 'GRID', children: ['RA'] },
    });
    expect(layout[GRID_ID]!.children).toEqual([]);
    expect(layout.RA!.parents).toEqual([ROOT_ID, 'TOP', 'TA']);
    expect(problems).toHaveLength(1);
  });
});
