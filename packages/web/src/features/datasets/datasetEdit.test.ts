import { describe, expect, it } from 'vitest';
import {
  addCalculatedColumn,
  addMetric,
  buildDatasetPayload,
  cellError,
  datasetExtra,
  editStateFromDataset,
  errorMessages,
  isVirtual,
  mergeSyncedColumns,
  removeCalculatedColumn,
  removeMetric,
  settingsError,
  temporalColumnNames,
  uniqueName,
  updateColumn,
  updateMetric,
  updateSettings,
  validateEditState,
  legacyEditorUrl,
} from './datasetEdit';
import type { DatasetDetail } from './datasetEdit';
import { canEditDataset } from './access';

const dataset: DatasetDetail = {
  id: 7,
  table_name: 'orders',
  kind: 'physical',
  schema: 'main',
  sql: null,
  description: 'All orders',
  database: { id: 1, database_name: 'examples' },
  main_dttm_col: 'created_at',
  offset: 0,
  default_endpoint: null,
  cache_timeout: null,
  filter_select_enabled: true,
  fetch_values_predicate: null,
  template_params: null,
  extra: JSON.stringify({
    certification: { certified_by: 'Data team', details: 'Checked' },
    warning_markdown: 'Beware',
    other: 1,
  }),
  is_managed_externally: false,
  owners: [
    { id: 1, first_name: 'Ada', last_name: 'Lovelace' },
    { id: 2, first_name: '', last_name: '', username: 'bob' },
  ],
  columns: [
    { id: 10, column_name: 'id', type: 'INTEGER', is_dttm: false, filterable: true, groupby: true },
    { id: 11, column_name: 'created_at', type: 'TIMESTAMP', is_dttm: true, verbose_name: null },
    {
      id: 12,
      column_name: 'amount_x2',
      expression: 'amount * 2',
      type: 'NUMERIC',
      verbose_name: 'Double',
    },
  ],
  metrics: [
    {
      id: 20,
      metric_name: 'count',
      expression: 'COUNT(*)',
      verbose_name: 'COUNT(*)',
      extra: JSON.stringify({ certification: { certified_by: 'Me', details: 'd' }, keep: true }),
    },
  ],
};

describe('editStateFromDataset', () => {
  const state = editStateFromDataset(dataset);

  it('splits physical and calculated columns', () => {
    expect(state.columns.map((c) => c.column_name)).toEqual(['id', 'created_at']);
    expect(state.calculated.map((c) => [c.column_name, c.expression])).toEqual([
      ['amount_x2', 'amount * 2'],
    ]);
    expect(state.columns[1]).toMatchObject({
      key: 'c11',
      id: 11,
      verbose_name: '',
      is_dttm: true,
      filterable: true,
      groupby: true,
      is_active: true,
    });
  });

  it('takes certification and warning out of the extra', () => {
    expect(state.settings).toMatchObject({
      certified_by: 'Data team',
      certification_details: 'Checked',
      warning_markdown: 'Beware',
      extra: JSON.stringify({ other: 1 }, null, 2),
      description: 'All orders',
      owners: [
        { value: 1, label: 'Ada Lovelace' },
        { value: 2, label: 'bob' },
      ],
    });
    expect(state.metrics[0]).toMatchObject({
      certified_by: 'Me',
      certification_details: 'd',
      extraRest: { keep: true },
    });
  });

  it('keeps an extra that is not JSON as text', () => {
    const odd = editStateFromDataset({ ...dataset, extra: '{oops' });
    expect(odd.settings.extra).toBe('{oops');
    expect(settingsError(validateEditState(odd, false), 'extra')).toBe(
      'Extra must be a JSON object',
    );
  });
});

describe('row changes', () => {
  it('adds, renames and removes metrics', () => {
    let state = editStateFromDataset(dataset);
    state = addMetric(state);
    state = addMetric(state);
    expect(state.metrics.map((m) => [m.key, m.metric_name])).toEqual([
      ['m20', 'count'],
      ['new-1', 'new_metric'],
      ['new-2', 'new_metric_2'],
    ]);
    state = updateMetric(state, 'new-1', { metric_name: 'revenue', expression: 'SUM(amount)' });
    state = removeMetric(state, 'new-2');
    expect(state.metrics.map((m) => m.metric_name)).toEqual(['count', 'revenue']);
  });

  it('adds, edits and removes calculated columns; physical ones stay', () => {
    let state = addCalculatedColumn(editStateFromDataset(dataset));
    const added = state.calculated[1];
    expect(added).toMatchObject({ key: 'new-1', column_name: 'new_column', expression: '' });
    state = updateColumn(state, 'new-1', { column_name: 'year', expression: "strftime('%Y')" });
    state = updateColumn(state, 'c10', { verbose_name: 'Identifier' });
    expect(state.columns[0]?.verbose_name).toBe('Identifier');
    expect(state.calculated[1]?.column_name).toBe('year');
    state = removeCalculatedColumn(state, 'new-1');
    state = removeCalculatedColumn(state, 'c10');
    expect(state.calculated).toHaveLength(1);
    expect(state.columns).toHaveLength(2);
  });

  it('follows a rename of the main datetime column and lists temporal columns', () => {
    let state = editStateFromDataset(dataset);
    expect(temporalColumnNames(state)).toEqual(['created_at']);
    state = updateColumn(state, 'c12', { is_dttm: true });
    expect(temporalColumnNames(state)).toEqual(['created_at', 'amount_x2']);
    state = updateColumn(state, 'c11', { column_name: 'ordered_at' });
    expect(state.settings.main_dttm_col).toBe('ordered_at');
  });

  it('finds unique names', () => {
    expect(uniqueName('x', [])).toBe('x');
    expect(uniqueName('x', ['x', 'x_2'])).toBe('x_3');
  });
});

describe('validateEditState', () => {
  it('is happy with a loaded dataset', () => {
    expect(validateEditState(editStateFromDataset(dataset), false)).toEqual([]);
  });

  it('requires metric names and expressions and refuses duplicates', () => {
    let state = addMetric(editStateFromDataset(dataset));
    state = updateMetric(state, 'new-1', { metric_name: 'count' });
    state = addMetric(state);
    state = updateMetric(state, 'new-2', { metric_name: ' ', expression: 'SUM(x)' });
    const errors = validateEditState(state, false);
    expect(errorMessages(errors)).toEqual([
      'Metric [count] requires an expression',
      'Metric name is required',
      'Metric name [count] is duplicated',
    ]);
    expect(cellError(errors, 'metrics', 'm20', 'metric_name')).toBe(
      'Metric name [count] is duplicated',
    );
    expect(cellError(errors, 'metrics', 'new-2', 'metric_name')).toBe('Metric name is required');
    expect(cellError(errors, 'metrics', 'm20', 'expression')).toBeUndefined();
  });

  it('checks calculated columns against all columns', () => {
    let state = addCalculatedColumn(editStateFromDataset(dataset));
    state = updateColumn(state, 'new-1', { column_name: 'id' });
    expect(errorMessages(validateEditState(state, false))).toEqual([
      'Calculated column [id] requires an expression',
      'Column name [id] is duplicated',
    ]);
    state = updateColumn(state, 'new-1', { column_name: '', expression: '1' });
    expect(errorMessages(validateEditState(state, false))).toEqual(['Column name is required']);
  });

  it('checks JSON settings and what a virtual dataset needs', () => {
    const state = updateSettings(editStateFromDataset(dataset), {
      template_params: '[1]',
      table_name: ' ',
      sql: '',
    });
    expect(errorMessages(validateEditState(state, true))).toEqual([
      'Dataset name is required',
      'SQL is required',
      'Template parameters must be a JSON object',
    ]);
    expect(errorMessages(validateEditState(state, false))).toEqual([
      'Template parameters must be a JSON object',
    ]);
  });
});

describe('buildDatasetPayload', () => {
  it('sends settings, owners and the full columns and metrics lists', () => {
    let state = editStateFromDataset(dataset);
    state = updateColumn(state, 'c10', { verbose_name: 'Identifier' });
    state = addMetric(state);
    state = updateMetric(state, 'new-1', {
      metric_name: 'revenue',
      expression: ' SUM(amount) ',
      d3format: ',.2f',
      certified_by: 'Finance',
      certification_details: 'Q3',
    });
    state = updateSettings(state, {
      cache_timeout: 300,
      default_endpoint: ' ',
      owners: [
        { value: 1, label: 'Ada' },
        { value: 1, label: 'Ada' },
        { value: 3, label: 'Cy' },
      ],
    });
    const payload = buildDatasetPayload(state, false);
    expect(payload).not.toHaveProperty('table_name');
    expect(payload).not.toHaveProperty('sql');
    expect(payload).toMatchObject({
      description: 'All orders',
      default_endpoint: null,
      main_dttm_col: 'created_at',
      cache_timeout: 300,
      offset: 0,
      filter_select_enabled: true,
      fetch_values_predicate: null,
      template_params: null,
      owners: [1, 3],
    });
    expect(JSON.parse(payload.extra ?? '')).toEqual({
      other: 1,
      certification: { certified_by: 'Data team', details: 'Checked' },
      warning_markdown: 'Beware',
    });
    expect(payload.columns).toEqual([
      {
        id: 10,
        column_name: 'id',
        verbose_name: 'Identifier',
        description: null,
        expression: null,
        filterable: true,
        groupby: true,
        is_active: true,
        is_dttm: false,
        python_date_format: null,
        type: 'INTEGER',
        advanced_data_type: null,
        extra: null,
      },
      expect.objectContaining({ id: 11, column_name: 'created_at', is_dttm: true }),
      expect.objectContaining({ id: 12, column_name: 'amount_x2', expression: 'amount * 2' }),
    ]);
    expect(payload.metrics).toEqual([
      {
        id: 20,
        metric_name: 'count',
        verbose_name: 'COUNT(*)',
        expression: 'COUNT(*)',
        description: null,
        d3format: null,
        warning_text: null,
        extra: JSON.stringify({
          keep: true,
          certification: { certified_by: 'Me', details: 'd' },
        }),
      },
      {
        metric_name: 'revenue',
        verbose_name: null,
        expression: 'SUM(amount)',
        description: null,
        d3format: ',.2f',
        warning_text: null,
        extra: JSON.stringify({ certification: { certified_by: 'Finance', details: 'Q3' } }),
      },
    ]);
  });

  it('sends name and SQL of a virtual dataset and drops an empty extra', () => {
    const virtual = editStateFromDataset({
      ...dataset,
      kind: 'virtual',
      sql: 'SELECT 1',
      extra: null,
      metrics: [],
      columns: [],
    });
    const payload = buildDatasetPayload(
      updateSettings(virtual, { table_name: ' v1 ', cache_timeout: null, offset: null }),
      true,
    );
    expect(payload).toMatchObject({
      table_name: 'v1',
      sql: 'SELECT 1',
      extra: null,
      cache_timeout: null,
      offset: 0,
    });
  });

  it('removes the certification when its author is cleared', () => {
    const state = updateSettings(editStateFromDataset(dataset), {
      certified_by: '',
      warning_markdown: ' ',
      extra: '',
    });
    expect(datasetExtra(state.settings)).toBe(null);
  });
});

describe('mergeSyncedColumns', () => {
  it('keeps edits, adds new columns and drops gone ones', () => {
    let state = editStateFromDataset(dataset);
    state = updateColumn(state, 'c10', { verbose_name: 'Identifier' });
    const { state: merged, summary } = mergeSyncedColumns(state, [
      { id: 10, column_name: 'id', type: 'BIGINT' },
      { id: 30, column_name: 'status', type: 'TEXT' },
      { id: 12, column_name: 'amount_x2', expression: 'amount * 2' },
    ]);
    expect(summary).toEqual({ added: ['status'], removed: ['created_at'], modified: ['id'] });
    expect(merged.columns.map((c) => [c.column_name, c.type, c.verbose_name])).toEqual([
      ['id', 'BIGINT', 'Identifier'],
      ['status', 'TEXT', ''],
    ]);
    expect(merged.calculated).toBe(state.calculated);
  });
});

describe('permissions and kind', () => {
  const user = { userId: 2, roles: { Gamma: [] } };

  it('lets owners and admins edit', () => {
    expect(canEditDataset(user, dataset.owners)).toBe(true);
    expect(canEditDataset({ ...user, userId: 9 }, dataset.owners)).toBe(false);
    expect(canEditDataset({ userId: 9, roles: { Admin: [] } }, [])).toBe(true);
    expect(canEditDataset(null, dataset.owners)).toBe(false);
  });

  it('tells virtual datasets apart', () => {
    expect(isVirtual({ kind: 'virtual' })).toBe(true);
    expect(isVirtual({ kind: 'physical', sql: 'SELECT 1' })).toBe(false);
    expect(isVirtual({ sql: ' SELECT 1 ' })).toBe(true);
    expect(isVirtual({ sql: null })).toBe(false);
  });
});

describe('legacyEditorUrl', () => {
  it("is the dataset's edit url unless DISABLE_LEGACY_DATASOURCE_EDITOR is on", () => {
    expect(legacyEditorUrl({ id: 7 }, {})).toBe('/tablemodelview/edit/7');
    expect(legacyEditorUrl({ id: 7 }, { DISABLE_LEGACY_DATASOURCE_EDITOR: false })).toBe(
      '/tablemodelview/edit/7',
    );
    expect(legacyEditorUrl({ id: 7 }, { DISABLE_LEGACY_DATASOURCE_EDITOR: true })).toBeNull();
    expect(legacyEditorUrl(null, {})).toBeNull();
  });
});
