import type { ExampleTable } from '../types.js';
import { column, countMetric, json, metric, source } from './define.js';

/**
 * `energy_usage`, from energy.json.gz (85 source → target flows), as Superset's energy loader
 * makes it: source and target VARCHAR, value DOUBLE (the file has it as text). Metric
 * `sum__value` as that loader adds it.
 */
export const energyUsage: ExampleTable = {
  table_name: 'energy_usage',
  version: 1,
  source: source(
    json('energy.json.gz', { source: 'VARCHAR', target: 'VARCHAR', value: 'VARCHAR' }),
  ),
  columns: [column('source', 'VARCHAR'), column('target', 'VARCHAR'), column('value', 'DOUBLE')],
  rows: 85,
  dataset: {
    uuid: null,
    description: 'Energy consumption',
    main_dttm_col: null,
    computed_columns: [],
    metrics: [countMetric('count'), metric('sum__value', 'SUM(value)')],
  },
};
