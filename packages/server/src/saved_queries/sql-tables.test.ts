import { describe, expect, it } from 'vitest';
import { dialectOfBackend, sqlTables } from './sql-tables.js';

describe('sqlTables', () => {
  it('lists the tables of a query with their schemas, once each', () => {
    expect(
      sqlTables(
        'SELECT * FROM orders o JOIN public.customers c ON c.id = o.customer_id JOIN orders x ON 1=1',
        'postgresql',
      ),
    ).toEqual([
      { table: 'orders', schema: null, catalog: null },
      { table: 'customers', schema: 'public', catalog: null },
    ]);
  });

  it('leaves out common table expressions but keeps what they read', () => {
    expect(
      sqlTables('WITH recent AS (SELECT * FROM events) SELECT * FROM recent, users', 'postgresql'),
    ).toEqual([
      { table: 'events', schema: null, catalog: null },
      { table: 'users', schema: null, catalog: null },
    ]);
  });

  it('reads each backend in its dialect', () => {
    expect(sqlTables('SELECT * FROM `test`.`orders`', 'mysql')).toEqual([
      { table: 'orders', schema: 'test', catalog: null },
    ]);
    expect(sqlTables('SELECT * FROM main.orders', 'sqlite')).toEqual([
      { table: 'orders', schema: 'main', catalog: null },
    ]);
    expect(sqlTables('SELECT * FROM "My Table"', 'duckdb')).toEqual([
      { table: 'My Table', schema: null, catalog: null },
    ]);
    expect(dialectOfBackend('duckdb')).toBe('postgresql');
    expect(dialectOfBackend('mariadb')).toBe('mysql');
  });

  it('answers an empty list for text that does not parse, or none', () => {
    expect(sqlTables('SELEC oops FROM (', 'postgresql')).toEqual([]);
    expect(sqlTables('', 'postgresql')).toEqual([]);
    expect(sqlTables('SELECT 1', 'postgresql')).toEqual([]);
    expect(sqlTables(`SELECT ${'1 + '.repeat(40_000)}1`, 'postgresql')).toEqual([]);
  });
});
