import type { ChartMetadata } from '../../plugin.js';

const thumbnail =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
  '<path d="M80,28 A22,22 0 0,1 99,61 L80,50 Z" fill="#1FA8C9"/>' +
  '<path d="M99,61 A22,22 0 1,1 80,28 L80,50 Z" fill="#454E7C"/>' +
  '<path d="M80,28 L80,8 A42,42 0 0,1 116,71 L99,61 A22,22 0 0,0 80,28 Z" fill="#1FA8C9" opacity="0.6"/>' +
  '<path d="M99,61 L116,71 A42,42 0 0,1 46,75 L62,63 A22,22 0 0,0 99,61 Z" fill="#454E7C" opacity="0.6"/>' +
  '<path d="M62,63 L46,75 A42,42 0 0,1 80,8 L80,28 A22,22 0 0,0 62,63 Z" fill="#5AC189" opacity="0.7"/>' +
  '<circle cx="80" cy="50" r="7" fill="#fff"/></svg>';

export const metadata: ChartMetadata = {
  name: 'Sunburst Chart',
  category: 'Part of a Whole',
  description:
    'Uses rings to show how data flows through the stages of a hierarchy: the inner ring is the top level, each outer ring splits its parent. Hover over a segment to see its path and share. Useful for multi-level, multi-group breakdowns such as funnels and pipelines.',
  tags: ['ECharts', 'Multi-Levels', 'Proportional', 'Featured'],
  thumbnail,
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  drillByField: 'columns',
};
