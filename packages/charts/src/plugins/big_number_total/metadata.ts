import type { ChartMetadata } from '../../plugin.js';

const thumbnail = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100">
<rect width="160" height="100" rx="6" fill="#f7f9fa"/>
<text x="80" y="62" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="40" font-weight="600" fill="#1FA8C9">12.3k</text>
<text x="80" y="82" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="11" fill="#666">Total</text>
</svg>`;

export const metadata: ChartMetadata = {
  name: 'Big Number',
  category: 'KPI',
  description:
    'Showcases a single metric front-and-center. Big number is best used to call attention to a KPI or the one thing you want your audience to focus on.',
  tags: ['Additive', 'Business', 'Legacy', 'Percentages', 'Popular', 'Report'],
  thumbnail,
  behaviors: ['DRILL_TO_DETAIL'],
};
