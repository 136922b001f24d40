import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_TABLES, exampleFiles, findExampleTable, isTemporalType } from './catalogue.js';
import type { ExampleTable } from './types.js';

const DATA_DIR = fileURLToPath(new URL('../../examples-data/', import.meta.url));

/** SQL words and functions that may appear in expressions and are not column references. */
const SQL_WORDS = new Set(
  'case when then else end and or not is null in distinct count sum avg min max'.split(' '),
);

/** Column names an expression refers to: quoted identifiers and bare words, literals removed. */
function referencedColumns(expression: string): string[] {
  const withoutStrings = expression.replace(/'(?:[^']|'')*'/g, ' ');
  const quoted = [...withoutStrings.matchAll(/"((?:[^"]|"")+)"/g)].map((m) =>
    (m[1] ?? '').replaceAll('""', '"'),
  );
  const bare = withoutStrings.replace(/"(?:[^"]|"")+"/g, ' ').match(/[A-Za-z_][A-Za-z0-9_]*/g);
  return [...quoted, ...(bare ?? []).filter((w) => !SQL_WORDS.has(w.toLowerCase()))];
}

function physicalNames(table: ExampleTable): Set<string> {
  return new Set(table.columns.map((c) => c.column_name));
}

describe('example catalogue', () => {
  it('reads only files that are in examples-data', () => {
    for (const table of EXAMPLE_TABLES) {
      for (const file of exampleFiles(table)) {
        expect(existsSync(join(DATA_DIR, file)), `${table.table_name}: ${file}`).toBe(true);
      }
    }
    expect(existsSync(join(DATA_DIR, 'NOTICE'))).toBe(true);
    expect(existsSync(join(DATA_DIR, 'README.md'))).toBe(true);
  });

  it('has unique table names, and unique column names in each table (as DuckDB compares them)', () => {
    const names = EXAMPLE_TABLES.map((t) => t.table_name);
    expect(new Set(names).size).toBe(names.length);
    for (const table of EXAMPLE_TABLES) {
      const columns = [
        ...table.columns.map((c) => c.column_name),
        ...table.dataset.computed_columns.map((c) => c.column_name),
      ].map((n) => n.toLowerCase());
      expect(new Set(columns).size, table.table_name).toBe(columns.length);
      const metrics = table.dataset.metrics.map((m) => m.metric_name);
      expect(new Set(metrics).size, table.table_name).toBe(metrics.length);
    }
  });

  it('has a temporal main_dttm_col wherever there is one', () => {
    for (const table of EXAMPLE_TABLES) {
      const main = table.dataset.main_dttm_col;
      if (main === null) continue;
      const column = table.columns.find((c) => c.column_name === main);
      expect(column, `${table.table_name}.${main}`).toBeDefined();
      expect(column?.is_dttm, `${table.table_name}.${main}`).toBe(true);
      expect(isTemporalType(column?.type ?? 'VARCHAR'), `${table.table_name}.${main}`).toBe(true);
    }
  });

  it('marks as temporal only dates, timestamps and columns with a python_date_format', () => {
    for (const table of EXAMPLE_TABLES) {
      for (const column of table.columns) {
        if (isTemporalType(column.type)) {
          expect(column.is_dttm, `${table.table_name}.${column.column_name}`).toBe(true);
        }
        if (column.is_dttm && !isTemporalType(column.type)) {
          expect(
            column.python_date_format,
            `${table.table_name}.${column.column_name}`,
          ).toBeTruthy();
        }
      }
    }
  });

  it('has metrics with non-empty expressions over existing columns, COUNT(*) everywhere', () => {
    for (const table of EXAMPLE_TABLES) {
      expect(table.dataset.metrics.length, table.table_name).toBeGreaterThan(0);
      expect(table.dataset.metrics.some((m) => m.expression === 'COUNT(*)')).toBe(true);
      const names = physicalNames(table);
      for (const metric of table.dataset.metrics) {
        expect(metric.metric_name.trim(), table.table_name).not.toBe('');
        expect(metric.expression.trim(), `${table.table_name}.${metric.metric_name}`).not.toBe('');
        for (const ref of referencedColumns(metric.expression)) {
          expect(names.has(ref), `${table.table_name}.${metric.metric_name}: ${ref}`).toBe(true);
        }
      }
    }
  });

  it('has computed columns whose expressions reference existing columns', () => {
    for (const table of EXAMPLE_TABLES) {
      const names = physicalNames(table);
      for (const computed of table.dataset.computed_columns) {
        const refs = referencedColumns(computed.expression);
        expect(refs.length, `${table.table_name}.${computed.column_name}`).toBeGreaterThan(0);
        for (const ref of refs) {
          expect(names.has(ref), `${table.table_name}.${computed.column_name}: ${ref}`).toBe(true);
        }
      }
    }
  });

  it('reads every column without a select from a field of the main source', () => {
    for (const table of EXAMPLE_TABLES) {
      const from = table.source.from;
      const fields = from.format === 'csv' ? from.header : Object.keys(from.fields);
      for (const column of table.columns.filter((c) => c.select === null)) {
        expect(fields, `${table.table_name}.${column.column_name}`).toContain(column.column_name);
      }
    }
  });

  it('keeps the bundles’ tables as the bundle README describes them', () => {
    const birthNames = findExampleTable('birth_names');
    expect(birthNames?.rows).toBe(75_691);
    expect(birthNames?.dataset.main_dttm_col).toBe('ds');
    expect(birthNames?.dataset.metrics.map((m) => [m.metric_name, m.expression])).toEqual([
      ['count', 'COUNT(*)'],
      ['sum__num', 'SUM(num)'],
    ]);
    expect(birthNames?.dataset.computed_columns[0]?.expression).toBe(
      "CASE WHEN state = 'CA' THEN num ELSE 0 END",
    );
    expect(findExampleTable('cleaned_sales_data')?.rows).toBe(2_823);
    expect(findExampleTable('cleaned_sales_data')?.dataset.main_dttm_col).toBe('order_date');
    const games = findExampleTable('video_game_sales');
    expect(games?.rows).toBe(16_595);
    expect(games?.columns.find((c) => c.column_name === 'year')).toMatchObject({
      type: 'BIGINT',
      is_dttm: true,
      python_date_format: '%Y',
    });
    const covid = findExampleTable('covid_vaccines');
    expect(covid?.rows).toBe(265);
    expect(covid?.columns[0]?.column_name).toBe('developer_researcher');
    expect(covid?.dataset.computed_columns.map((c) => c.column_name)).toEqual(['clinical_stage']);
  });

  it('generates the events table, at least 5,000,000 rows, from range()', () => {
    const events = findExampleTable('events');
    expect(events?.source.from.format).toBe('generated');
    expect(events?.rows).toBeGreaterThanOrEqual(5_000_000);
    expect(events?.dataset.main_dttm_col).toBe('event_time');
    expect(events?.columns.map((c) => [c.column_name, c.type])).toEqual([
      ['event_id', 'BIGINT'],
      ['event_time', 'TIMESTAMP'],
      ['country', 'VARCHAR'],
      ['device', 'VARCHAR'],
      ['channel', 'VARCHAR'],
      ['product', 'VARCHAR'],
      ['product_category', 'VARCHAR'],
      ['user_id', 'BIGINT'],
      ['revenue', 'DOUBLE'],
      ['quantity', 'INTEGER'],
      ['duration_ms', 'INTEGER'],
    ]);
    for (const table of EXAMPLE_TABLES) {
      for (const column of table.columns) {
        expect(column.select ?? '', `${table.table_name}.${column.column_name}`).not.toMatch(
          /random\(/i,
        );
      }
    }
  });
});
