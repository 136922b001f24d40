import type { ChartMetadata } from '../../plugin.js';

export const metadata: ChartMetadata = {
  name: 'Area Chart',
  category: 'Evolution',
  description:
    'Area charts are similar to line charts in that they represent variables with the same scale, but area charts stack the metrics on top of each other.',
  tags: [
    'ECharts',
    'Predictive',
    'Advanced-Analytics',
    'Aesthetic',
    'Line',
    'Transformable',
    'Stacked',
    'Popular',
  ],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#ffffff"/><line x1="10" y1="90" x2="150" y2="90" stroke="#d9d9d9"/><polygon points="12,88 12,70 40,50 68,58 96,30 124,40 148,22 148,88" fill="#1FA8C9" opacity="0.35"/><polyline points="12,70 40,50 68,58 96,30 124,40 148,22" fill="none" stroke="#1FA8C9" stroke-width="3"/></svg>',
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
};
