import type { ExampleTable } from '../types.js';
import { column, countMetric, json, source } from './define.js';

/**
 * `bart_lines`, from bart-lines.json.gz (5 BART lines), as Superset's loader and YAML make it:
 * name, color, then the path as JSON text (`path_json`, Python's `json.dumps` spelling) and as
 * a Google encoded polyline (`polyline`, what the `polyline` package's `encode` gives).
 */
export const bartLines: ExampleTable = {
  table_name: 'bart_lines',
  version: 1,
  source: source(
    json('bart-lines.json.gz', { name: 'VARCHAR', color: 'VARCHAR', path: 'DOUBLE[][]' }),
  ),
  columns: [
    column('name', 'VARCHAR'),
    column('color', 'VARCHAR'),
    column('path_json', 'VARCHAR', { select: 'CAST(s.path AS VARCHAR)' }),
    column('polyline', 'VARCHAR', { select: 'strata_polyline(s.path)' }),
  ],
  rows: 5,
  dataset: {
    uuid: '74170377-74b9-42c1-aae2-aa5445396ba3',
    description: 'BART lines',
    main_dttm_col: null,
    computed_columns: [],
    metrics: [countMetric('count')],
  },
};
