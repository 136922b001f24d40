import type { ChartMetadata } from '../../plugin.js';

const blob = (d: string, fill: string) => `<path d="${d}" fill="${fill}" stroke="#fff"/>`;

export const metadata: ChartMetadata = {
  name: 'World Map',
  category: 'Map',
  description:
    'A map of the world where each country is shaded by the value of a metric (or given a colour of its own), optionally with a bubble per country sized by a second metric.',
  tags: [
    '2D',
    'Comparison',
    'Intensity',
    'Legacy',
    'Multi-Dimensions',
    'Multi-Layers',
    'Multi-Variables',
    'Scatter',
    'Featured',
  ],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
    blob('M14,22 L48,14 L62,24 L56,40 L44,44 L36,58 L26,46 L16,38 Z', '#8FD3E4') +
    blob('M40,60 L54,58 L60,72 L52,90 L44,88 L40,74 Z', '#1FA8C9') +
    blob('M74,18 L96,14 L100,28 L88,34 L76,30 Z', '#1FA8C9') +
    blob('M76,38 L96,36 L104,52 L96,74 L86,76 L78,58 Z', '#454E7C') +
    blob('M100,16 L140,14 L148,32 L132,46 L112,44 L102,30 Z', '#8FD3E4') +
    blob('M124,64 L144,62 L148,76 L132,80 Z', '#1FA8C9') +
    '<circle cx="122" cy="30" r="8" fill="#007A87" opacity="0.5"/>' +
    '<circle cx="38" cy="32" r="6" fill="#007A87" opacity="0.5"/></svg>',
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  drillByField: 'entity',
};
