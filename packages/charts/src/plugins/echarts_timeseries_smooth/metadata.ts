import type { ChartMetadata } from '../../plugin.js';

export const metadata: ChartMetadata = {
  name: 'Smooth Line',
  category: 'Evolution',
  description:
    'Smooth-line is a variation of the line chart. Without angles and hard edges, Smooth-line sometimes looks smarter and more professional.',
  tags: ['ECharts', 'Predictive', 'Advanced-Analytics', 'Aesthetic', 'Line', 'Transformable'],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#ffffff"/><line x1="10" y1="90" x2="150" y2="90" stroke="#d9d9d9"/><path d="M12,80 C40,20 60,90 90,45 S130,20 148,30" fill="none" stroke="#1FA8C9" stroke-width="4"/></svg>',
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
};
