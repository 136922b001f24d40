import type { ExampleColumnType, ExampleTable } from '../types.js';
import { column, computed, countMetric, csv, source } from './define.js';

/** The file's header (137 columns). */
const HEADER = [
  'ID',
  'is_software_dev',
  'is_first_dev_job',
  'months_job_search',
  'job_pref',
  'job_intr_fllstck',
  'job_intr_backend',
  'job_intr_frntend',
  'job_intr_mobile',
  'job_intr_devops',
  'job_intr_datasci',
  'job_intr_teacher',
  'job_intr_qa_engn',
  'job_intr_ux_engn',
  'job_intr_projm',
  'job_intr_gamedev',
  'job_intr_infosec',
  'job_intr_dataengn',
  'job_intr_other',
  'when_appl_job',
  'expected_earn',
  'job_lctn_pref',
  'job_relocate',
  'reasons_to_code',
  'reasons_to_code_other',
  'rsrc_fcc',
  'rsrc_mdn',
  'rsrc_so',
  'rsrc_edx',
  'rsrc_coursera',
  'rsrc_khan_acdm',
  'rsrc_pluralsght',
  'rsrc_codeacdm',
  'rsrc_udacity',
  'rsrc_udemy',
  'rsrc_code_wars',
  'rsrc_treehouse',
  'rsrc_hackerrank',
  'rsrc_frntendmstr',
  'rsrc_lynda',
  'rsrc_egghead',
  'rsrc_css_tricks',
  'rsrc_other',
  'codeevnt_fcc',
  'codeevnt_hackthn',
  'codeevnt_confs',
  'codeevnt_workshps',
  'codeevnt_startupwknd',
  'codeevnt_nodeschl',
  'codeevnt_womenwc',
  'codeevnt_girldevit',
  'codeevnt_coderdojo',
  'codeevnt_meetup',
  'codeevnt_railsbrdg',
  'codeevnt_gamejam',
  'codeevnt_railsgrls',
  'codeevnt_djangogrls',
  'codeevnt_wkndbtcmp',
  'codeevnt_other',
  'podcast_fcc',
  'podcast_codenewbie',
  'podcast_changelog',
  'podcast_sedaily',
  'podcast_js_jabber',
  'podcast_syntaxfm',
  'podcast_ltcwm',
  'podcast_fullstckrd',
  'podcast_frnthppyhr',
  'podcast_codingblcks',
  'podcast_shoptalk',
  'podcast_devtea',
  'podcast_progthrwdwn',
  'podcast_geekspeak',
  'podcast_hanselmnts',
  'podcast_talkpythonme',
  'podcast_rubyrogues',
  'podcast_codepenrd',
  'podcast_seradio',
  'podcast_other',
  'yt_mit_ocw',
  'yt_fcc',
  'yt_computerphile',
  'yt_devtips',
  'yt_cs_dojo',
  'yt_engn_truth',
  'yt_learncodeacdm',
  'yt_lvluptuts',
  'yt_funfunfunct',
  'yt_codingtuts360',
  'yt_codingtrain',
  'yt_derekbanas',
  'yt_simplilearn',
  'yt_simpleprog',
  'yt_mozillahacks',
  'yt_googledevs',
  'yt_other',
  'hours_learning',
  'months_programming',
  'bootcamp_attend',
  'bootcamp_name',
  'bootcamp_finished',
  'bootcamp_have_loan',
  'bootcamp_recommend',
  'money_for_learning',
  'age',
  'gender',
  'gender_other',
  'country_citizen',
  'country_live',
  'live_city_population',
  'is_ethnic_minority',
  'lang_at_home',
  'school_degree',
  'school_major',
  'marital_status',
  'has_finance_depends',
  'has_children',
  'num_children',
  'do_finance_support',
  'debt_amt',
  'home_mrtg_has',
  'home_mrtg_owe',
  'student_debt_has',
  'student_debt_amt',
  'curr_emplymnt',
  'curr_emplymnt_other',
  'curr_field',
  'last_yr_income',
  'communite_time',
  'is_self_employed',
  'has_served_military',
  'is_recv_disab_bnft',
  'has_high_spd_ntnet',
  'time_start',
  'time_end',
  'network_id',
  'time_total_sec',
] as const;

/**
 * Columns whose pandas type is not float64 (DOUBLE): float64 is what pandas gives every
 * numeric column with blanks (`NA`), i.e. nearly all the 0/1 answers.
 */
const NON_DOUBLE: Readonly<Record<string, ExampleColumnType>> = {
  months_programming: 'BIGINT',
  age: 'BIGINT',
  time_total_sec: 'BIGINT',
  time_start: 'TIMESTAMP',
  ...Object.fromEntries(
    [
      'ID',
      'job_pref',
      'job_intr_other',
      'when_appl_job',
      'job_lctn_pref',
      'reasons_to_code',
      'reasons_to_code_other',
      'rsrc_other',
      'codeevnt_other',
      'podcast_other',
      'yt_other',
      'bootcamp_name',
      'gender',
      'gender_other',
      'country_citizen',
      'country_live',
      'live_city_population',
      'lang_at_home',
      'school_degree',
      'school_major',
      'marital_status',
      'curr_emplymnt',
      'curr_emplymnt_other',
      'curr_field',
      'communite_time',
      'time_end',
      'network_id',
    ].map((name) => [name, 'VARCHAR' as const]),
  ),
};

/** The FCC_2018_Survey YAML's computed columns, verbatim. */
const HIGHEST_DEGREE_EARNED =
  "CASE \n  WHEN school_degree = 'no high school (secondary school)' THEN 'A. No high school (secondary school)'\n" +
  "  WHEN school_degree =  'some high school' THEN 'B. Some high school'\n" +
  "  WHEN school_degree = 'high school diploma or equivalent (GED)' THEN 'C. High school diploma or equivalent (GED)'\n" +
  "  WHEN school_degree = 'associate''s degree' THEN 'D. Associate''s degree'\n" +
  "  WHEN school_degree = 'some college credit, no degree' THEN 'E. Some college credit, no degree'\n" +
  "  WHEN school_degree = 'bachelor''s degree' THEN 'F. Bachelor''s degree'\n" +
  "  WHEN school_degree = 'trade, technical, or vocational training' THEN 'G. Trade, technical, or vocational training'\n" +
  "  WHEN school_degree = 'master''s degree (non-professional)' THEN 'H. Master''s degree (non-professional)'\n" +
  "  WHEN school_degree = 'Ph.D.' THEN 'I. Ph.D.'\n" +
  "  WHEN school_degree = 'professional degree (MBA, MD, JD, etc.)' THEN 'J. Professional degree (MBA, MD, JD, etc.)'\n" +
  'END';
const JOB_LOCATION_PREFERENCE =
  "case \nwhen job_lctn_pref is Null then 'No Answer' \n" +
  "when job_lctn_pref = 'from home' then 'From Home'\n" +
  "when job_lctn_pref = 'no preference' then 'No Preference'\n" +
  "when job_lctn_pref = 'in an office with other developers' then 'In an Office (with Other Developers)'\n" +
  'else job_lctn_pref\nend ';
const ETHNIC_MINORITY =
  "CASE \nWHEN is_ethnic_minority = 0 THEN 'No, not an ethnic minority' \n" +
  "WHEN is_ethnic_minority = 1 THEN 'Yes, an ethnic minority' \nELSE 'No Answer'\nEND";
const WILLING_TO_RELOCATE =
  "CASE \nWHEN job_relocate = 0 THEN 'No: Not Willing to' \n" +
  "WHEN job_relocate = 1 THEN 'Yes: Willing To'\nELSE 'No Answer'\nEND";
const DEVELOPER_TYPE =
  "CASE WHEN is_software_dev = 0 THEN 'Aspiring Developer' WHEN is_software_dev = 1 THEN 'Currently A Developer' END";
const FIRST_TIME_DEVELOPER =
  "CASE \nWHEN is_first_dev_job = 0 THEN 'No' \nWHEN is_first_dev_job = 1 THEN 'Yes' \nELSE 'No Answer'\nEND";
const CALC_FIRST_TIME_DEV =
  "CASE WHEN is_first_dev_job = 0 THEN 'No' WHEN is_first_dev_job = 1 THEN 'Yes' END";

/**
 * `fcc_2018_survey` (Superset's table "FCC 2018 Survey"), from fcc_survey_2018.csv.gz (28,397
 * answers of freeCodeCamp's 2018 New Coder Survey), with the types of Superset's
 * FCC_2018_Survey YAML, which are pandas' (`NA` is NULL): DOUBLE for the numeric answers,
 * BIGINT for the three numeric columns without blanks, VARCHAR for text, and `time_start`
 * (ISO 8601 UTC) as TIMESTAMP. The YAML's computed columns are kept but one: a computed `gender`
 * that would shadow the physical `gender` column.
 */
export const fcc2018Survey: ExampleTable = {
  table_name: 'fcc_2018_survey',
  version: 1,
  source: source(csv('fcc_survey_2018.csv.gz', HEADER)),
  columns: HEADER.map((name) =>
    name === 'time_start'
      ? column(name, 'TIMESTAMP', {
          select: `strptime(s.time_start, '%Y-%m-%dT%H:%M:%SZ')`,
          is_dttm: true,
        })
      : column(name, NON_DOUBLE[name] ?? 'DOUBLE'),
  ),
  rows: 28_397,
  dataset: {
    uuid: 'd95a2865-53ce-1f82-a53d-8e3c89331469',
    description: null,
    main_dttm_col: null,
    computed_columns: [
      computed('highest_degree_earned', HIGHEST_DEGREE_EARNED, 'VARCHAR', {
        type: 'STRING',
        verbose_name: 'Highest Degree Earned',
        description: 'Highest Degree Earned',
      }),
      computed('job_location_preference', JOB_LOCATION_PREFERENCE, 'VARCHAR', {
        verbose_name: 'Job Location Preference',
      }),
      computed('ethnic_minority', ETHNIC_MINORITY, 'VARCHAR', {
        type: 'STRING',
        verbose_name: 'Ethnic Minority',
      }),
      computed('willing_to_relocate', WILLING_TO_RELOCATE, 'VARCHAR', {
        type: 'STRING',
        verbose_name: 'Willing To Relocate',
      }),
      computed('developer_type', DEVELOPER_TYPE, 'VARCHAR', {
        type: 'STRING',
        verbose_name: 'Developer Type',
      }),
      computed('first_time_developer', FIRST_TIME_DEVELOPER, 'VARCHAR', {
        verbose_name: 'First Time Developer',
      }),
      computed('calc_first_time_dev', CALC_FIRST_TIME_DEV, 'VARCHAR', { type: 'STRING' }),
    ],
    metrics: [countMetric(null)],
  },
};
