import type { ChartMetadata } from '../../plugin.js';

export const metadata: ChartMetadata = {
  name: 'Scatter Plot',
  category: 'Evolution',
  description:
    'Scatter Plot has the horizontal axis in linear units, and the points are connected in order. It shows a statistical relationship between two variables.',
  tags: [
    'ECharts',
    'Predictive',
    'Advanced-Analytics',
    'Aesthetic',
    'Time',
    'Transformable',
    'Scatter',
    'Popular',
  ],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#ffffff"/><line x1="10" y1="90" x2="150" y2="90" stroke="#d9d9d9"/><circle cx="20" cy="70" r="5" fill="#1FA8C9"/><circle cx="38" cy="52" r="5" fill="#454E7C"/><circle cx="55" cy="64" r="5" fill="#1FA8C9"/><circle cx="72" cy="40" r="5" fill="#5AC189"/><circle cx="90" cy="48" r="5" fill="#1FA8C9"/><circle cx="108" cy="30" r="5" fill="#454E7C"/><circle cx="126" cy="36" r="5" fill="#1FA8C9"/><circle cx="144" cy="18" r="5" fill="#5AC189"/></svg>',
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
};
