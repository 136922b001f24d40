import type { ChartMetadata } from '../../plugin.js';

/** One box: whiskers from `lo` to `hi`, box from `q1` to `q3`, median line at `m` (y, px). */
const box = (x: number, lo: number, q1: number, m: number, q3: number, hi: number, c: string) =>
  `<line x1="${x + 10}" y1="${hi}" x2="${x + 10}" y2="${lo}" stroke="${c}" stroke-width="2"/>` +
  `<line x1="${x + 4}" y1="${hi}" x2="${x + 16}" y2="${hi}" stroke="${c}" stroke-width="2"/>` +
  `<line x1="${x + 4}" y1="${lo}" x2="${x + 16}" y2="${lo}" stroke="${c}" stroke-width="2"/>` +
  `<rect x="${x}" y="${q3}" width="20" height="${q1 - q3}" fill="${c}" fill-opacity="0.35" stroke="${c}" stroke-width="2"/>` +
  `<line x1="${x}" y1="${m}" x2="${x + 20}" y2="${m}" stroke="${c}" stroke-width="2"/>`;

export const metadata: ChartMetadata = {
  name: 'Box Plot',
  category: 'Distribution',
  description:
    'Also called a box and whisker plot: compares the distribution of a metric across groups. Each box spans the middle two quartiles with a line at the median; the whiskers reach out to the minimum and maximum (or percentiles), and the points beyond them are the outliers.',
  tags: ['ECharts', 'Range', 'Statistical'],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
    box(22, 84, 66, 56, 42, 22, '#1FA8C9') +
    box(70, 76, 60, 48, 34, 14, '#454E7C') +
    box(118, 88, 74, 68, 56, 40, '#5AC189') +
    '<circle cx="80" cy="8" r="2.5" fill="#454E7C"/><circle cx="128" cy="30" r="2.5" fill="#5AC189"/></svg>',
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
};
