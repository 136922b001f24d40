import type { ChartMetadata } from '../../plugin.js';

const bubbles: Array<[number, number, number, string]> = [
  [38, 66, 10, '#1FA8C9'],
  [70, 40, 16, '#454E7C'],
  [104, 58, 8, '#5AC189'],
  [126, 28, 12, '#1FA8C9'],
  [56, 78, 6, '#454E7C'],
];

export const metadata: ChartMetadata = {
  name: 'Bubble Chart',
  category: 'Correlation',
  description:
    'Plots entities by three metrics at once: one on the X axis, one on the Y axis and one as the size of the bubble. Bubbles of the same series share a colour.',
  tags: ['Multi-Dimensions', 'Comparison', 'Scatter', 'Time', 'Trend', 'ECharts', 'Featured'],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
    '<path d="M14 8 V88 H150" fill="none" stroke="#999"/>' +
    bubbles
      .map(
        ([x, y, r, c]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}" fill-opacity="0.6"/>`,
      )
      .join('') +
    '</svg>',
};
