import { ListView } from '../../components/ListView';
import type { ListColumn, ListFilterDef } from '../../components/ListView';
import { OwnerAvatars } from '../../components/OwnerAvatars';
import { CertifiedMark, Label, MutedText, PersonText, TitleLink } from './cells';
import { SORT_BY_CHANGED, YES_NO } from './common';
import type { DashboardRow } from './types';

const FILTERS: ListFilterDef[] = [
  { kind: 'search', id: 'search', label: 'Name', col: 'dashboard_title', opr: 'title_or_slug' },
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
  {
    kind: 'async',
    id: 'owners',
    label: 'Owner',
    col: 'owners',
    opr: 'rel_m_m',
    source: 'related',
    column: 'owners',
  },
  {
    kind: 'select',
    id: 'favorite',
    label: 'Favorite',
    col: 'id',
    opr: 'dashboard_is_favorite',
    options: YES_NO,
  },
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
  {
    key: 'owners',
    title: 'Owners',
    width: 150,
    render: (row) => <OwnerAvatars owners={row.owners} />,
  },
  {
    key: 'changed_on_delta_humanized',
    title: 'Modified',
    sortKey: 'changed_on_delta_humanized',
    width: 160,
    render: (row) => <MutedText>{row.changed_on_delta_humanized}</MutedText>,
  },
  {
    key: 'changed_by',
    title: 'Modified by',
    sortKey: 'changed_by.first_name',
    width: 170,
    render: (row) => <PersonText person={row.changed_by} />,
  },
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
