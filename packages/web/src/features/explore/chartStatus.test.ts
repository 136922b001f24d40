import { describe, expect, it } from 'vitest';
import { chartDrawStatus, chartStatusAttributes, pageReady } from './chartStatus';

const base = { error: null, drawable: false, drawn: false, blocked: null };

describe('chart draw status', () => {
  it('is loading until the query answers and the renderer reports the data drawn', () => {
    expect(chartDrawStatus({ ...base, query: 'none' }).status).toBe('loading');
    expect(chartDrawStatus({ ...base, query: 'loading', drawable: true, drawn: true }).status).toBe(
      'loading',
    );
    expect(chartDrawStatus({ ...base, query: 'success', drawable: true }).status).toBe('loading');
    expect(chartDrawStatus({ ...base, query: 'success', drawable: true, drawn: true })).toEqual({
      status: 'rendered',
      error: null,
    });
  });

  it('fails with the query or drawing error, or with why the chart cannot draw', () => {
    expect(chartDrawStatus({ ...base, query: 'failed', error: 'no such column' })).toEqual({
      status: 'failed',
      error: 'no such column',
    });
    expect(
      chartDrawStatus({ ...base, query: 'success', drawable: true, error: 'bad option' }).status,
    ).toBe('failed');
    expect(chartDrawStatus({ ...base, query: 'success', blocked: 'dataset missing' })).toEqual({
      status: 'failed',
      error: 'dataset missing',
    });
  });

  it('counts a chart with nothing to draw and nothing wrong as rendered', () => {
    expect(chartDrawStatus({ ...base, query: 'success' }).status).toBe('rendered');
  });

  it('writes the error attribute only for a failure', () => {
    expect(chartStatusAttributes({ status: 'rendered', error: null })).toEqual({
      'data-chart-status': 'rendered',
    });
    expect(chartStatusAttributes({ status: 'failed', error: 'boom' })).toEqual({
      'data-chart-status': 'failed',
      'data-chart-error': 'boom',
    });
  });
});

describe('page readiness', () => {
  it('is ready when every chart is rendered or failed (no charts: ready)', () => {
    expect(pageReady([])).toBe(true);
    expect(pageReady(['rendered', 'failed'])).toBe(true);
    expect(pageReady(['rendered', 'loading'])).toBe(false);
    expect(pageReady([null])).toBe(false);
  });
});
