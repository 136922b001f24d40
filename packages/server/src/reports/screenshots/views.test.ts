import { describe, expect, it } from 'vitest';
import { anchorIds, dashboardViews } from './views.js';

// ROOT → TABS-top (TAB-a, TAB-b); TAB-b holds TABS-inner (TAB-b1, TAB-b2) and CHART-7.
const c = (id: string, type: string, children: string[] = []) => ({ id, type, children });
const position = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: c('ROOT_ID', 'ROOT', ['TABS-top']),
  'TABS-top': c('TABS-top', 'TABS', ['TAB-a', 'TAB-b']),
  'TAB-a': c('TAB-a', 'TAB', ['ROW-a']),
  'ROW-a': c('ROW-a', 'ROW', []),
  'TAB-b': c('TAB-b', 'TAB', ['TABS-inner', 'ROW-b']),
  'TABS-inner': c('TABS-inner', 'TABS', ['TAB-b1', 'TAB-b2']),
  'TAB-b1': c('TAB-b1', 'TAB', []),
  'TAB-b2': c('TAB-b2', 'TAB', []),
  'ROW-b': c('ROW-b', 'ROW', ['CHART-7']),
  'CHART-7': c('CHART-7', 'CHART', []),
};

describe('dashboard views of a capture', () => {
  it('is the dashboard as it opens when no tab is asked for', () => {
    expect(dashboardViews(position, undefined, undefined)).toEqual({ views: [[]], unknown: [] });
    expect(dashboardViews(position, [], '')).toEqual({ views: [[]], unknown: [] });
  });

  it('opens a nested tab through its parents, outermost first', () => {
    expect(dashboardViews(position, ['TAB-b2'], undefined).views).toEqual([['TAB-b', 'TAB-b2']]);
  });

  it('captures tabs of one group one after the other, and a parent through its child', () => {
    expect(dashboardViews(position, ['TAB-a', 'TAB-b'], undefined).views).toEqual([
      ['TAB-a'],
      ['TAB-b'],
    ]);
    // A permalink-like list (every open tab) is one view.
    expect(dashboardViews(position, ['TAB-b', 'TAB-b1'], undefined).views).toEqual([
      ['TAB-b', 'TAB-b1'],
    ]);
    expect(dashboardViews(position, ['TAB-b1', 'TAB-b2', 'TAB-a'], undefined).views).toEqual([
      ['TAB-b', 'TAB-b1'],
      ['TAB-b', 'TAB-b2'],
      ['TAB-a'],
    ]);
  });

  it('opens the tabs an anchor needs; a JSON list anchor names several tabs', () => {
    expect(dashboardViews(position, [], 'CHART-7').views).toEqual([['TAB-b']]);
    expect(dashboardViews(position, [], '["TAB-a","TAB-b2"]').views).toEqual([
      ['TAB-a'],
      ['TAB-b', 'TAB-b2'],
    ]);
    expect(anchorIds('[1, "x"]')).toEqual(['x']);
    expect(anchorIds('[not json')).toEqual(['[not json']);
  });

  it('reports ids the layout does not have and keeps to the rest', () => {
    expect(dashboardViews(position, ['TAB-gone', 'TAB-a'], undefined)).toEqual({
      views: [['TAB-a']],
      unknown: ['TAB-gone'],
    });
    expect(dashboardViews('not a layout', ['TAB-a'], undefined)).toEqual({
      views: [[]],
      unknown: ['TAB-a'],
    });
  });
});
