import { describe, expect, it } from 'vitest';
import type { ChartPlugin } from '@strata/charts';
import { galleryGroups, galleryItems, selectionAfterSection, tileTypes } from './gallery';

const plugin = (
  vizType: string,
  name: string,
  category: string,
  tags: string[],
  description = '',
): ChartPlugin => ({
  vizType,
  metadata: { name, category, tags, description },
  controlPanel: { controlPanelSections: [] },
  buildQuery: () => {
    throw new Error('not used');
  },
  transformProps: () => null,
});

const plugins = [
  plugin(
    'line',
    'Line Chart',
    'Evolution',
    ['ECharts', 'Popular', 'Trend'],
    'Visualize changes over time',
  ),
  plugin('pie', 'Pie Chart', 'Part of a Whole', ['ECharts', 'Popular', 'Percentages']),
  plugin('filter_box', 'Filter box', 'Tools', ['Deprecated', 'Legacy'], 'Filters'),
  plugin('table', 'Table', 'Table', ['Popular', 'Featured', 'Tabular']),
];

describe('gallery', () => {
  it('lists categories and tags', () => {
    expect(galleryGroups(plugins).categories).toEqual([
      'Evolution',
      'Part of a Whole',
      'Table',
      'Tools',
    ]);
    expect(galleryGroups(plugins).tags).toContain('Popular');
  });

  it('shows a section, featured first and deprecated last', () => {
    expect(galleryItems(plugins, { kind: 'all' }, '').map((p) => p.vizType)).toEqual([
      'table',
      'line',
      'pie',
      'filter_box',
    ]);
    expect(
      galleryItems(plugins, { kind: 'tag', value: 'ECharts' }, '').map((p) => p.vizType),
    ).toEqual(['line', 'pie']);
    expect(
      galleryItems(plugins, { kind: 'category', value: 'Tools' }, '').map((p) => p.vizType),
    ).toEqual(['filter_box']);
  });

  it('searches names, tags and descriptions across sections', () => {
    expect(
      galleryItems(plugins, { kind: 'category', value: 'Tools' }, 'pie').map((p) => p.vizType),
    ).toEqual(['pie']);
    expect(galleryItems(plugins, { kind: 'all' }, 'percentages').map((p) => p.vizType)).toEqual([
      'pie',
    ]);
    expect(galleryItems(plugins, { kind: 'all' }, 'zzzz')).toEqual([]);
  });

  it('clears a selection outside the chosen section', () => {
    expect(selectionAfterSection('pie', plugins, { kind: 'tag', value: 'ECharts' })).toBe('pie');
    expect(selectionAfterSection('pie', plugins, { kind: 'category', value: 'Tools' })).toBeNull();
  });

  it('adds the current and rendered types to the tiles', () => {
    expect(tileTypes('table', null)).toHaveLength(6);
    expect(tileTypes('radar', 'funnel').slice(-2)).toEqual(['radar', 'funnel']);
  });
});
