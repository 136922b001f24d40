import { ListView, favoriteFilter, ownersFilter, searchFilter } from '../../components/ListView';
import type { ListColumn, ListFilterDef } from '../../components/ListView';
import { CertifiedMark, Label, TitleLink } from './cells';
import { modifiedByColumn, modifiedColumn, ownersColumn } from './columns';
import { SORT_BY_CHANGED } from './common';
import type { DashboardRow } from './types';

const FILTERS: ListFilterDef[] = [
  searchFilter('dashboard_title', { opr: 'title_or_slug' }),
  {
    kind: 'select',
    id: 'status',
    label: 'Status',
    col: 'published',
    opr: 'eq',
    options: [
      { label: 'Published', value: true },
      { label: 'Draft', value: false },
    ],
  },
  ownersFilter(),
  favoriteFilter('dashboard_is_favorite'),
];

const COLUMNS: ListColumn<DashboardRow>[] = [
  {
    key: 'dashboard_title',
    title: 'Name',
    sortKey: 'dashboard_title',
    render: (row) => (
      <>
        <CertifiedMark by={row.certified_by} details={row.certification_details} />
        <TitleLink href={row.url}>{row.dashboard_title}</TitleLink>
      </>
    ),
  },
  {
    key: 'status',
    title: 'Status',
    sortKey: 'published',
    width: 110,
    render: (row) => {
      const published = row.published ?? row.status === 'published';
      return (
        <Label color={published ? 'green' : 'default'}>{published ? 'Published' : 'Draft'}</Label>
      );
    },
  },
  ownersColumn<DashboardRow>(),
  modifiedColumn<DashboardRow>(),
  modifiedByColumn<DashboardRow>(),
];

const itemName = (row: DashboardRow) => row.dashboard_title;

export default function DashboardListPage() {
  return (
    <ListView<DashboardRow>
      resource="dashboard"
      resourceLabel="dashboard"
      title="Dashboards"
      columns={COLUMNS}
      filters={FILTERS}
      defaultSort={SORT_BY_CHANGED}
      itemName={itemName}
      favorites
      bulkDelete
      emptyText="No dashboards yet"
    />
  );
}
