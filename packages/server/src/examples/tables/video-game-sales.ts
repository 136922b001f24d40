import type { ExampleTable } from '../types.js';
import { column, columns, countMetric, csv, source } from './define.js';

/**
 * `video_game_sales`, from video_game_sales.csv (16,595 rows), with the video-game-sales YAML's
 * types (FLOAT64 → DOUBLE, STRING → VARCHAR). `year` is BIGINT and temporal with format `%Y`;
 * the file's 271 `N/A` years (and 58 `N/A` publishers) are NULL, as pandas read them.
 */
export const videoGameSales: ExampleTable = {
  table_name: 'video_game_sales',
  version: 1,
  source: source(
    csv('video_game_sales.csv.gz', [
      'rank',
      'name',
      'platform',
      'year',
      'genre',
      'publisher',
      'na_sales',
      'eu_sales',
      'jp_sales',
      'other_sales',
      'global_sales',
    ]),
  ),
  columns: [
    column('rank', 'BIGINT'),
    column('name', 'VARCHAR'),
    column('platform', 'VARCHAR'),
    column('year', 'BIGINT', { is_dttm: true, python_date_format: '%Y' }),
    column('genre', 'VARCHAR'),
    column('publisher', 'VARCHAR'),
    ...columns('DOUBLE', ['na_sales', 'eu_sales', 'jp_sales', 'other_sales', 'global_sales']),
  ],
  rows: 16_595,
  dataset: {
    uuid: '53d47c0c-c03d-47f0-b9ac-81225f808283',
    description: null,
    main_dttm_col: null,
    computed_columns: [],
    metrics: [countMetric(null)],
  },
};
