import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { parseScheduledQueries } from '../config/config.js';
import { ctasSchema } from '../sqllab/service.js';
import { sqlLabConf, sqlLabDatabase } from './bootstrap.js';

describe('SQL Lab bootstrap pieces', () => {
  it('takes the row limits and switches from the configuration', () => {
    expect(
      sqlLabConf({
        sqlMaxRow: 5000,
        defaultSqllabLimit: 100,
        featureFlags: { SQLLAB_BACKEND_PERSISTENCE: true, ENABLE_TEMPLATE_PROCESSING: false },
      }),
    ).toMatchObject({
      DEFAULT_SQLLAB_LIMIT: 100,
      SQL_MAX_ROW: 5000,
      DISPLAY_MAX_ROW: 5000,
      SQLLAB_BACKEND_PERSISTENCE: true,
      ENABLE_TEMPLATE_PROCESSING: false,
    });
    expect(
      sqlLabConf({ sqlMaxRow: 1_000_000, defaultSqllabLimit: 1000, featureFlags: {} }),
    ).toMatchObject({ DISPLAY_MAX_ROW: 10_000, SQLLAB_BACKEND_PERSISTENCE: false });
  });

  it('gives the schedule form of STRATA_SCHEDULED_QUERIES, when configured', () => {
    const text = JSON.stringify({
      JSONSCHEMA: { type: 'object', properties: { output_table: { type: 'string' } } },
      UISCHEMA: { output_table: { 'ui:placeholder': 'table' } },
    });
    const scheduledQueries = parseScheduledQueries(text);
    expect(scheduledQueries?.JSONSCHEMA.properties.output_table).toEqual({ type: 'string' });
    const base = { sqlMaxRow: 10, defaultSqllabLimit: 10, featureFlags: {} };
    expect(sqlLabConf({ ...base, scheduledQueries }).SCHEDULED_QUERIES).toEqual(scheduledQueries);
    expect(sqlLabConf({ ...base, scheduledQueries: null })).not.toHaveProperty('SCHEDULED_QUERIES');
    expect(parseScheduledQueries('')).toBeNull();
    expect(() => parseScheduledQueries('{')).toThrow(ConfigError);
    expect(() => parseScheduledQueries('{"JSONSCHEMA": {"properties": 3}}')).toThrow(
      /STRATA_SCHEDULED_QUERIES/,
    );
  });

  it('writes CREATE TABLE AS into the forced schema, else the asked one, else the query one', () => {
    expect(ctasSchema('{"force_ctas_schema": "scratch"}', 'other', 'main')).toBe('scratch');
    expect(ctasSchema('{}', 'other', 'main')).toBe('other');
    expect(ctasSchema(null, null, 'main')).toBe('main');
    expect(ctasSchema(null, '', null)).toBeNull();
  });

  it('describes a database as SQL Lab lists it', () => {
    const row = {
      id: 4,
      database_name: 'warehouse',
      sqlalchemy_uri: 'postgresql+psycopg2://u:XXXXXXXXXX@h/db',
      allow_run_async: 1,
      allow_ctas: 0,
      allow_cvas: false,
      allow_dml: true,
      allow_file_upload: 0,
      expose_in_sqllab: 1,
      extra: '{"disable_data_preview": true, "cost_estimate_enabled": true}',
    };
    expect(sqlLabDatabase(row, null)).toEqual({
      id: 4,
      database_name: 'warehouse',
      backend: 'postgresql',
      allow_run_async: true,
      allow_ctas: false,
      allow_cvas: false,
      allow_dml: true,
      allow_file_upload: false,
      allow_multi_catalog: false,
      allows_cost_estimate: true,
      allows_subquery: true,
      allows_virtual_table_explore: true,
      disable_data_preview: true,
      disable_drill_to_detail: false,
      expose_in_sqllab: true,
      force_ctas_schema: null,
      engine_information: {
        supports_file_upload: false,
        disable_ssh_tunneling: true,
        supports_regex: false,
        supports_latest_partition: false,
      },
    });
    expect(sqlLabDatabase({ ...row, extra: 'broken' }, null).disable_data_preview).toBe(false);
  });
});
