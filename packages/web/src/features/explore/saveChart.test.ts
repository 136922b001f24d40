import { describe, expect, it } from 'vitest';
import { chartBody, saveToasts, type SaveRequest } from './saveChart';

const req = (extra: Partial<SaveRequest> = {}): SaveRequest => ({
  action: 'saveas',
  sliceId: null,
  sliceName: ' Births ',
  formData: { datasource: '3__table', viz_type: 'big_number_total', metric: 'count', slice_id: 9 },
  dashboard: null,
  currentDashboards: [],
  ...extra,
});

describe('saving a chart', () => {
  it('sends the form data as params and the query context', () => {
    const body = chartBody(req(), 5);
    expect(body).toMatchObject({
      slice_name: 'Births',
      viz_type: 'big_number_total',
      datasource_id: 3,
      datasource_type: 'table',
      dashboards: [5],
    });
    expect(JSON.parse(body.params as string)).toEqual({
      datasource: '3__table',
      viz_type: 'big_number_total',
      metric: 'count',
    });
    const ctx = JSON.parse(body.query_context as string);
    expect(ctx.datasource).toEqual({ id: 3, type: 'table' });
    expect(ctx.queries[0].metrics).toEqual(['count']);
  });

  it('keeps the dashboards of an overwritten chart', () => {
    expect(
      chartBody(req({ action: 'overwrite', currentDashboards: [1, 2] }), 2).dashboards,
    ).toEqual([1, 2]);
    expect(
      chartBody(req({ action: 'overwrite', currentDashboards: [1] }), null).dashboards,
    ).toEqual([1]);
  });

  it("says what happened with the spec's texts", () => {
    expect(saveToasts(req(), null, false)).toEqual(['Chart [Births] has been saved']);
    expect(saveToasts(req({ action: 'overwrite' }), 'Sales', false)).toEqual([
      'Chart [Births] has been overwritten',
      'Chart [Births] was added to dashboard [Sales]',
    ]);
    expect(saveToasts(req(), 'New one', true)[1]).toBe(
      'Dashboard [New one] just got created and chart [Births] was added to it',
    );
  });
});
