import type { ChartMetadata } from '../../plugin.js';

export const metadata: ChartMetadata = {
  name: 'Line Chart',
  category: 'Evolution',
  description:
    'Line chart is used to visualize measurements taken over a given category. Line chart is a type of chart which displays information as a series of data points connected by straight line segments. It is a basic type of chart common in many fields.',
  tags: ['ECharts', 'Predictive', 'Advanced-Analytics', 'Aesthetic', 'Line', 'Popular', 'Trend'],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#ffffff"/><line x1="10" y1="90" x2="150" y2="90" stroke="#d9d9d9"/><polyline points="12,80 40,55 68,62 96,30 124,42 148,20" fill="none" stroke="#1FA8C9" stroke-width="4" stroke-linejoin="round"/><polyline points="12,88 40,75 68,80 96,65 124,70 148,58" fill="none" stroke="#454E7C" stroke-width="3" stroke-linejoin="round"/></svg>',
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
};
