import type { ChartMetadata } from '../../plugin.js';

const bars = [18, 34, 56, 72, 60, 40, 22, 12]
  .map((h, i) => `<rect x="${16 + i * 16}" y="${88 - h}" width="15" height="${h}" fill="#1FA8C9"/>`)
  .join('');

export const metadata: ChartMetadata = {
  name: 'Histogram',
  category: 'Distribution',
  description:
    'Shows how the values of a numeric column are distributed: how many fall within each of a number of equal ranges (bins). Useful to see the shape, the centre and the spread of the data, and its clusters and outliers.',
  tags: ['Comparison', 'ECharts', 'Pattern', 'Range'],
  thumbnail: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/><line x1="12" y1="88.5" x2="148" y2="88.5" stroke="#999"/>${bars}</svg>`,
};
