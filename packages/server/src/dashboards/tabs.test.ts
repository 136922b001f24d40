import { describe, expect, it } from 'vitest';
import { dashboardTabs } from './tabs.js';

const layout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['TABS-a', 'ROW-x'] },
  'TABS-a': { id: 'TABS-a', type: 'TABS', children: ['TAB-1', 'TAB-2'] },
  'TAB-1': {
    id: 'TAB-1',
    type: 'TAB',
    meta: { text: 'Overview' },
    parents: ['ROOT_ID', 'GRID_ID', 'TABS-a'],
    children: ['TABS-b', 'ROW-y'],
  },
  'TAB-2': { id: 'TAB-2', type: 'TAB', meta: { text: 'Details' }, children: [] },
  'TABS-b': { id: 'TABS-b', type: 'TABS', children: ['TAB-3'] },
  'TAB-3': { id: 'TAB-3', type: 'TAB', meta: { text: 'Nested' }, children: [] },
  // Tabs inside a row are not reached, as in Superset.
  'ROW-x': { id: 'ROW-x', type: 'ROW', children: ['TABS-c'] },
  'TABS-c': { id: 'TABS-c', type: 'TABS', children: ['TAB-4'] },
  'TAB-4': { id: 'TAB-4', type: 'TAB', meta: { text: 'Hidden' }, children: [] },
  'ROW-y': { id: 'ROW-y', type: 'ROW', children: [] },
};

describe('dashboard tabs', () => {
  it('lists every reachable tab and nests them as the layout does', () => {
    expect(dashboardTabs(JSON.stringify(layout))).toEqual({
      all_tabs: { 'TAB-1': 'Overview', 'TAB-2': 'Details', 'TAB-3': 'Nested' },
      tab_tree: [
        {
          value: 'TAB-1',
          title: 'Overview',
          parents: ['ROOT_ID', 'GRID_ID', 'TABS-a'],
          children: [{ value: 'TAB-3', title: 'Nested', children: [] }],
        },
        { value: 'TAB-2', title: 'Details', children: [] },
      ],
    });
  });

  it('answers {} without a layout and empty lists without tabs', () => {
    expect(dashboardTabs(null)).toEqual({});
    expect(dashboardTabs('{}')).toEqual({});
    expect(dashboardTabs('not json')).toEqual({});
    expect(
      dashboardTabs(JSON.stringify({ ROOT_ID: { type: 'ROOT', children: ['GRID_ID'] } })),
    ).toEqual({ all_tabs: {}, tab_tree: [] });
  });

  it('stops on a cycle in a stored layout', () => {
    const cyclic = {
      ROOT_ID: { type: 'ROOT', children: ['TABS-a'] },
      'TABS-a': { type: 'TABS', children: ['TAB-1'] },
      'TAB-1': { id: 'TAB-1', type: 'TAB', meta: { text: 'Loop' }, children: ['TABS-a'] },
    };
    expect(dashboardTabs(JSON.stringify(cyclic)).all_tabs).toEqual({ 'TAB-1': 'Loop' });
  });
});
