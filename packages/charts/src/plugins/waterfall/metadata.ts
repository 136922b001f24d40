import type { ChartMetadata } from '../../plugin.js';

const bars: Array<[number, number, number, string]> = [
  [14, 60, 28, '#5AC189'],
  [38, 38, 22, '#5AC189'],
  [62, 38, 16, '#E04355'],
  [86, 26, 12, '#5AC189'],
  [110, 26, 20, '#E04355'],
  [134, 46, 40, '#666666'],
];

export const metadata: ChartMetadata = {
  name: 'Waterfall Chart',
  category: 'Evolution',
  description:
    'Shows the cumulative effect of a sequence of positive and negative values: each bar starts where the previous one ended, so the way from the start to the final total reads step by step. The steps may be periods of time or categories, optionally broken down with a subtotal per step.',
  tags: ['Categorical', 'Comparison', 'ECharts', 'Featured'],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
    '<line x1="10" y1="88" x2="150" y2="88" stroke="#ccc"/>' +
    bars
      .map(([x, y, h, c]) => `<rect x="${x}" y="${y}" width="16" height="${h}" fill="${c}"/>`)
      .join('') +
    '</svg>',
  behaviors: ['INTERACTIVE_CHART'],
};
