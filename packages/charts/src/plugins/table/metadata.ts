import type { ChartMetadata } from '../../plugin.js';

const rows = [0, 1, 2, 3, 4]
  .map(
    (i) =>
      `<rect x="8" y="${22 + i * 14}" width="144" height="12" fill="${i % 2 ? '#ffffff' : '#f3f6f8'}"/>` +
      `<rect x="14" y="${26 + i * 14}" width="40" height="4" rx="2" fill="#9aa5ad"/>` +
      `<rect x="${110 - i * 6}" y="${25 + i * 14}" width="${36 + i * 6}" height="6" rx="1" fill="#1FA8C9" opacity="0.35"/>`,
  )
  .join('');
const thumbnail = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#ffffff"/><rect x="8" y="8" width="144" height="12" fill="#e3e8eb"/><rect x="14" y="12" width="30" height="4" rx="2" fill="#454E7C"/><rect x="110" y="12" width="30" height="4" rx="2" fill="#454E7C"/>${rows}</svg>`;

export const metadata: ChartMetadata = {
  name: 'Table',
  category: 'Table',
  description:
    'Classic row-by-column spreadsheet like view of a dataset. Use tables to showcase a view into the underlying data or to show aggregated metrics.',
  tags: [
    'Additive',
    'Business',
    'Pattern',
    'Featured',
    'Popular',
    'Report',
    'Sequential',
    'Tabular',
    'Description',
  ],
  thumbnail,
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
};
