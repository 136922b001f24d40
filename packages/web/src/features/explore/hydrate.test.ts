import { describe, expect, it } from 'vitest';
import {
  exploreUrl,
  hasExploreTarget,
  hydrateFormData,
  isStandalone,
  readExploreParams,
} from './hydrate';
import type { ExplorePayload } from './types';

const dataset = { id: 4, type: 'table', columns: [], metrics: [] };

describe('explore URL parameters', () => {
  it('reads the form data key, slice id and dataset', () => {
    expect(readExploreParams('?slice_id=12')).toEqual({
      formDataKey: null,
      sliceId: 12,
      datasourceId: null,
      datasourceType: null,
    });
    expect(readExploreParams('?datasource_id=3&datasource_type=table')).toMatchObject({
      datasourceId: 3,
      datasourceType: 'table',
    });
    expect(readExploreParams('?datasource=5__table')).toMatchObject({ datasourceId: 5 });
    expect(readExploreParams('?slice_id=abc').sliceId).toBeNull();
    expect(hasExploreTarget(readExploreParams(''))).toBe(false);
    expect(hasExploreTarget(readExploreParams('?form_data_key=k1'))).toBe(true);
  });

  it('reads permalinks and standalone mode', () => {
    expect(readExploreParams('', '/superset/explore/p/Ab3_x/')).toMatchObject({
      permalinkKey: 'Ab3_x',
    });
    expect(hasExploreTarget(readExploreParams('', '/superset/explore/p/Ab3_x/'))).toBe(true);
    expect(readExploreParams('', '/explore/').permalinkKey).toBeUndefined();
    expect(isStandalone('?standalone=1')).toBe(true);
    expect(isStandalone('?standalone=0')).toBe(false);
  });

  it('builds the explore API address', () => {
    expect(exploreUrl(readExploreParams('?datasource_id=3&datasource_type=table'))).toBe(
      '/api/v1/explore/?datasource_id=3&datasource_type=table',
    );
    expect(exploreUrl(readExploreParams('?slice_id=9&form_data_key=ab'))).toBe(
      '/api/v1/explore/?form_data_key=ab&slice_id=9',
    );
  });
});

describe('hydrateFormData', () => {
  const payload = (
    form_data: Record<string, unknown>,
    extra: Partial<ExplorePayload> = {},
  ): ExplorePayload => ({
    dataset,
    form_data,
    slice: null,
    ...extra,
  });

  it('defaults the viz type, time range and datasource', () => {
    expect(hydrateFormData(payload({}))).toEqual({
      datasource: '4__table',
      viz_type: 'table',
      time_range: 'No filter',
    });
  });

  it('replaces unknown colour schemes by the defaults', () => {
    const fd = hydrateFormData(
      payload({ viz_type: 'pie', color_scheme: 'gone', linear_color_scheme: 'also_gone' }),
    );
    expect(fd.color_scheme).toBe('supersetColors');
    expect(fd.linear_color_scheme).toBe('superset_seq_1');
    expect(hydrateFormData(payload({ color_scheme: 'd3Category10' })).color_scheme).toBe(
      'd3Category10',
    );
  });

  it('moves the time column into the group-by with include_time', () => {
    const fd = hydrateFormData(
      payload({ include_time: true, granularity_sqla: 'ds', groupby: ['gender'] }),
    );
    expect(fd.groupby).toEqual(['ds', 'gender']);
  });

  it('keeps the saved chart id', () => {
    const fd = hydrateFormData(
      payload({ viz_type: 'big_number_total' }, { slice: { slice_id: 8, slice_name: 'S' } }),
    );
    expect(fd.slice_id).toBe(8);
  });
});
