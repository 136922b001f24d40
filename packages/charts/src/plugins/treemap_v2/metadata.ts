import type { ChartMetadata } from '../../plugin.js';

const thumbnail =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
  '<rect x="8" y="8" width="80" height="84" fill="#1FA8C9"/><rect x="90" y="8" width="62" height="48" fill="#454E7C"/>' +
  '<rect x="90" y="58" width="30" height="34" fill="#5AC189"/><rect x="122" y="58" width="30" height="34" fill="#FF7F44"/>' +
  '<rect x="8" y="60" width="80" height="32" fill="#0D5A6C" opacity="0.35"/></svg>';

export const metadata: ChartMetadata = {
  name: 'Treemap',
  category: 'Part of a Whole',
  description:
    'Shows hierarchical relationships in the data, each value drawn as an area, so that its proportion of and contribution to the whole are easy to see.',
  tags: [
    'Aesthetic',
    'Categorical',
    'Comparison',
    'ECharts',
    'Multi-Levels',
    'Percentages',
    'Proportional',
  ],
  thumbnail,
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
};
