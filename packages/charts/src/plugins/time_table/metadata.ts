import type { ChartMetadata } from '../../plugin.js';

export const metadata: ChartMetadata = {
  name: 'Time-series Table',
  category: 'Table',
  description: 'Compare multiple time series charts (as sparklines) and related metrics quickly.',
  tags: ['Multi-Variables', 'Comparison', 'Legacy', 'Percentages', 'Tabular', 'Text', 'Trend'],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
    '<rect x="10" y="10" width="140" height="14" fill="#F0F2F7"/><g stroke="#E4E7EF"><path d="M10 44h140M10 64h140M10 84h140"/></g>' +
    '<g fill="#454E7C"><rect x="14" y="30" width="24" height="6" rx="2"/><rect x="14" y="50" width="24" height="6" rx="2"/><rect x="14" y="70" width="24" height="6" rx="2"/></g>' +
    '<g fill="none" stroke="#1FA8C9" stroke-width="2"><polyline points="48,38 60,30 72,34 84,26 96,32"/><polyline points="48,58 60,54 72,58 84,48 96,50"/><polyline points="48,74 60,78 72,70 84,74 96,68"/></g>' +
    '<g fill="#5AC189"><rect x="112" y="30" width="30" height="6" rx="2"/><rect x="112" y="70" width="30" height="6" rx="2"/></g><rect x="112" y="50" width="30" height="6" rx="2" fill="#E04355"/></svg>',
  behaviors: ['INTERACTIVE_CHART'],
};
