import { describe, expect, it } from 'vitest';
import { risonDecode } from '@strata/core';
import { builderChartsQuery } from './builderCharts';

describe("the dashboard builder's chart list query", () => {
  it('asks the newest charts first, searched with chart_all_text only when there is a search', () => {
    expect(risonDecode(builderChartsQuery(''))).toMatchObject({
      filters: [],
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page_size: 100,
    });
    expect(risonDecode(builderChartsQuery("births' 100%"))).toMatchObject({
      filters: [{ col: 'slice_name', opr: 'chart_all_text', value: "births' 100%" }],
    });
  });
});
