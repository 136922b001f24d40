import type { ChartMetadata } from '../../plugin.js';

export const metadata: ChartMetadata = {
  name: 'Filter box',
  category: 'Tools',
  description:
    'A multi filter, multi-choice filter box to make dashboards interactive. Deprecated: use the dashboard native filters instead.',
  tags: ['Legacy', 'Deprecated'],
  label: 'DEPRECATED',
  labelExplanation: 'This chart type is deprecated: use the dashboard native filters.',
  deprecated: true,
  drawsEmptyResults: true,
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
    '<g fill="#454E7C"><rect x="20" y="12" width="40" height="6" rx="2"/><rect x="20" y="42" width="30" height="6" rx="2"/><rect x="20" y="72" width="36" height="6" rx="2"/></g>' +
    '<g fill="none" stroke="#C9CEDB"><rect x="20" y="22" width="120" height="14" rx="3"/><rect x="20" y="52" width="120" height="14" rx="3"/><rect x="20" y="82" width="120" height="14" rx="3"/></g>' +
    '<g fill="#1FA8C9"><rect x="24" y="25" width="22" height="8" rx="2"/><rect x="50" y="25" width="18" height="8" rx="2"/><rect x="24" y="55" width="30" height="8" rx="2"/></g></svg>',
  behaviors: ['INTERACTIVE_CHART'],
};
