/**
 * Superset's `apply_client_processing` for `result_type: post_processed`: the charts whose
 * browser reshapes the data (`pivot_table_v2`, `table`, by the form data's `viz_type`) get that
 * reshaping done here; other charts' answers are left as they are. Columns are renamed to their
 * verbose names first (the datasource's `verbose_map`), as the chart shows them.
 *
 * The JSON answer then holds the reshaped table as pandas' `to_dict()` writes it:
 * `data: {column: {row label: value}}`, with hierarchical labels joined by spaces; `colnames`
 * and `indexnames` the label tuples; `coltypes` and `rowcount` of the reshaped table. In a CSV
 * or xlsx file the joined row labels come first, in an unnamed column.
 *
 * A table's `column_config[…].d3NumberFormat` is applied as Superset 4/5 applies it, as a Python
 * format spec (python-format.ts). Left out: the newest Superset's formatting of every metric
 * (SMART_NUMBER, currencies, pivot value formats): pivot values stay numbers.
 */
import { GenericDataType } from '@strata/core';
import type { PivotCell } from './aggregators.js';
import { pivotDf, type Frame, type Label, type PivotRecord } from './pivot-df.js';
import { pythonFormatColumn } from './python-format.js';

/** A query's answer (`data` its records, `colnames` their keys), rewritten by client processing. */
export type ProcessableQuery = Record<string, unknown>;

type FormData = Readonly<Record<string, unknown>>;

/** Superset's `get_metric_names`/`get_column_names`: a name (verbose), or an adhoc's label. */
function namesOf(value: unknown, verbose: Readonly<Record<string, string>>): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.flatMap((item: unknown) => {
    if (typeof item === 'string') return [verbose[item] ?? item];
    if (item && typeof item === 'object') {
      const o = item as Record<string, unknown>;
      if (typeof o.label === 'string') return [o.label];
      if (typeof o.sqlExpression === 'string') return [o.sqlExpression];
      const column = o.column as Record<string, unknown> | undefined;
      if (o.expressionType === 'SIMPLE' && typeof o.aggregate === 'string' && column)
        return [`${o.aggregate}(${String(column.column_name)})`];
    }
    return [];
  });
}

/** Python's `" ".join(str(x) for x in label).strip()`. */
const joinLabel = (label: readonly Label[]): string =>
  label
    .map((v) => (v === null ? 'nan' : typeof v === 'boolean' ? (v ? 'True' : 'False') : String(v)))
    .join(' ')
    .trim();

function coltypeOf(values: readonly PivotCell[]): number {
  const present = values.filter((v) => v !== null);
  if (present.every((v) => typeof v === 'number')) return GenericDataType.NUMERIC;
  if (present.every((v) => typeof v === 'boolean')) return GenericDataType.BOOLEAN;
  return GenericDataType.STRING;
}

function renameRecords(
  records: readonly Record<string, unknown>[],
  colnames: readonly string[],
  verbose: Readonly<Record<string, string>>,
): { records: PivotRecord[]; colnames: string[] } {
  const names = colnames.map((n) => verbose[n] ?? n);
  return {
    colnames: names,
    records: records.map((rec) =>
      Object.fromEntries(colnames.map((n, i) => [names[i], (rec[n] ?? null) as PivotCell])),
    ),
  };
}

function frameAnswer(query: ProcessableQuery, frame: Frame, format: string): ProcessableQuery {
  const columnValues = frame.columns.map((_, c) => frame.cells.map((row) => row[c] ?? null));
  const base = {
    ...query,
    colnames: frame.columns,
    indexnames: frame.index,
    coltypes: columnValues.map(coltypeOf),
    rowcount: frame.index.length,
  };
  if (format === 'json') {
    const data: Record<string, Record<string, PivotCell>> = {};
    frame.columns.forEach((label, c) => {
      const column: Record<string, PivotCell> = {};
      frame.index.forEach((rowLabel, r) => {
        column[joinLabel(rowLabel)] = frame.cells[r]?.[c] ?? null;
      });
      data[joinLabel(label)] = column;
    });
    return { ...base, data };
  }
  // Files: the row labels joined in a first, unnamed column, then the flattened columns.
  const flat = frame.columns.map(joinLabel);
  const records = frame.index.map((rowLabel, r) => {
    const rec: Record<string, PivotCell> = { '': joinLabel(rowLabel) };
    flat.forEach((n, c) => (rec[n] = frame.cells[r]?.[c] ?? null));
    return rec;
  });
  return {
    ...base,
    colnames: ['', ...flat],
    coltypes: [GenericDataType.STRING, ...base.coltypes],
    data: records,
  };
}

/** Superset 4/5's `table`: each `column_config[name].d3NumberFormat` applied as Python would. */
function formatTable(
  records: PivotRecord[],
  colnames: readonly string[],
  coltypes: readonly number[],
  columnConfig: unknown,
): { records: PivotRecord[]; coltypes: number[] } {
  const types = [...coltypes];
  if (!columnConfig || typeof columnConfig !== 'object') return { records, coltypes: types };
  let out = records;
  for (const [name, config] of Object.entries(columnConfig as Record<string, unknown>)) {
    const format = (config as Record<string, unknown> | null)?.d3NumberFormat;
    const at = colnames.indexOf(name);
    if (typeof format !== 'string' || at < 0) continue;
    const formatted = pythonFormatColumn(
      out.map((rec) => rec[name] ?? null),
      format,
    );
    if (!formatted) continue;
    out = out.map((rec, i) => ({ ...rec, [name]: formatted[i] ?? null }));
    types[at] = GenericDataType.STRING;
  }
  return { records: out, coltypes: types };
}

function tableAnswer(
  query: ProcessableQuery,
  rawRecords: PivotRecord[],
  colnames: string[],
  format: string,
  columnConfig: unknown,
): ProcessableQuery {
  const { records, coltypes } = formatTable(
    rawRecords,
    colnames,
    Array.isArray(query.coltypes) ? (query.coltypes as number[]) : [],
    columnConfig,
  );
  if (format !== 'json') return { ...query, colnames, coltypes, data: records };
  const data: Record<string, Record<string, PivotCell>> = {};
  for (const name of colnames) {
    const column: Record<string, PivotCell> = {};
    records.forEach((rec, i) => (column[String(i)] = rec[name] ?? null));
    data[name] = column;
  }
  return {
    ...query,
    colnames,
    coltypes,
    indexnames: records.map((_, i) => i),
    rowcount: records.length,
    data,
  };
}

/** The viz types Superset reshapes for `post_processed`. */
export const CLIENT_PROCESSED_VIZ_TYPES = ['pivot_table_v2', 'table'] as const;

export function applyClientProcessing(
  queries: readonly ProcessableQuery[],
  formData: FormData | null | undefined,
  verboseMap: Readonly<Record<string, string>>,
  format: string,
): ProcessableQuery[] {
  const form = formData ?? {};
  const vizType = form.viz_type;
  if (vizType !== 'pivot_table_v2' && vizType !== 'table') return [...queries];
  return queries.map((query) => {
    const rows = Array.isArray(query.data) ? (query.data as Record<string, unknown>[]) : [];
    if (!rows.length) return query;
    const names = Array.isArray(query.colnames) ? query.colnames.map(String) : [];
    const { records, colnames } = renameRecords(rows, names, verboseMap);
    if (vizType === 'table')
      return tableAnswer(query, records, colnames, format, form.column_config);
    const frame = pivotDf(records, colnames, {
      rows: namesOf(form.groupbyRows, verboseMap),
      columns: namesOf(form.groupbyColumns, verboseMap),
      metrics: namesOf(form.metrics, verboseMap),
      aggfunc: typeof form.aggregateFunction === 'string' ? form.aggregateFunction : 'Sum',
      transposePivot: Boolean(form.transposePivot),
      combineMetrics: Boolean(form.combineMetric),
      showRowsTotal: Boolean(form.rowTotals),
      showColumnsTotal: Boolean(form.colTotals),
      applyMetricsOnRows: form.metricsLayout === 'ROWS',
    });
    return frameAnswer(query, frame, format);
  });
}
