import { describe, expect, it } from 'vitest';
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
      engine_information: { supports_file_upload: false, disable_ssh_tunneling: true },
    });
    expect(sqlLabDatabase({ ...row, extra: 'broken' }, null).disable_data_preview).toBe(false);
  });
});
