import { useNavigate } from 'react-router';
import { ListView, addButton } from '../../components/ListView';
import type { ListColumn } from '../../components/ListView';
import { CertifiedMark, Label, TitleLink } from './cells';
import { modifiedByColumn, modifiedColumn, ownersColumn } from './columns';
import { SORT_BY_CHANGED } from './common';
import { DASHBOARD_LIST_FILTERS } from './listFilters';
import type { DashboardRow } from './types';

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
  const navigate = useNavigate();
  return (
    <ListView<DashboardRow>
      headerActions={addButton('Dashboard', () => void navigate('/dashboard/new/'))}
      resource="dashboard"
      resourceLabel="dashboard"
      title="Dashboards"
      columns={COLUMNS}
      filters={DASHBOARD_LIST_FILTERS}
      defaultSort={SORT_BY_CHANGED}
      itemName={itemName}
      favorites
      bulkDelete
      emptyText="No dashboards yet"
    />
  );
}
