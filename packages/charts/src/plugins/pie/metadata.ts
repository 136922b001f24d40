import type { ChartMetadata } from '../../plugin.js';

const thumbnail =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#ffffff"/>' +
  '<path d="M80,50 L80,12 A38,38 0 0,1 114,67 Z" fill="#1FA8C9"/>' +
  '<path d="M80,50 L114,67 A38,38 0 0,1 52,76 Z" fill="#454E7C"/>' +
  '<path d="M80,50 L52,76 A38,38 0 0,1 80,12 Z" fill="#5AC189"/></svg>';

export const metadata: ChartMetadata = {
  name: 'Pie Chart',
  category: 'Part of a Whole',
  description:
    'The classic. Great for showing how much of a company each investor gets, what demographics follow your blog, or what portion of the budget goes to the military industrial complex. Pie charts can be difficult to interpret precisely. Clarity: compare the size of slices in a bar chart.',
  tags: [
    'Categorical',
    'Circular',
    'Comparison',
    'Percentages',
    'Featured',
    'Proportional',
    'ECharts',
    'Nightingale',
    'Popular',
  ],
  thumbnail,
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
};
