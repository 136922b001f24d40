/**
 * pandas' default NA strings (`pandas.read_csv`'s `na_values`): Superset read CSV files
 * (example data, uploads) with pandas, so these fields became NULL there, and become NULL here.
 */
export const PANDAS_NA_STRINGS: readonly string[] = [
  '',
  '#N/A',
  '#N/A N/A',
  '#NA',
  '-1.#IND',
  '-1.#QNAN',
  '-NaN',
  '-nan',
  '1.#IND',
  '1.#QNAN',
  '<NA>',
  'N/A',
  'NA',
  'NULL',
  'NaN',
  'None',
  'n/a',
  'nan',
  'null',
];
