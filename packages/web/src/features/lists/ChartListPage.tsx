import type { ReactNode } from 'react';
import { Space } from 'antd';
import { truncateLabel } from '@strata/core';
import { chartRegistry } from '@strata/charts';
import { useNavigate } from 'react-router';
import { ListView, addButton } from '../../components/ListView';
import { PATHS } from '../../app/layout/navigation';
import { useTaggedList } from '../tags/listParts';
import type { ListColumn, ListFilterDef } from '../../components/ListView';
import {
  exportBulkAction,
  exportRowAction,
  importButton,
  useCanExport,
} from '../imports/ImportExportButtons';
import { Label, MutedText, TitleLink } from './cells';
import { modifiedByColumn, modifiedColumn, ownersColumn } from './columns';
import { SORT_BY_CHANGED } from './common';
import { ListCard } from './covers';
import { chartListFilters, vizTypeName, vizTypeOptions } from './listFilters';
import type { ChartRow } from './types';

const PLUGINS = chartRegistry.list();
const FILTERS: ListFilterDef[] = chartListFilters(vizTypeOptions(PLUGINS));

const COLUMNS: ListColumn<ChartRow>[] = [
  {
    key: 'slice_name',
    title: 'Name',
    sortKey: 'slice_name',
    // Widths the cells wrap at: the list fits a 1,280 px window (Modified by from 1,600 px).
    width: 240,
    render: (row) => <TitleLink href={row.url}>{row.slice_name}</TitleLink>,
  },
  {
    key: 'viz_type',
    title: 'Type',
    sortKey: 'viz_type',
    width: 130,
    render: (row) => <MutedText>{vizTypeName(row.viz_type, PLUGINS)}</MutedText>,
  },
  {
    key: 'datasource',
    title: 'Dataset',
    sortKey: 'datasource_name',
    width: 150,
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
    width: 200,
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
  { ...ownersColumn<ChartRow>(), width: 120 },
  { ...modifiedColumn<ChartRow>('Last modified'), width: 140 },
  { ...modifiedByColumn<ChartRow>(), responsive: ['xxl'] },
];

const itemName = (row: ChartRow) => row.slice_name;
const exportAction = exportRowAction('chart');
const exportBulk = exportBulkAction('chart');
const importCharts = importButton('chart');

/** A chart as a card: its cover (picture or drawn), name, type, owners and last change. */
function ChartCard(row: ChartRow, star: ReactNode) {
  return (
    <ListCard
      testId="chart-card"
      id={row.id}
      title={row.slice_name}
      href={row.url}
      thumbnailUrl={row.thumbnail_url}
      changed={row.changed_on_delta_humanized}
      actions={star}
      label={<Label>{vizTypeName(row.viz_type, PLUGINS)}</Label>}
      owners={row.owners}
    />
  );
}

export default function ChartListPage() {
  const [columns, filters] = useTaggedList(COLUMNS, FILTERS, 'chart_tag_id');
  const navigate = useNavigate();
  const canExport = useCanExport('chart');
  const addChart = addButton('Chart', () => void navigate(PATHS.chartAdd));
  return (
    <ListView<ChartRow>
      headerActions={(context) => (
        <>
          {importCharts(context)}
          {addChart(context)}
        </>
      )}
      rowActions={canExport ? exportAction : undefined}
      bulkActions={canExport ? exportBulk : undefined}
      resource="chart"
      resourceLabel="chart"
      title="Charts"
      columns={columns}
      filters={filters}
      defaultSort={SORT_BY_CHANGED}
      itemName={itemName}
      favorites
      bulkDelete
      renderCard={(row, { star }) => ChartCard(row, star)}
      // Superset's chart list opens as a table (cards with LISTVIEWS_DEFAULT_CARD_VIEW).
      defaultView="table"
      emptyText="No charts yet"
    />
  );
}
