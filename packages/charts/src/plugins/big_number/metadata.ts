import type { ChartMetadata } from '../../plugin.js';

const thumbnail =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#ffffff"/>' +
  '<text x="80" y="42" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="30" font-weight="600" fill="#1FA8C9">1.2M</text>' +
  '<polygon points="10,92 10,78 35,70 60,74 85,62 110,66 135,54 150,50 150,92" fill="#1FA8C9" opacity="0.25"/>' +
  '<polyline points="10,78 35,70 60,74 85,62 110,66 135,54 150,50" fill="none" stroke="#1FA8C9" stroke-width="2.5"/></svg>';

export const metadata: ChartMetadata = {
  name: 'Big Number with Trendline',
  category: 'KPI',
  description:
    'Showcases a single number accompanied by a simple line chart, to call attention to an important metric along with its change over time or other dimension.',
  tags: ['Advanced-Analytics', 'Line', 'Percentages', 'Featured', 'Report', 'Trend'],
  thumbnail,
  behaviors: ['DRILL_TO_DETAIL'],
};
