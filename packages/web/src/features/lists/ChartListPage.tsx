import { Space } from 'antd';
import { truncateLabel } from '@strata/core';
import { chartRegistry } from '@strata/charts';
import { useNavigate } from 'react-router';
import { ListView, addButton } from '../../components/ListView';
import { PATHS } from '../../app/layout/navigation';
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
import { chartListFilters, vizTypeOptions } from './listFilters';
import type { ChartRow } from './types';

const FILTERS: ListFilterDef[] = chartListFilters(vizTypeOptions(chartRegistry.list()));

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
  ownersColumn<ChartRow>(),
  modifiedColumn<ChartRow>('Last modified'),
  modifiedByColumn<ChartRow>(),
];

const itemName = (row: ChartRow) => row.slice_name;
const exportAction = exportRowAction('chart');
const exportBulk = exportBulkAction('chart');
const importCharts = importButton('chart');

export default function ChartListPage() {
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
