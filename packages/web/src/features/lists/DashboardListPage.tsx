import { useTaggedList } from '../tags/listParts';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ListView, addButton } from '../../components/ListView';
import type { ListColumn } from '../../components/ListView';
import {
  ExportRowButton,
  exportBulkAction,
  exportRowAction,
  importButton,
  useCanExport,
} from '../imports/ImportExportButtons';
import { CertifiedMark, Label, TitleLink } from './cells';
import { modifiedByColumn, modifiedColumn, ownersColumn } from './columns';
import { SORT_BY_CHANGED } from './common';
import { DASHBOARD_LIST_FILTERS } from './listFilters';
import type { DashboardRow } from './types';
import { ListCard } from './covers';

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
const exportAction = exportRowAction('dashboard');
const exportBulk = exportBulkAction('dashboard');
const importDashboards = importButton('dashboard');

/** A dashboard as a card: its cover (picture or drawn), its title, status, owners and last change. */
function DashboardCard(row: DashboardRow, star: ReactNode, actions: ReactNode = null) {
  const published = row.published ?? row.status === 'published';
  return (
    <ListCard
      testId="dashboard-card"
      id={row.id}
      title={row.dashboard_title}
      href={row.url}
      thumbnailUrl={row.thumbnail_url}
      changed={row.changed_on_delta_humanized}
      before={<CertifiedMark by={row.certified_by} details={row.certification_details} />}
      actions={
        <>
          {actions}
          {star}
        </>
      }
      label={
        <Label color={published ? 'green' : 'default'}>{published ? 'Published' : 'Draft'}</Label>
      }
      owners={row.owners}
    />
  );
}

export default function DashboardListPage() {
  const [columns, filters] = useTaggedList(COLUMNS, DASHBOARD_LIST_FILTERS, 'dashboard_tag_id');
  const navigate = useNavigate();
  const canExport = useCanExport('dashboard');
  const addDashboard = addButton('Dashboard', () => void navigate('/dashboard/new/'));
  return (
    <ListView<DashboardRow>
      headerActions={(context) => (
        <>
          {importDashboards(context)}
          {addDashboard(context)}
        </>
      )}
      rowActions={canExport ? exportAction : undefined}
      bulkActions={canExport ? exportBulk : undefined}
      resource="dashboard"
      resourceLabel="dashboard"
      title="Dashboards"
      columns={columns}
      filters={filters}
      defaultSort={SORT_BY_CHANGED}
      itemName={itemName}
      favorites
      bulkDelete
      renderCard={(row, { star }) =>
        DashboardCard(
          row,
          star,
          canExport ? <ExportRowButton resource="dashboard" ids={[row.id]} /> : null,
        )
      }
      emptyText="No dashboards yet"
    />
  );
}
