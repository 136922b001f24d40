import type { ChartMetadata } from '../../plugin.js';

const codeLines = [
  [18, 30, '#E04355'],
  [24, 22, '#FCC700'],
  [30, 34, '#5AC189'],
  [24, 18, '#FCC700'],
  [18, 26, '#E04355'],
]
  .map(
    ([x, w, fill], i) =>
      `<rect x="${x}" y="${40 + i * 9}" width="${w}" height="4" rx="2" fill="${fill}"/>`,
  )
  .join('');
const listItems = [0, 1, 2, 3]
  .map(
    (i) =>
      `<circle cx="94" cy="${28 + i * 16}" r="3" fill="#1FA8C9"/>` +
      `<rect x="102" y="${26 + i * 16}" width="${46 - (i % 2) * 14}" height="4" rx="2" fill="#9aa5ad"/>`,
  )
  .join('');
const thumbnail =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100">' +
  '<rect width="160" height="100" rx="6" fill="#ffffff"/>' +
  '<rect x="8" y="10" width="68" height="80" rx="4" fill="#2b2f3a"/>' +
  '<text x="14" y="30" font-family="monospace" font-size="13" font-weight="bold" fill="#FCC700">{{ }}</text>' +
  codeLines +
  '<path d="M80 50 l6 -4 v8 z" fill="#454E7C"/>' +
  '<rect x="86" y="18" width="66" height="64" rx="4" fill="none" stroke="#e3e8eb" stroke-width="1.5"/>' +
  listItems +
  '</svg>';

export const metadata: ChartMetadata = {
  name: 'Handlebars',
  category: 'Other',
  description:
    'Write a Handlebars template to render the data as HTML of your own, with optional CSS styles.',
  tags: ['Flexible', 'Template'],
  thumbnail,
};
