import type { ExampleTable } from '../types.js';
import { column, countMetric, json, source } from './define.js';

/**
 * `sf_population_polygons`, from sf_population.json.gz (25 San Francisco zip codes), as
 * Superset's loader and YAML make it: `contour` is the polygon serialised as JSON text (in
 * Python's `json.dumps` spelling, `[[-122.4, 37.7], …]`).
 */
export const sfPopulationPolygons: ExampleTable = {
  table_name: 'sf_population_polygons',
  version: 1,
  source: source(
    json('sf_population.json.gz', {
      zipcode: 'BIGINT',
      population: 'BIGINT',
      area: 'DOUBLE',
      contour: 'DOUBLE[][]',
    }),
  ),
  columns: [
    column('zipcode', 'BIGINT'),
    column('population', 'BIGINT'),
    column('area', 'DOUBLE'),
    column('contour', 'VARCHAR'),
  ],
  rows: 25,
  dataset: {
    uuid: 'a480e881-e90d-4dc8-818e-f9338c3ca839',
    description: 'Population density of San Francisco',
    main_dttm_col: null,
    computed_columns: [],
    metrics: [countMetric('count')],
  },
};
