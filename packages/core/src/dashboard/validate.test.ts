import { describe, expect, it } from 'vitest';
import { emptyLayout } from './layout.js';
import { MAX_VALIDATION_PROBLEMS, validateJsonMetadata, validatePositionData } from './validate.js';

/** root → grid → row → two charts (4 and 8 wide) and a markdown of tabs elsewhere. */
function layout(): Record<string, unknown> {
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
    'ROW-1': {
      id: 'ROW-1',
      type: 'ROW',
      children: ['CHART-1', 'CHART-2'],
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
    'CHART-1': {
      id: 'CHART-1',
      type: 'CHART',
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
      meta: { chartId: 1, width: 4, height: 50 },
    },
    'CHART-2': {
      id: 'CHART-2',
      type: 'CHART',
      children: [],
      meta: { chartId: 2, width: 8, height: 50 },
    },
  };
}
type L = Record<string, Record<string, unknown>>;

describe('validatePositionData', () => {
  it('accepts a sound layout, an empty one and a new dashboard', () => {
    expect(validatePositionData(layout(), [1, 2])).toEqual([]);
    expect(validatePositionData({}, [])).toEqual([]);
    expect(validatePositionData({ DASHBOARD_VERSION_KEY: 'v2' }, [])).toEqual([]);
    expect(validatePositionData(emptyLayout(), new Set<number>())).toEqual([]);
  });

  it('accepts tabs at the top with rows inside the tabs', () => {
    const l = {
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['TABS-1'] },
      'TABS-1': { type: 'TABS', id: 'TABS-1', children: ['TAB-a', 'TAB-b'] },
      'TAB-a': { type: 'TAB', id: 'TAB-a', children: ['ROW-1'], meta: { text: 'A' } },
      'TAB-b': { type: 'TAB', id: 'TAB-b', children: [], meta: { text: 'B' } },
      'ROW-1': { type: 'ROW', id: 'ROW-1', children: ['MARKDOWN-1'] },
      'MARKDOWN-1': { type: 'MARKDOWN', id: 'MARKDOWN-1', children: [], meta: { width: 12 } },
    };
    expect(validatePositionData(l, [])).toEqual([]);
  });

  it('refuses what is not an object', () => {
    expect(validatePositionData([], [])).toEqual(['The layout must be a JSON object']);
    expect(validatePositionData(null, [])).toEqual(['The layout must be a JSON object']);
    expect(validatePositionData({ X: 3 }, [])[0]).toBe('Component X is not an object');
  });

  it('names unknown types and mismatched ids', () => {
    const l = layout() as L;
    l['CHART-2']!.type = 'PIE';
    l['CHART-1']!.id = 'CHART-9';
    const problems = validatePositionData(l, [1, 2]);
    expect(problems).toContain('Component CHART-2 has an unknown type: "PIE"');
    expect(problems).toContain('Component CHART-1 has a different id: "CHART-9"');
  });

  it('names children and parents that do not exist', () => {
    const l = layout() as L;
    (l['ROW-1']!.children as string[]).push('CHART-3');
    l['CHART-1']!.parents = ['ROOT_ID', 'GONE'];
    const problems = validatePositionData(l, [1, 2]);
    expect(problems).toContain('Component ROW-1 has a child that does not exist: CHART-3');
    expect(problems).toContain('Component CHART-1 has a parent that does not exist: GONE');
  });

  it('finds cycles and components with two parents', () => {
    const l = layout() as L;
    l['COLUMN-1'] = { id: 'COLUMN-1', type: 'COLUMN', children: ['COLUMN-2'] };
    l['COLUMN-2'] = { id: 'COLUMN-2', type: 'COLUMN', children: ['COLUMN-1'] };
    (l['ROW-1']!.children as string[]).push('COLUMN-1');
    const problems = validatePositionData(l, [1, 2]);
    expect(problems.some((p) => p.startsWith('The layout has a cycle'))).toBe(true);
    expect(problems).toContain('Component COLUMN-1 has more than one parent: ROW-1, COLUMN-2');
    const self = layout() as L;
    self['CHART-1']!.children = ['CHART-1'];
    expect(validatePositionData(self, [1, 2]).join('\n')).toMatch(/cycle: CHART-1/);
  });

  it('handles a very deep chain without recursion', () => {
    const l: L = {
      ROOT_ID: { type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', children: ['COLUMN-0'] },
    };
    for (let i = 0; i < 50_000; i += 1)
      l[`COLUMN-${i}`] = { type: 'COLUMN', children: i < 49_999 ? [`COLUMN-${i + 1}`] : [] };
    expect(validatePositionData(l, [])).toEqual([]);
  });

  it('wants ROOT_ID with exactly one GRID or TABS child', () => {
    const noRoot = layout() as L;
    delete noRoot.ROOT_ID;
    expect(validatePositionData(noRoot, [1, 2])).toContain(
      'The layout must have a ROOT_ID component of type ROOT',
    );
    const two = layout() as L;
    two.ROOT_ID!.children = ['GRID_ID', 'ROW-1'];
    expect(validatePositionData(two, [1, 2])).toContain(
      'ROOT_ID must have exactly one child, a GRID or TABS component',
    );
    const row = layout() as L;
    row.ROOT_ID!.children = ['ROW-1'];
    row.GRID_ID!.children = [];
    expect(validatePositionData(row, [1, 2])).toContain(
      'ROOT_ID must have exactly one child, a GRID or TABS component',
    );
    const second = layout() as L;
    second.OTHER = { type: 'ROOT', children: [] };
    expect(validatePositionData(second, [1, 2])).toContain(
      'Only ROOT_ID may be of type ROOT, not OTHER',
    );
  });

  it('keeps tabs inside TABS components', () => {
    const l = layout() as L;
    l['TAB-x'] = { type: 'TAB', children: [] };
    (l.GRID_ID!.children as string[]).push('TAB-x');
    expect(validatePositionData(l, [1, 2])).toContain(
      'Tab TAB-x must be in a TABS component, not in GRID_ID (GRID)',
    );
  });

  it('wants known charts', () => {
    expect(validatePositionData(layout(), [1])).toEqual([
      'Chart 2 (CHART-2) does not exist or you may not read it',
    ]);
    const l = layout() as L;
    l['CHART-1']!.meta = { width: 4 };
    expect(validatePositionData(l, [1, 2])).toEqual(['Chart component CHART-1 has no chart id']);
  });

  it('keeps widths within 1..12 and rows within 12 columns', () => {
    const l = layout() as L;
    (l['CHART-2']!.meta as Record<string, unknown>).width = 13;
    const problems = validatePositionData(l, [1, 2]);
    expect(problems).toContain('The width of CHART-2 must be between 1 and 12, not 13');
    expect(problems).toContain('The components of row ROW-1 are 17 columns wide, more than 12');
    (l['CHART-2']!.meta as Record<string, unknown>).width = 0;
    expect(validatePositionData(l, [1, 2])).toEqual([
      'The width of CHART-2 must be between 1 and 12, not 0',
    ]);
    (l['CHART-2']!.meta as Record<string, unknown>).width = '4';
    expect(validatePositionData(l, [1, 2])).toEqual([
      'The width of CHART-2 must be between 1 and 12, not "4"',
    ]);
  });

  it('lists a bounded number of problems', () => {
    const l = layout() as L;
    for (let i = 0; i < 200; i += 1) l[`X-${i}`] = { type: 'NOPE', children: [] };
    const problems = validatePositionData(l, [1, 2]);
    expect(problems).toHaveLength(MAX_VALIDATION_PROBLEMS + 1);
    expect(problems.at(-1)).toBe('… and 150 more problems');
  });
});

describe('validateJsonMetadata', () => {
  it('accepts Superset metadata and unknown keys', () => {
    expect(
      validateJsonMetadata({
        color_scheme: 'supersetColors',
        label_colors: { boys: '#ff0000' },
        shared_label_colors: ['boys'],
        expanded_slices: { 1: true },
        refresh_frequency: 0,
        timed_refresh_immune_slices: [1, 2],
        stagger_refresh: true,
        stagger_time: 5000,
        cross_filters_enabled: true,
        native_filter_configuration: [{ id: 'NATIVE_FILTER-1' }],
        chart_configuration: {},
        filter_bar_orientation: 'HORIZONTAL',
        default_filters: '{}',
        filter_scopes: {},
        positions: 'anything',
        my_own_key: [1, 'x'],
      }),
    ).toEqual([]);
    expect(validateJsonMetadata({})).toEqual([]);
    expect(validateJsonMetadata({ color_scheme: null, shared_label_colors: {} })).toEqual([]);
  });

  it('refuses non-objects and wrong types, naming the key', () => {
    expect(validateJsonMetadata([1])).toEqual(['Must be a JSON object']);
    expect(
      validateJsonMetadata({
        color_scheme: 3,
        label_colors: { a: 1 },
        shared_label_colors: 'x',
        expanded_slices: [],
        refresh_frequency: -1,
        timed_refresh_immune_slices: [1, 'a'],
        stagger_refresh: 'yes',
        stagger_time: 'soon',
        cross_filters_enabled: 1,
        native_filter_configuration: {},
        chart_configuration: [],
        filter_bar_orientation: 'DIAGONAL',
        default_filters: '{nope',
        filter_scopes: 'x',
      }),
    ).toEqual([
      'color_scheme: Not a valid string.',
      'label_colors: a: Not a valid string.',
      'shared_label_colors: Not a valid list or mapping type.',
      'expanded_slices: Not a valid mapping type.',
      'refresh_frequency: Must be greater than or equal to 0.',
      'timed_refresh_immune_slices: Item 1: Not a valid integer.',
      'stagger_refresh: Not a valid boolean.',
      'stagger_time: Not a valid number.',
      'cross_filters_enabled: Not a valid boolean.',
      'native_filter_configuration: Not a valid list.',
      'chart_configuration: Not a valid mapping type.',
      'filter_bar_orientation: Must be one of: VERTICAL, HORIZONTAL.',
      'default_filters: Not valid JSON.',
      'filter_scopes: Not a valid mapping type.',
    ]);
  });
});
