import type { ChartMetadata } from '../../plugin.js';

export const metadata: ChartMetadata = {
  name: 'Pivot Table',
  category: 'Table',
  description:
    'Used to summarize a set of data by grouping together multiple statistics along two axes. Examples: Sales numbers by region and month, tasks by status and assignee, active users by age and location. Not the most visually stunning visualization, but highly informative and versatile.',
  tags: ['Additive', 'Report', 'Tabular', 'Popular'],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
    '<rect x="12" y="10" width="136" height="16" fill="#E4E7EF"/><rect x="12" y="26" width="40" height="64" fill="#F0F2F7"/>' +
    '<g stroke="#C9CEDB" stroke-width="1" fill="none"><rect x="12" y="10" width="136" height="80"/>' +
    '<path d="M52 10v80M84 10v80M116 10v80M12 26h136M12 42h136M12 58h136M12 74h136"/></g>' +
    '<rect x="88" y="46" width="24" height="8" rx="2" fill="#1FA8C9"/><rect x="56" y="62" width="24" height="8" rx="2" fill="#5AC189"/>' +
    '<rect x="120" y="30" width="24" height="8" rx="2" fill="#454E7C"/></svg>',
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  drillByField: 'groupbyRows',
};
