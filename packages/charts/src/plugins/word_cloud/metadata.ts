import type { ChartMetadata } from '../../plugin.js';

const thumbnail =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#ffffff"/>' +
  '<rect x="46" y="40" width="68" height="18" rx="3" fill="#1FA8C9"/>' +
  '<rect x="30" y="22" width="40" height="10" rx="2" fill="#454E7C"/>' +
  '<rect x="78" y="24" width="30" height="8" rx="2" fill="#5AC189"/>' +
  '<rect x="116" y="30" width="8" height="32" rx="2" fill="#FF7F44"/>' +
  '<rect x="24" y="44" width="16" height="6" rx="2" fill="#666666"/>' +
  '<rect x="36" y="66" width="46" height="10" rx="2" fill="#E04355"/>' +
  '<rect x="88" y="66" width="24" height="7" rx="2" fill="#FCC700"/>' +
  '<rect x="60" y="80" width="36" height="6" rx="2" fill="#A868B7"/></svg>';

export const metadata: ChartMetadata = {
  name: 'Word Cloud',
  category: 'Ranking',
  description:
    'Shows the values of a column that rank highest by a metric as words, with a bigger font for a bigger value.',
  tags: ['Categorical', 'Comparison', 'Density', 'Single Metric'],
  thumbnail,
};
