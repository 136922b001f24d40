import type { ChartMetadata } from '../../plugin.js';

export const metadata: ChartMetadata = {
  name: 'Bar Chart',
  category: 'Evolution',
  description: 'Bar Charts are used to show metrics as a series of bars.',
  tags: [
    'ECharts',
    'Predictive',
    'Advanced-Analytics',
    'Aesthetic',
    'Time',
    'Transformable',
    'Stacked',
    'Vertical',
    'Bar',
    'Popular',
  ],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#ffffff"/><line x1="10" y1="90" x2="150" y2="90" stroke="#d9d9d9"/><rect x="14" y="50" width="16" height="38" rx="2" fill="#1FA8C9"/><rect x="38" y="30" width="16" height="58" rx="2" fill="#1FA8C9"/><rect x="62" y="60" width="16" height="28" rx="2" fill="#1FA8C9"/><rect x="86" y="20" width="16" height="68" rx="2" fill="#1FA8C9"/><rect x="110" y="40" width="16" height="48" rx="2" fill="#1FA8C9"/><rect x="134" y="25" width="16" height="63" rx="2" fill="#1FA8C9"/></svg>',
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
};
