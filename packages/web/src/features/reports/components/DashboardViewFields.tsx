import { useEffect, useState } from 'react';
import { Form, Typography } from 'antd';
import { Select } from '../../../components/Select';
import { errorMessage, isAbortError } from '../../../app/api';
import type { NativeFilter } from '../../dashboard/nativeFilters';
import { choiceLabel, type SelectScalar } from '../../dashboard/filterBar/filterMasks';
import {
  dashboardTabs,
  reportFilterValues,
  reportableFilters,
  withReportFilterValues,
  withReportTabs,
} from '../dashboardContent';
import type { DashboardReportView, TabOption } from '../dashboardContent';
import { fetchColumnValues, fetchDashboardForReport } from '../reportsApi';

export interface DashboardChoices {
  tabs: TabOption[];
  filters: NativeFilter[];
  loading: boolean;
  error: string | null;
  /** Whether tabs and filters are those of `dashboardId` (not still loading or failed). */
  known: boolean;
}

const NONE: DashboardChoices = { tabs: [], filters: [], loading: false, error: null, known: false };

/** The tabs and value filters of a dashboard, loaded when it is chosen. */
export function useDashboardChoices(dashboardId: number | null): DashboardChoices {
  const [state, setState] = useState<DashboardChoices & { id: number | null }>({
    ...NONE,
    id: null,
  });
  useEffect(() => {
    if (dashboardId === null) return undefined;
    const controller = new AbortController();
    setState({ ...NONE, loading: true, id: dashboardId });
    fetchDashboardForReport(dashboardId, controller.signal)
      .then((d) =>
        setState({
          id: dashboardId,
          tabs: dashboardTabs(d.position_json),
          filters: reportableFilters(d.json_metadata),
          loading: false,
          error: null,
          known: true,
        }),
      )
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        setState({ ...NONE, id: dashboardId, error: errorMessage(e) });
      });
    return () => controller.abort();
  }, [dashboardId]);
  return state.id === dashboardId ? state : NONE;
}

function FilterValuesSelect({
  filter,
  value,
  onChange,
}: {
  filter: NativeFilter;
  value: SelectScalar[];
  onChange: (values: SelectScalar[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [choices, setChoices] = useState<SelectScalar[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const target = filter.targets[0];
  useEffect(() => {
    if (!open || choices !== null || !target?.datasetId || !target.column?.name) return undefined;
    const controller = new AbortController();
    fetchColumnValues(target.datasetId, target.column.name, controller.signal)
      .then(setChoices)
      .catch((e: unknown) => {
        if (!isAbortError(e)) setError(errorMessage(e));
      });
    return () => controller.abort();
  }, [open, choices, target]);
  const known = choices ?? [];
  const all = [...known, ...value.filter((v) => !known.includes(v))];
  const id = `report-filter-${filter.id}`;
  return (
    <Form.Item label={filter.name} htmlFor={id}>
      <Select<Array<string | number>>
        id={id}
        mode="multiple"
        allowClear
        placeholder="The filter's default value"
        loading={open && choices === null && !error}
        notFoundContent={error ?? (choices === null ? 'Loading…' : 'No values')}
        onOpenChange={setOpen}
        // antd needs string or number values: null and booleans go by their index.
        value={value.map((v) => all.indexOf(v))}
        options={all.map((v, i) => ({ value: i, label: choiceLabel(v) }))}
        onChange={(indexes) =>
          onChange(indexes.map((i) => all[Number(i)]).filter((v) => v !== undefined))
        }
        optionFilterProp="label"
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

/** A dashboard report's tabs and native filter values (`extra.dashboard`). */
export function DashboardViewFields({
  choices,
  view,
  onChange,
}: {
  choices: DashboardChoices;
  view: DashboardReportView;
  onChange: (view: DashboardReportView) => void;
}) {
  if (choices.loading) {
    return (
      <Typography.Text type="secondary">Loading the dashboard’s tabs and filters…</Typography.Text>
    );
  }
  if (choices.error) {
    return (
      <Typography.Text type="danger">
        The dashboard’s tabs and filters could not be loaded: {choices.error}
      </Typography.Text>
    );
  }
  return (
    <>
      {choices.tabs.length > 0 ? (
        <Form.Item
          label="Tabs"
          htmlFor="report-tabs"
          help="The tabs to capture, one after the other (none: the first tab)."
          style={{ marginBottom: 16 }}
        >
          <Select<string[]>
            id="report-tabs"
            mode="multiple"
            allowClear
            placeholder="Select tabs"
            value={(view.activeTabs ?? []).filter((t) => choices.tabs.some((o) => o.value === t))}
            options={choices.tabs}
            onChange={(tabs) => onChange(withReportTabs(view, tabs))}
            optionFilterProp="label"
            style={{ width: '100%' }}
          />
        </Form.Item>
      ) : null}
      {choices.filters.length > 0 ? (
        <>
          <Typography.Text strong style={{ display: 'block' }}>
            Filter values
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            The dashboard&rsquo;s native filters as the report applies them.
          </Typography.Text>
          {choices.filters.map((f) => (
            <FilterValuesSelect
              key={f.id}
              filter={f}
              value={reportFilterValues(view, f)}
              onChange={(values) => onChange(withReportFilterValues(view, f, values))}
            />
          ))}
        </>
      ) : null}
    </>
  );
}
