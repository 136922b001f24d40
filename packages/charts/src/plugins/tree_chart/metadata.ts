import type { ChartMetadata } from '../../plugin.js';

const node = (x: number, y: number, fill: string) =>
  `<circle cx="${x}" cy="${y}" r="5" fill="#fff" stroke="${fill}" stroke-width="2.5"/>`;
const link = (x1: number, y1: number, x2: number, y2: number) => {
  const mx = (x1 + x2) / 2;
  return `<path d="M${x1},${y1} C${mx},${y1} ${mx},${y2} ${x2},${y2}"/>`;
};

const thumbnail =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
  '<g fill="none" stroke="#B2B2B2" stroke-width="2">' +
  link(24, 50, 72, 24) +
  link(24, 50, 72, 76) +
  link(72, 24, 124, 14) +
  link(72, 24, 124, 36) +
  link(72, 76, 124, 60) +
  link(72, 76, 124, 78) +
  link(72, 76, 124, 92) +
  '</g>' +
  node(24, 50, '#1FA8C9') +
  node(72, 24, '#454E7C') +
  node(72, 76, '#454E7C') +
  [14, 36, 60, 78, 92].map((y) => node(124, y, '#5AC189')).join('') +
  '<g fill="#666666"><rect x="132" y="12" width="18" height="4" rx="2"/><rect x="132" y="34" width="14" height="4" rx="2"/>' +
  '<rect x="132" y="58" width="20" height="4" rx="2"/><rect x="132" y="76" width="12" height="4" rx="2"/>' +
  '<rect x="132" y="90" width="16" height="4" rx="2"/></g></svg>';

export const metadata: ChartMetadata = {
  name: 'Tree Chart',
  category: 'Part of a Whole',
  description:
    'Draws a hierarchy as a tree of linked nodes, each row a node linked to its parent by id. Suits organisation charts, file systems and other parent-child structures.',
  tags: ['Categorical', 'ECharts', 'Multi-Levels', 'Relational', 'Structural', 'Featured'],
  thumbnail,
};
