import { describe, expect, it } from 'vitest';
import { ChartRegistry, type ChartPlugin } from './plugin.js';

const plugin = (vizType: string, name: string): ChartPlugin => ({
  vizType,
  metadata: { name, tags: [] },
  controlPanel: { controlPanelSections: [] },
  buildQuery: (formData) => ({
    datasource: { id: 1, type: 'table' },
    force: false,
    queries: [],
    form_data: formData,
    result_format: 'json',
    result_type: 'full',
  }),
  transformProps: (x) => x,
});

describe('ChartRegistry', () => {
  it('registers by viz_type, refuses duplicates and bad names, lists by name', () => {
    const r = new ChartRegistry();
    r.register(plugin('table', 'Table'));
    r.register(plugin('echarts_timeseries_line', 'Line Chart'));
    expect(r.get('table')?.metadata.name).toBe('Table');
    expect(r.has('pie')).toBe(false);
    expect(() => r.register(plugin('table', 'Again'))).toThrow(/twice/);
    expect(() => r.register(plugin('Bad-Name', 'x'))).toThrow(/Invalid viz_type/);
    expect(r.list().map((p) => p.metadata.name)).toEqual(['Line Chart', 'Table']);
  });
});
