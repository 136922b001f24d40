/**
 * Metrics: chosen metrics as labels (click to edit, × to remove) and "+ Add metric"; the popover
 * has the spec's three tabs: Saved (the dataset's metrics), Simple (column + aggregate) and
 * Custom SQL. Choosing a saved metric clears column, aggregate and SQL; Save is enabled only when
 * the metric is valid and changed.
 */
import { useMemo, useState } from 'react';
import { Button, Flex, Input, Select, Tabs } from 'antd';
import {
  METRIC_AGGREGATES,
  getMetricLabel,
  type AdhocMetric,
  type QueryMetric,
} from '@strata/core';
import type { DatasourceColumn, DatasourceMetric, ExploreDatasource } from '@strata/charts';
import { SqlExpressionEditor } from '../../../components/SqlExpressionEditor';
import { arrayMove } from '@dnd-kit/sortable';
import { datasetNames, isUnknownMetric } from '../datasetCompat';
import { INCOMPATIBLE_TAG_COLOR, IncompatibleLabel } from './IncompatibleLabel';
import { PopoverItemList } from './PopoverItemList';
import type { ControlProps } from './types';

type Draft =
  | { tab: 'SAVED'; saved: string | null; label: string; hasCustomLabel: boolean }
  | {
      tab: 'SIMPLE';
      column: string | null;
      aggregate: string | null;
      label: string;
      hasCustomLabel: boolean;
    }
  | { tab: 'SQL'; sql: string; label: string; hasCustomLabel: boolean };

function draftOf(metric: QueryMetric | null): Draft {
  if (metric === null)
    return { tab: 'SIMPLE', column: null, aggregate: null, label: '', hasCustomLabel: false };
  if (typeof metric === 'string')
    return { tab: 'SAVED', saved: metric, label: metric, hasCustomLabel: false };
  const m = metric as AdhocMetric;
  const hasCustomLabel = m.hasCustomLabel === true;
  if (m.expressionType === 'SQL')
    return { tab: 'SQL', sql: m.sqlExpression ?? '', label: m.label ?? '', hasCustomLabel };
  return {
    tab: 'SIMPLE',
    column: m.column?.column_name ?? null,
    aggregate: m.aggregate ?? null,
    label: m.label ?? '',
    hasCustomLabel,
  };
}

/** The metric a draft makes, or null while it is incomplete. */
export function metricOfDraft(d: Draft): QueryMetric | null {
  if (d.tab === 'SAVED') return d.saved;
  if (d.tab === 'SQL') {
    if (!d.sql.trim()) return null;
    const label = d.hasCustomLabel && d.label ? d.label : d.sql.trim();
    return { expressionType: 'SQL', sqlExpression: d.sql, label, hasCustomLabel: d.hasCustomLabel };
  }
  if (!d.column || !d.aggregate) return null;
  const label = d.hasCustomLabel && d.label ? d.label : `${d.aggregate}(${d.column})`;
  return {
    expressionType: 'SIMPLE',
    column: { column_name: d.column },
    aggregate: d.aggregate as AdhocMetric extends { aggregate?: infer A } ? A : never,
    label,
    hasCustomLabel: d.hasCustomLabel,
  } as QueryMetric;
}

function MetricEditor({
  initial,
  columns,
  savedMetrics,
  database,
  onSave,
  onClose,
}: {
  initial: QueryMetric | null;
  columns: DatasourceColumn[];
  savedMetrics: DatasourceMetric[];
  /** The dataset's database, for the SQL editor's dialect and function names. */
  database: ExploreDatasource['database'];
  onSave: (m: QueryMetric) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const metric = metricOfDraft(draft);
  const changed = JSON.stringify(metric) !== JSON.stringify(initial);
  const setTab = (tab: string) => {
    if (tab === draft.tab) return;
    if (tab === 'SAVED') setDraft({ tab: 'SAVED', saved: null, label: '', hasCustomLabel: false });
    else if (tab === 'SQL')
      setDraft({ tab: 'SQL', sql: '', label: draft.label, hasCustomLabel: draft.hasCustomLabel });
    else
      setDraft({
        tab: 'SIMPLE',
        column: null,
        aggregate: null,
        label: draft.label,
        hasCustomLabel: draft.hasCustomLabel,
      });
  };
  return (
    <div style={{ minWidth: 320 }} data-test="metric-editor">
      <Input
        size="small"
        placeholder="Metric label"
        aria-label="Metric label"
        disabled={draft.tab === 'SAVED'}
        value={draft.hasCustomLabel ? draft.label : metric ? getMetricLabel(metric) : ''}
        onChange={(e) =>
          setDraft({ ...draft, label: e.target.value, hasCustomLabel: e.target.value !== '' })
        }
        style={{ marginBottom: 8 }}
      />
      <Tabs
        size="small"
        activeKey={draft.tab}
        onChange={setTab}
        items={[
          {
            key: 'SAVED',
            label: 'Saved',
            children: savedMetrics.length ? (
              <Select
                size="small"
                style={{ width: '100%' }}
                aria-label="Saved metric"
                showSearch
                placeholder="Select saved metrics"
                value={draft.tab === 'SAVED' ? draft.saved : null}
                options={savedMetrics.map((m) => ({
                  value: m.metric_name,
                  label: m.verbose_name || m.metric_name,
                }))}
                onChange={(v: string) =>
                  setDraft({ tab: 'SAVED', saved: v, label: v, hasCustomLabel: false })
                }
              />
            ) : (
              <span style={{ color: '#999' }}>No saved metrics found</span>
            ),
          },
          {
            key: 'SIMPLE',
            label: 'Simple',
            children: (
              <Flex vertical gap={8}>
                <Select
                  size="small"
                  aria-label="Column"
                  placeholder="Select column"
                  showSearch
                  value={draft.tab === 'SIMPLE' ? draft.column : null}
                  options={columns.map((c) => ({
                    value: c.column_name,
                    label: c.verbose_name || c.column_name,
                  }))}
                  onChange={(v: string) =>
                    draft.tab === 'SIMPLE' && setDraft({ ...draft, column: v })
                  }
                />
                <Select
                  size="small"
                  aria-label="Aggregate"
                  placeholder="Select aggregate options"
                  // Typing narrows the list ("SUM" + Enter picks SUM, not the first option).
                  showSearch
                  value={draft.tab === 'SIMPLE' ? draft.aggregate : null}
                  options={METRIC_AGGREGATES.map((a) => ({ value: a, label: a }))}
                  onChange={(v: string) =>
                    draft.tab === 'SIMPLE' && setDraft({ ...draft, aggregate: v })
                  }
                />
              </Flex>
            ),
          },
          {
            key: 'SQL',
            label: 'Custom SQL',
            children: (
              <SqlExpressionEditor
                ariaLabel="Custom SQL"
                columns={columns}
                metrics={savedMetrics}
                database={database}
                value={draft.tab === 'SQL' ? draft.sql : ''}
                onChange={(sql) => setDraft((d) => (d.tab === 'SQL' ? { ...d, sql } : d))}
              />
            ),
          },
        ]}
      />
      <Flex justify="end" gap={8} style={{ marginTop: 8 }}>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!metric || !changed}
          onClick={() => {
            if (metric) onSave(metric);
            onClose();
          }}
        >
          Save
        </Button>
      </Flex>
    </div>
  );
}

export function MetricsControl({ control, datasource, onChange }: ControlProps) {
  const multi = control.props.multi === true;
  const columns = (control.props.columns as DatasourceColumn[] | undefined) ?? [];
  const savedMetrics = (control.props.savedMetrics as DatasourceMetric[] | undefined) ?? [];
  const value = control.value as QueryMetric | QueryMetric[] | null | undefined;
  const list = Array.isArray(value) ? value : value == null ? [] : [value];
  const commit = (next: QueryMetric[]) => onChange(multi ? next : (next[0] ?? null));
  const names = useMemo(() => datasetNames(datasource), [datasource]);
  return (
    <PopoverItemList
      items={list}
      resizable
      label={(m) =>
        isUnknownMetric(m, names) ? (
          <IncompatibleLabel kind="metric">{getMetricLabel(m)}</IncompatibleLabel>
        ) : (
          getMetricLabel(m)
        )
      }
      tagColor={(m) => (isUnknownMetric(m, names) ? INCOMPATIBLE_TAG_COLOR : 'blue')}
      onRemove={(i) => commit(list.filter((_, j) => j !== i))}
      {...(multi
        ? {
            sortable: control.name,
            onReorder: (from: number, to: number) => commit(arrayMove(list, from, to)),
          }
        : {})}
      addLabel={multi ? 'Add metric' : 'Add a metric'}
      addAriaLabel={`Add ${control.label}`}
      canAdd={multi || list.length === 0}
      editor={(index, close) => (
        <MetricEditor
          initial={index === 'new' ? null : (list[index] ?? null)}
          columns={columns}
          savedMetrics={savedMetrics}
          database={datasource?.database}
          onClose={close}
          onSave={(m) => {
            if (index === 'new') commit(multi ? [...list, m] : [m]);
            else commit(list.map((x, i) => (i === index ? m : x)));
          }}
        />
      )}
    />
  );
}
