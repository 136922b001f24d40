import type { ChartMetadata } from '../../plugin.js';

export const metadata: ChartMetadata = {
  name: 'Mixed Chart',
  category: 'Evolution',
  description:
    'Visualizes two different series using the same x-axis. Note that both series can be visualized with a different chart type (e.g. 1 using bars and 1 using a line).',
  tags: ['Advanced-Analytics', 'ECharts', 'Line', 'Multi-Variables', 'Time', 'Transformable'],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
    '<line x1="12" y1="90" x2="148" y2="90" stroke="#d9d9d9"/>' +
    '<g fill="#A8D5E2"><rect x="18" y="60" width="14" height="30"/><rect x="42" y="48" width="14" height="42"/>' +
    '<rect x="66" y="66" width="14" height="24"/><rect x="90" y="40" width="14" height="50"/><rect x="114" y="52" width="14" height="38"/></g>' +
    '<polyline points="25,40 49,28 73,34 97,16 121,22 142,12" fill="none" stroke="#454E7C" stroke-width="4" stroke-linejoin="round"/></svg>',
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
};
