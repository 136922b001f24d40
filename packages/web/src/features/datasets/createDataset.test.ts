import { describe, expect, it } from 'vitest';
import { risonDecode } from '@strata/core';
import {
  columnKeyLabels,
  createDatasetPayload,
  defaultSchema,
  existingDatasetsUrl,
  exposedDatabasesUrl,
  filterTables,
  serverMessages,
  tableMetadataUrl,
  tablesUrl,
} from './createDataset';

function q(url: string): unknown {
  return risonDecode(decodeURIComponent(url.split('?q=')[1] ?? ''));
}

describe('create dataset urls', () => {
  it('lists the exposed databases', () => {
    expect(q(exposedDatabasesUrl())).toEqual({
      filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }],
      order_column: 'database_name',
      order_direction: 'asc',
      page: 0,
      page_size: 100,
    });
  });

  it('asks for the tables of a schema and a table by name', () => {
    expect(tablesUrl(2, 'main')).toBe('/api/v1/database/2/tables/?q=(schema_name%3Amain)');
    expect(q(tablesUrl(2, 'my schema'))).toEqual({ schema_name: 'my schema' });
    expect(tableMetadataUrl(2, 'a/b c', 'public')).toBe(
      '/api/v1/database/2/table/a%2Fb%20c/public/',
    );
    expect(tableMetadataUrl(2, 'x', null)).toBe('/api/v1/database/2/table/x/null/');
  });

  it('finds the datasets of a schema', () => {
    expect(q(existingDatasetsUrl(4, 'main'))).toEqual({
      filters: [
        { col: 'database', opr: 'rel_o_m', value: 4 },
        { col: 'schema', opr: 'eq', value: 'main' },
      ],
      columns: ['id', 'table_name'],
      page: 0,
      page_size: 100,
    });
  });
});

describe('filterTables', () => {
  const tables = [
    { value: 'orders', type: 'table' },
    { value: 'Order_Items', type: 'table' },
    { value: 'customers_v', type: 'view' },
  ];

  it('matches a part of the name in any case', () => {
    expect(filterTables(tables, ' ORDER ').map((t) => t.value)).toEqual(['orders', 'Order_Items']);
    expect(filterTables(tables, '_v')).toEqual([{ value: 'customers_v', type: 'view' }]);
    expect(filterTables(tables, 'zzz')).toEqual([]);
  });

  it('keeps every table for blank text', () => {
    expect(filterTables(tables, '  ')).toBe(tables);
  });
});

describe('helpers', () => {
  it('picks the only schema', () => {
    expect(defaultSchema(['main'])).toBe('main');
    expect(defaultSchema(['a', 'b'])).toBe(null);
    expect(defaultSchema([])).toBe(null);
  });

  it('labels keys', () => {
    expect(
      columnKeyLabels({ name: 'id', keys: [{ type: 'index' }, { type: 'pk' }], is_fk: true }),
    ).toEqual(['PK', 'FK', 'Index']);
    expect(columnKeyLabels({ name: 'x' })).toEqual([]);
  });

  it('builds the create body', () => {
    expect(createDatasetPayload({ databaseId: 1, schema: null, table: 'orders' })).toEqual({
      database: 1,
      schema: null,
      table_name: 'orders',
    });
  });

  it('reads server messages without field names', () => {
    expect(serverMessages({ message: { table_name: ['Dataset orders already exists'] } })).toEqual([
      'Dataset orders already exists',
    ]);
    expect(serverMessages({ message: 'Forbidden' })).toEqual(['Forbidden']);
    expect(serverMessages({ message: { a: ['x', 'x'], b: { c: 'y' } } })).toEqual(['x', 'y']);
    expect(serverMessages({ errors: [{ message: 'Boom' }, { message: 'Boom' }, {}] })).toEqual([
      'Boom',
    ]);
    expect(serverMessages({ message: '' })).toEqual([]);
    expect(serverMessages(null)).toEqual([]);
  });
});
