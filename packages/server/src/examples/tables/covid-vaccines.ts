import type { ExampleTable } from '../types.js';
import { columns, computed, countMetric, csv, source } from './define.js';

const HEADER = [
  'developer_researcher',
  'stage_of_development',
  'product_category',
  'country_name',
  'ioc_country_code',
  'date_last_updated',
  'anticipated_next_steps',
  'funder',
] as const;

/** The covid-vaccine-dashboard YAML's computed column, verbatim. */
const CLINICAL_STAGE =
  "CASE \nWHEN stage_of_development = 'Pre-clinical' THEN '0. Pre-clinical'\n" +
  "WHEN stage_of_development = 'Phase I' THEN '1. Phase I' \n" +
  "WHEN stage_of_development = 'Phase I/II' or stage_of_development = 'Phase II' THEN '2. Phase II or Combined I/II'\n" +
  "WHEN stage_of_development = 'Phase III' THEN '3. Phase III'\n" +
  "WHEN stage_of_development = 'Authorized' THEN '4. Authorized'\nEND";

/**
 * `covid_vaccines`, from covid_vaccines.csv (265 rows): the file's eight columns, all text
 * (`date_last_updated` included: it is M/D/YYYY text and the dataset has no temporal column).
 * The YAML names the first column `developer_or_researcher` and lists seven columns the file
 * does not have; the table follows the file, the dataset the table.
 */
export const covidVaccines: ExampleTable = {
  table_name: 'covid_vaccines',
  version: 1,
  source: source(csv('covid_vaccines.csv.gz', HEADER)),
  columns: columns('VARCHAR', HEADER),
  rows: 265,
  dataset: {
    uuid: '974b7a1c-22ea-49cb-9214-97b7dbd511e0',
    description: null,
    main_dttm_col: null,
    computed_columns: [computed('clinical_stage', CLINICAL_STAGE, 'VARCHAR', { type: 'STRING' })],
    metrics: [countMetric(null)],
  },
};
