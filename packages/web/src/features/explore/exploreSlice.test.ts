import { describe, expect, it } from 'vitest';
import {
  exploreActions as a,
  drawnFormDataOf,
  exploreReducer,
  initialExploreState,
  needsQuery,
} from './exploreSlice';
import type { ExploreSlice } from './types';

const datasource = {
  id: 1,
  type: 'table',
  columns: [{ column_name: 'region' }, { column_name: 'amount' }],
  metrics: [{ metric_name: 'count' }],
};

const hydrated = () =>
  exploreReducer(
    initialExploreState,
    a.hydrated({
      datasource,
      slice: null,
      formData: { datasource: '1__table', viz_type: 'big_number_total', metric: 'gone' },
    }),
  );

describe('explore reducer', () => {
  it('hydrates, keeping what the dataset lost (the controls mark it) and filling defaults', () => {
    const s = hydrated();
    expect(s.formData.metric).toBe('gone');
    expect(s.formData.y_axis_format).toBe('SMART_NUMBER');
  });

  it('runs the chart status cycle', () => {
    let s = hydrated();
    s = exploreReducer(s, a.chartUpdateStarted({ formData: s.formData, now: 1 }));
    expect(s.chartStatus).toBe('loading');
    s = exploreReducer(s, a.chartUpdateSucceeded({ result: [], now: 2 }));
    expect(s.chartStatus).toBe('success');
    s = exploreReducer(s, a.chartRenderingSucceeded());
    expect(s.chartStatus).toBe('rendered');
    s = exploreReducer(s, a.chartUpdateFailed({ message: null, now: 3 }));
    expect(s).toMatchObject({
      chartStatus: 'failed',
      chartAlert: 'Network error.',
      chartAlertLink: null,
    });
    s = exploreReducer(
      s,
      a.chartUpdateFailed({ message: 'Not found', link: 'https://wiki.example.org/a', now: 3 }),
    );
    expect(s.chartAlertLink).toBe('https://wiki.example.org/a');
    s = exploreReducer(s, a.chartUpdateStopped({ now: 4 }));
    expect(s).toMatchObject({ chartStatus: 'stopped', chartAlert: 'Updating chart was stopped' });
    s = exploreReducer(s, a.chartRenderingFailed('boom'));
    expect(s.chartAlert).toBe('An error occurred while rendering the visualization: boom');
  });

  it('needs a query only when a non-render control changed', () => {
    let s = hydrated();
    expect(needsQuery(s, () => false)).toBe(true);
    s = exploreReducer(s, a.chartUpdateStarted({ formData: s.formData, now: 1 }));
    expect(needsQuery(s, () => false)).toBe(false);
    const renderOnly = (name: string) => name === 'subheader';
    s = exploreReducer(s, a.controlChanged({ name: 'subheader', value: 'x' }));
    expect(needsQuery(s, renderOnly)).toBe(false);
    s = exploreReducer(s, a.controlChanged({ name: 'metric', value: 'count' }));
    expect(needsQuery(s, renderOnly)).toBe(true);
  });

  it('moves to another dataset, picking its time column and keeping what it lacks', () => {
    let s = exploreReducer(
      initialExploreState,
      a.hydrated({
        datasource: {
          ...datasource,
          columns: [...datasource.columns, { column_name: 'ds', is_dttm: true }],
        },
        slice: null,
        formData: {
          datasource: '1__table',
          viz_type: 'big_number_total',
          metric: 'count',
          granularity_sqla: 'ds',
        },
      }),
    );
    s = exploreReducer(
      s,
      a.datasourceChanged({
        id: 2,
        type: 'table',
        columns: [
          { column_name: 'created', is_dttm: true },
          { column_name: 'when', type_generic: 2 },
        ],
        metrics: [],
        main_dttm_col: 'when',
      }),
    );
    expect(s.formData.datasource).toBe('2__table');
    expect(s.formData.granularity_sqla).toBe('when');
    expect(s.formData.metric).toBe('count');
  });

  it('carries the metrics to another chart type', () => {
    let s = exploreReducer(
      initialExploreState,
      a.hydrated({
        datasource,
        slice: null,
        formData: { datasource: '1__table', viz_type: 'table', metrics: ['count'] },
      }),
    );
    s = exploreReducer(s, a.vizTypeChanged('big_number_total'));
    expect(s.formData.metric).toBe('count');
    s = exploreReducer(s, a.controlChanged({ name: 'metrics', value: [] }));
    s = exploreReducer(s, a.vizTypeChanged('table'));
    expect(s.formData.metrics).toEqual(['count']);
  });
});

describe('the chart title', () => {
  it('starts from the saved chart, takes what is typed in the header, and follows a save', () => {
    let s = exploreReducer(initialExploreState, a.titleChanged('  Births  '));
    expect(s.sliceName).toBe('Births');
    s = exploreReducer(s, a.titleChanged('   '));
    expect(s.sliceName).toBeNull();
    s = exploreReducer(s, a.sliceSaved({ slice_id: 7, slice_name: 'Saved name' } as ExploreSlice));
    expect(s.sliceName).toBe('Saved name');
    expect(s.formData.slice_id).toBe(7);
  });
});

describe('the form data the chart draws with', () => {
  const renderOnly = (k: string) => k === 'color_scheme' || k === 'show_legend';
  const data = {
    datasource: '1__table',
    viz_type: 'line',
    time_grain_sqla: 'P1D',
    color_scheme: 'a',
  };

  it('keeps the shown data’s form data while a query control changed', () => {
    const now = { ...data, time_grain_sqla: 'PT1H' };
    expect(drawnFormDataOf(now, data, renderOnly)).toBe(data);
    expect(drawnFormDataOf(now, null, renderOnly)).toBe(now);
  });

  it('takes the current render-only controls, added or removed', () => {
    const now = { ...data, time_grain_sqla: 'PT1H', color_scheme: 'b', show_legend: false };
    expect(drawnFormDataOf(now, data, renderOnly)).toEqual({
      ...data,
      color_scheme: 'b',
      show_legend: false,
    });
    const { color_scheme: _dropped, ...without } = data;
    expect(drawnFormDataOf(without, data, renderOnly)).toEqual(without);
  });
});
