import type { ExampleTable } from '../types.js';
import { column, columns, countMetric, csv, source } from './define.js';

const HEADER = [
  'order_number',
  'quantity_ordered',
  'price_each',
  'order_line_number',
  'sales',
  'order_date',
  'status',
  'quarter',
  'month',
  'year',
  'product_line',
  'msrp',
  'product_code',
  'customer_name',
  'phone',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'postal_code',
  'country',
  'territory',
  'contact_last_name',
  'contact_first_name',
  'deal_size',
] as const;

/**
 * `cleaned_sales_data`, from sales.csv (2,823 rows), with the types of the sales-dashboard and
 * featured-charts YAML (BIGINT, DOUBLE PRECISION → DOUBLE, TEXT → VARCHAR). `order_date` is
 * M/D/YYYY text in the file, parsed to TIMESTAMP; it is the main temporal column.
 */
export const cleanedSalesData: ExampleTable = {
  table_name: 'cleaned_sales_data',
  version: 1,
  source: source(csv('sales.csv.gz', HEADER)),
  columns: [
    column('order_number', 'BIGINT'),
    column('quantity_ordered', 'BIGINT'),
    column('price_each', 'DOUBLE'),
    column('order_line_number', 'BIGINT'),
    column('sales', 'DOUBLE'),
    column('order_date', 'TIMESTAMP', {
      select: "strptime(s.order_date, '%m/%d/%Y')",
      is_dttm: true,
    }),
    column('status', 'VARCHAR'),
    column('quarter', 'BIGINT'),
    column('month', 'BIGINT'),
    column('year', 'BIGINT'),
    column('product_line', 'VARCHAR'),
    column('msrp', 'BIGINT'),
    ...columns('VARCHAR', HEADER.slice(HEADER.indexOf('product_code'))),
  ],
  rows: 2_823,
  dataset: {
    uuid: 'e8623bb9-5e00-f531-506a-19607f5f8005',
    description: null,
    main_dttm_col: 'order_date',
    computed_columns: [],
    metrics: [countMetric('count')],
  },
};
