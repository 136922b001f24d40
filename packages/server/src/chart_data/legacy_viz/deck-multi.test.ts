import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.js';
import { deckMultiData, deckSliceIds, layerFormData, type LayerChart } from './deck-multi.js';

const chart = (id: number, vizType: string, params: Record<string, unknown> = {}): LayerChart => ({
  id,
  slice_name: `c${id}`,
  viz_type: vizType,
  params: JSON.stringify(params),
  query_context: null,
  description: null,
  datasource_id: 3,
  datasource_type: 'table',
  cache_timeout: null,
  changed_on: '2026-11-01T00:00:00',
  certified_by: null,
  certification_details: null,
  is_managed_externally: 0,
  datasource_name: 'main.long_lat',
  owners: [1],
});

describe('deck_multi explore_json data', () => {
  it('reads the chosen ids in order, once each', () => {
    expect(deckSliceIds({ deck_slices: [3, '4', 3, 'x', 0, -2] })).toEqual([3, 4]);
    expect(deckSliceIds({})).toEqual([]);
  });

  it("adds the multi chart's filters after the layer's own", () => {
    const own = { clause: 'WHERE', expressionType: 'SQL', sqlExpression: 'a' };
    const shared = { clause: 'WHERE', expressionType: 'SQL', sqlExpression: 'b' };
    expect(
      layerFormData(
        { viz_type: 'deck_arc', adhoc_filters: [own], extra_form_data: { stale: 1 } },
        { adhoc_filters: [shared], extra_form_data: { filters: [] } },
      ),
    ).toEqual({
      viz_type: 'deck_arc',
      adhoc_filters: [own, shared],
      extra_form_data: { filters: [] },
    });
    expect(layerFormData({ extra_form_data: { stale: 1 } }, {})).toEqual({ adhoc_filters: [] });
  });

  it('lists the readable charts in the chosen order, features by viz type, failures skipped', async () => {
    const asked: number[][] = [];
    const ran: Array<Record<string, unknown>> = [];
    const deps = {
      now: new Date('2026-11-28T00:00:00Z'),
      readableCharts: async (ids: number[]) => {
        asked.push(ids);
        return [chart(5, 'deck_scatter'), chart(7, 'deck_arc'), chart(8, 'deck_scatter')];
      },
      layerData: async (fd: Record<string, unknown>) => {
        ran.push(fd);
        if (fd.slice_id === 7) throw new ApiError(400, 'Error: no such column');
        return { features: [{ slice: fd.slice_id }] };
      },
    };
    const data = await deckMultiData({ deck_slices: [8, 7, 6, 5], adhoc_filters: [] }, deps);
    expect(asked).toEqual([[8, 7, 6, 5]]);
    expect(data.slices.map((s) => (s as { slice_id: number }).slice_id)).toEqual([8, 7, 5]);
    expect(data.features).toEqual({ deck_scatter: [{ slice: 8 }, { slice: 5 }] });
    expect(ran.map((fd) => fd.viz_type)).toEqual(['deck_scatter', 'deck_arc', 'deck_scatter']);
    expect(data.slices[0]).toMatchObject({
      datasource: 'main.long_lat',
      form_data: { slice_id: 8, viz_type: 'deck_scatter', datasource: '3__table' },
      owners: [1],
      changed_on_humanized: '3 weeks ago',
    });
    // Anything but a refused or failed query is not swallowed.
    await expect(
      deckMultiData(
        { deck_slices: [5] },
        {
          ...deps,
          layerData: async () => {
            throw new Error('store down');
          },
        },
      ),
    ).rejects.toThrow('store down');
    expect(await deckMultiData({}, deps)).toEqual({ features: {}, mapboxApiKey: '', slices: [] });
  });
});
