import type { ExampleTable } from '../types.js';
import { stringList } from '../sql-text.js';
import { column, computed, generated, metric, source } from './define.js';

/** Rows of the generated table. */
export const EVENT_ROWS = 5_000_000;

/** First instant and span: two calendar years, 2023-01-01 to 2024-12-31 (731 days). */
const START = "TIMESTAMP '2023-01-01 00:00:00'";
const SPAN_SECONDS = 731 * 86_400;

const COUNTRIES = [
  'United States',
  'India',
  'United Kingdom',
  'Germany',
  'Brazil',
  'Canada',
  'France',
  'Japan',
  'Australia',
  'Mexico',
  'Spain',
  'Italy',
  'Netherlands',
  'Indonesia',
  'Philippines',
  'Poland',
  'Turkey',
  'South Korea',
  'Nigeria',
  'Argentina',
  'Sweden',
  'Colombia',
  'South Africa',
  'Vietnam',
  'Egypt',
  'Thailand',
  'Belgium',
  'Switzerland',
  'Pakistan',
  'Chile',
  'Ireland',
  'Austria',
  'Norway',
  'Denmark',
  'Portugal',
  'Israel',
  'Malaysia',
  'Singapore',
  'Romania',
  'Czech Republic',
  'Greece',
  'Peru',
  'New Zealand',
  'Finland',
  'Hungary',
  'Ukraine',
  'Kenya',
  'Morocco',
  'Saudi Arabia',
  'United Arab Emirates',
];
const CHANNELS = [
  'organic_search',
  'direct',
  'paid_search',
  'social',
  'email',
  'referral',
  'affiliate',
  'display',
];
const CATEGORIES = [
  'Electronics',
  'Books',
  'Clothing',
  'Home',
  'Garden',
  'Toys',
  'Sports',
  'Beauty',
  'Grocery',
  'Automotive',
  'Music',
  'Office',
];
export const EVENT_PRODUCTS = 2_000;
export const EVENT_USERS = 500_000;

/** Pick from a list by a [0, 1) value. */
const pick = (values: readonly string[], u: string) =>
  `${stringList(values)}[1 + CAST(floor(${u} * ${values.length}) AS INTEGER)]`;

const hi16 = (h: string) => `(${h} >> 16) / 65536.0`;
const lo16 = (h: string) => `(${h} & 65535) / 65536.0`;

/**
 * Per-row values, computed once per row. Five 32-bit hashes of the row number (see
 * sql-macros); most uniform [0, 1) values need no more than 16 bits, so one hash gives two (its
 * high and low halves). Then the product and quantity that several columns share.
 */
const FIELDS: Readonly<Record<string, string>> = {
  h1: 'strata_hash32(rowid * 8 + 1)',
  h2: 'strata_hash32(rowid * 8 + 2)',
  h3: 'strata_hash32(rowid * 8 + 3)',
  h4: 'strata_hash32(rowid * 8 + 4)',
  h5: 'strata_hash32(rowid * 8 + 5)',
  u_time: hi16('h1'),
  u_country: lo16('h1'),
  u_device: hi16('h2'),
  u_channel: lo16('h2'),
  u_user: 'h3 / 4294967296.0',
  u_duration: hi16('h5'),
  u_discount: lo16('h5'),
  // 0-based product number, skewed: low numbers sell more.
  product_index: `CAST(floor(pow(${hi16('h4')}, 2) * ${EVENT_PRODUCTS}) AS INTEGER)`,
  // 1–10, mostly 1 or 2.
  quantity: `CAST(1 + floor(pow(${lo16('h4')}, 3) * 10) AS INTEGER)`,
  // 2.00–199.99, fixed per product.
  unit_price: '2 + ((product_index * 7919) % 19800) / 100.0',
};

/**
 * `events`: a generated fact table for scale, 5,000,000 rows built by set-based SQL from
 * `range()` at load time (nothing shipped). Every value derives from the row number through an
 * integer hash (no `random()`), so every load gives the same table. One event every ~12.6
 * seconds over 2023–2024; dimensions of different cardinality (country 50 skewed, device 4,
 * channel 8, product 2,000 in 12 categories, user ~500,000); measures revenue, quantity,
 * duration_ms.
 */
export const events: ExampleTable = {
  table_name: 'events',
  version: 1,
  source: source(generated(EVENT_ROWS, FIELDS)),
  columns: [
    column('event_id', 'BIGINT', { select: 's.rowid + 1', verbose_name: 'Event ID' }),
    column('event_time', 'TIMESTAMP', {
      select: `${START} + to_seconds(CAST(s.rowid * ${SPAN_SECONDS} // ${EVENT_ROWS} + floor(s.u_time * 12) AS BIGINT))`,
      is_dttm: true,
      verbose_name: 'Event Time',
    }),
    column('country', 'VARCHAR', {
      select: pick(COUNTRIES, 'pow(s.u_country, 2)'),
      verbose_name: 'Country',
    }),
    column('device', 'VARCHAR', {
      select:
        "CASE WHEN s.u_device < 0.55 THEN 'mobile' WHEN s.u_device < 0.9 THEN 'desktop' WHEN s.u_device < 0.98 THEN 'tablet' ELSE 'smart_tv' END",
      verbose_name: 'Device',
    }),
    column('channel', 'VARCHAR', {
      select: pick(CHANNELS, 'pow(s.u_channel, 1.5)'),
      verbose_name: 'Channel',
    }),
    column('product', 'VARCHAR', {
      select: "'SKU-' || lpad(CAST(s.product_index + 1 AS VARCHAR), 4, '0')",
      verbose_name: 'Product',
    }),
    column('product_category', 'VARCHAR', {
      select: `${stringList(CATEGORIES)}[1 + s.product_index % ${CATEGORIES.length}]`,
      verbose_name: 'Product Category',
    }),
    column('user_id', 'BIGINT', {
      select: `CAST(1 + floor(s.u_user * ${EVENT_USERS}) AS BIGINT)`,
      verbose_name: 'User ID',
    }),
    column('revenue', 'DOUBLE', {
      // One event in five has a 10 % discount.
      select:
        'round(s.quantity * s.unit_price * CASE WHEN s.u_discount < 0.2 THEN 0.9 ELSE 1.0 END, 2)',
      verbose_name: 'Revenue',
    }),
    column('quantity', 'INTEGER', { select: 's.quantity', verbose_name: 'Quantity' }),
    column('duration_ms', 'INTEGER', {
      select: 'CAST(200 + floor(pow(s.u_duration, 4) * 120000) AS INTEGER)',
      verbose_name: 'Duration (ms)',
    }),
  ],
  rows: EVENT_ROWS,
  dataset: {
    uuid: null,
    description: 'Generated events (5,000,000 rows) for trying queries at scale',
    main_dttm_col: 'event_time',
    computed_columns: [
      computed('unit_revenue', 'revenue / quantity', 'DOUBLE', {
        verbose_name: 'Revenue per Unit',
      }),
    ],
    metrics: [
      metric('count', 'COUNT(*)', {
        verbose_name: 'COUNT(*)',
        metric_type: 'count',
        d3format: ',d',
      }),
      metric('sum__revenue', 'SUM(revenue)', { verbose_name: 'Revenue', d3format: '$,.2f' }),
      metric('avg__revenue', 'AVG(revenue)', {
        verbose_name: 'Average Revenue',
        d3format: '$,.2f',
      }),
      metric('sum__quantity', 'SUM(quantity)', { verbose_name: 'Units Sold', d3format: ',d' }),
      metric('avg__duration_ms', 'AVG(duration_ms)', {
        verbose_name: 'Average Duration (ms)',
        d3format: ',.0f',
      }),
      metric('count_distinct__user_id', 'COUNT(DISTINCT user_id)', {
        verbose_name: 'Unique Users',
        d3format: ',d',
      }),
    ],
  },
};
