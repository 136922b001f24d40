import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { expect } from 'vitest';
import type { ApiClient } from './client.js';

/**
 * Makes an empty DuckDB database file `name` in `dir` (a server's data dir: relative URIs such
 * as `duckdb:///name` resolve there), unless it exists. Connecting a database tests it first, and
 * the test opens a DuckDB file read-only: a file that does not exist yet is refused.
 */
export async function emptyDuckdbFile(dir: string, name: string): Promise<void> {
  const file = path.join(dir, name);
  if (fs.existsSync(file)) return;
  const instance = await DuckDBInstance.create(file);
  instance.closeSync();
}

let counter = 0;

/** Runs SQL through SQL Lab on a database (a table's setup, an insert); fails the test on error. */
export async function runSql(admin: ApiClient, databaseId: number, sql: string): Promise<void> {
  counter += 1;
  const res = await admin.post<Record<string, unknown>>('/api/v1/sqllab/execute/', {
    client_id: `s${process.pid.toString(36)}${counter.toString(36)}`.slice(0, 11),
    database_id: databaseId,
    sql,
    runAsync: false,
    json: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * A DuckDB database in the server's data dir `dataDir` with one table made by `createSql`, and a dataset
 * on that table: the usual starting point of chart data tests.
 */
export async function duckdbTableDataset(
  dataDir: string,
  admin: ApiClient,
  name: string,
  table: string,
  createSql: string,
): Promise<{ databaseId: number; datasetId: number }> {
  await emptyDuckdbFile(dataDir, `${name}.duckdb`);
  const db = await admin.post<{ id: number }>('/api/v1/database/', {
    database_name: name,
    sqlalchemy_uri: `duckdb:///${name}.duckdb`,
    expose_in_sqllab: true,
    allow_dml: true,
  });
  expect(db.status, JSON.stringify(db.body)).toBe(201);
  await runSql(admin, db.body.id, createSql);
  const ds = await admin.post<{ id: number }>('/api/v1/dataset/', {
    database: db.body.id,
    schema: 'main',
    table_name: table,
  });
  expect(ds.status, JSON.stringify(ds.body)).toBe(201);
  return { databaseId: db.body.id, datasetId: ds.body.id };
}

/**
 * Saves a chart on a table dataset with `params` as Explore saves them (its `viz_type` among
 * them, the datasource named, no time filter); fails the test otherwise. Answers its id.
 */
export async function saveTableChart(
  admin: ApiClient,
  datasetId: number,
  name: string,
  params: Record<string, unknown>,
): Promise<number> {
  const res = await admin.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    viz_type: params.viz_type,
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify({
      ...params,
      datasource: `${datasetId}__table`,
      time_range: 'No filter',
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
