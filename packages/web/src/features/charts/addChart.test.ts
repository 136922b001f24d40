import { describe, expect, it } from 'vitest';
import { exploreUrlFor } from './AddChartPage';

describe('create a new chart', () => {
  it('opens Explore on the dataset with the chart type', () => {
    expect(exploreUrlFor(7, 'pie')).toBe(
      '/explore/?datasource_id=7&datasource_type=table&viz_type=pie',
    );
  });
});
