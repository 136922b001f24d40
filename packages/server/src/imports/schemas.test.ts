import { describe, expect, it } from 'vitest';
import {
  addFieldError,
  chartSchema,
  checkConfig,
  dashboardSchema,
  databaseSchema,
  datasetSchema,
  jsonTextOf,
  metadataSchema,
  parseYaml,
  savedQuerySchema,
  type FieldErrors,
} from './schemas.js';

const UUID = 'bd20fc69-dd51-46c1-99b5-09e37a434bf1';

describe('bundle file schemas', () => {
  it('accepts a chart of Superset’s export and tolerates keys it does not know', () => {
    const checked = checkConfig(chartSchema, {
      slice_name: 'Deals',
      viz_type: 'heatmap_v2',
      params: { metric: 'count' },
      query_context: null,
      cache_timeout: null,
      uuid: UUID,
      version: '1.0.0',
      dataset_uuid: UUID,
      certified_by: null,
      something_new: [1, 2],
    });
    expect(checked.ok).toBe(true);
  });

  it('reads a saved query as ImportV1SavedQuerySchema does: sql and uuids required', () => {
    expect(
      checkConfig(savedQuerySchema, {
        schema: null,
        label: null,
        description: null,
        sql: 'SELECT 1',
        uuid: UUID,
        version: '1.0.0',
        database_uuid: UUID,
      }).ok,
    ).toBe(true);
    expect(
      checkConfig(savedQuerySchema, {
        schema: 's'.repeat(129),
        label: 7,
        uuid: UUID,
        version: '1.0.0',
        database_uuid: 'x',
      }),
    ).toEqual({
      ok: false,
      errors: {
        schema: ['Longer than maximum length 128.'],
        label: ['Not a valid string.'],
        sql: ['Missing data for required field.'],
        database_uuid: ['Not a valid UUID.'],
      },
    });
  });

  it('answers marshmallow’s messages per field', () => {
    const checked = checkConfig(chartSchema, {
      viz_type: 'bad type!',
      uuid: 'nope',
      version: '1.0.0',
      dataset_uuid: null,
      cache_timeout: 1.5,
      params: [],
      query_context: '{not json',
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        slice_name: ['Missing data for required field.'],
        viz_type: ['Unknown chart type'],
        uuid: ['Not a valid UUID.'],
        dataset_uuid: ['Field may not be null.'],
        cache_timeout: ['Not a valid integer.'],
        params: ['Not a valid mapping type.'],
        query_context: ['JSON not valid'],
      },
    });
  });

  it('nests the problems of list items by index', () => {
    const checked = checkConfig(datasetSchema, {
      table_name: 'sales',
      uuid: UUID,
      database_uuid: UUID,
      version: '1.0.0',
      columns: [{ column_name: 'a' }, { type: 'INT' }],
      metrics: [{ metric_name: 'm', expression: 'SUM(x)', extra: '{"warning_markdown": ""}' }],
      extra: 'not json',
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        columns: { '1': { column_name: ['Missing data for required field.'] } },
        extra: ['Not a valid mapping type.'],
      },
    });
  });

  it('checks databases, dashboards and the metadata file', () => {
    expect(
      checkConfig(databaseSchema, {
        database_name: 'examples',
        sqlalchemy_uri: '__SQLALCHEMY_EXAMPLES_URI__',
        extra: { allows_virtual_table_explore: true },
        uuid: 'A2DC77AFE65449BBB32140F6B559A1EE',
        version: '1.0.0',
      }).ok,
    ).toBe(true);
    expect(
      checkConfig(dashboardSchema, {
        dashboard_title: 'x',
        slug: 'has space',
        uuid: UUID,
        version: '1.0.0',
        position: 'nope',
      }),
    ).toEqual({
      ok: false,
      errors: {
        slug: ['Slug may hold letters, digits, - and _ only'],
        position: ['Not a valid mapping type.'],
      },
    });
    expect(checkConfig(metadataSchema, { version: '2.0.0', type: 'Dashboard' })).toEqual({
      ok: false,
      errors: { version: ['Must be equal to 1.0.0.'] },
    });
    expect(checkConfig(metadataSchema, ['a'])).toEqual({
      ok: false,
      errors: { _schema: ['Invalid input type.'] },
    });
  });
});

describe('YAML and JSON helpers', () => {
  it('reads YAML as PyYAML does, timestamps as text', () => {
    expect(parseYaml('version: 1.0.0\ntimestamp: 2024-01-01T00:00:00+00:00\nok: yes\n')).toEqual({
      ok: true,
      value: { version: '1.0.0', timestamp: '2024-01-01T00:00:00.000Z', ok: true },
    });
    expect(parseYaml('a: [unclosed\n')).toEqual({ ok: false });
    expect(parseYaml('a: &x [1]\nb: *x\n')).toEqual({ ok: true, value: { a: [1], b: [1] } });
  });

  it('merges field problems', () => {
    const errors: FieldErrors = { a: ['one'] };
    addFieldError(errors, ['a'], 'two');
    addFieldError(errors, ['a'], 'two');
    addFieldError(errors, ['b', 0, 'c'], 'three');
    addFieldError(errors, [], 'whole');
    expect(errors).toEqual({
      a: ['one', 'two'],
      b: { '0': { c: ['three'] } },
      _schema: ['whole'],
    });
  });

  it('writes mapping fields as JSON text', () => {
    expect(jsonTextOf({ a: 1 })).toBe('{"a":1}');
    expect(jsonTextOf('')).toBeNull();
    expect(jsonTextOf(undefined)).toBeNull();
  });
});

describe('parseYaml reads booleans as PyYAML does', () => {
  it('keeps y and n as text (a bubble chart has keys x, y and size) and reads yes/off', () => {
    expect(parseYaml('y: 1\nn: 2\na: yes\nb: off\nc: Y\nd: true\n')).toEqual({
      ok: true,
      value: { y: 1, n: 2, a: true, b: false, c: 'Y', d: true },
    });
  });
});
