import { useTaggedList } from '../tags/listParts';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Card, Flex, Typography } from 'antd';
import { OwnerAvatars } from '../../components/OwnerAvatars';
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
import { CardCover } from './covers';

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
    <Card
      size="small"
      hoverable
      data-test="dashboard-card"
      cover={
        <CardCover
          id={row.id}
          title={row.dashboard_title}
          href={row.url}
          thumbnailUrl={row.thumbnail_url}
        />
      }
    >
      <Flex justify="space-between" align="start" gap={8}>
        <div style={{ minWidth: 0 }}>
          <CertifiedMark by={row.certified_by} details={row.certification_details} />
          <TitleLink href={row.url}>{row.dashboard_title}</TitleLink>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Modified {row.changed_on_delta_humanized}
            </Typography.Text>
          </div>
        </div>
        <Flex align="center">
          {actions}
          {star}
        </Flex>
      </Flex>
      <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
        <Label color={published ? 'green' : 'default'}>{published ? 'Published' : 'Draft'}</Label>
        <OwnerAvatars owners={row.owners ?? []} />
      </Flex>
    </Card>
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
