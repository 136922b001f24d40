import { Space } from 'antd';
import { truncateLabel } from '@strata/core';
import { ListView } from '../../components/ListView';
import type { ListColumn, ListFilterDef } from '../../components/ListView';
import { OwnerAvatars } from '../../components/OwnerAvatars';
import { Label, MutedText, PersonText, TitleLink } from './cells';
import { SORT_BY_CHANGED, YES_NO } from './common';
import type { ChartRow } from './types';

const FILTERS: ListFilterDef[] = [
  { kind: 'search', id: 'search', label: 'Name', col: 'slice_name', opr: 'ct' },
  {
    kind: 'async',
    id: 'viz_type',
    label: 'Type',
    col: 'viz_type',
    opr: 'eq',
    source: 'distinct',
    column: 'viz_type',
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
    opr: 'chart_is_favorite',
    options: YES_NO,
  },
];

const COLUMNS: ListColumn<ChartRow>[] = [
  {
    key: 'slice_name',
    title: 'Name',
    sortKey: 'slice_name',
    render: (row) => <TitleLink href={row.url}>{row.slice_name}</TitleLink>,
  },
  {
    key: 'viz_type',
    title: 'Type',
    sortKey: 'viz_type',
    width: 140,
    render: (row) => <MutedText>{row.viz_type}</MutedText>,
  },
  {
    key: 'datasource',
    title: 'Dataset',
    sortKey: 'datasource_name',
    render: (row) =>
      row.datasource_name_text ? (
        row.datasource_url ? (
          <a href={row.datasource_url}>{row.datasource_name_text}</a>
        ) : (
          row.datasource_name_text
        )
      ) : (
        <MutedText />
      ),
  },
  {
    key: 'dashboards',
    title: 'On dashboards',
    render: (row) =>
      row.dashboards && row.dashboards.length > 0 ? (
        <Space size={[0, 4]} wrap>
          {row.dashboards.map((d) => (
            <Label key={d.id}>
              <a href={`/superset/dashboard/${d.id}/`} title={d.dashboard_title}>
                {truncateLabel(d.dashboard_title)}
              </a>
            </Label>
          ))}
        </Space>
      ) : (
        <MutedText />
      ),
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

const itemName = (row: ChartRow) => row.slice_name;

export default function ChartListPage() {
  return (
    <ListView<ChartRow>
      resource="chart"
      resourceLabel="chart"
      title="Charts"
      columns={COLUMNS}
      filters={FILTERS}
      defaultSort={SORT_BY_CHANGED}
      itemName={itemName}
      favorites
      bulkDelete
      emptyText="No charts yet"
    />
  );
}
