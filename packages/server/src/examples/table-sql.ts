import { join } from 'node:path';
import { ident, literal, stringList } from './sql-text.js';
import type { ExampleColumn, ExampleFile, ExampleTable, GeneratedRows } from './types.js';
import { PANDAS_NA_STRINGS } from '../shared/pandas.js';

/** A temporary copy of one source file, read with explicit types. */
export interface StagingStep {
  /** Name of the temporary table. */
  readonly name: string;
  readonly file: ExampleFile;
  /** `CREATE TEMP TABLE … AS SELECT * FROM read_…(…)`. */
  readonly sql: string;
}

/** The statements that (re)build one example table, to be run in one transaction. */
export interface TableLoadSql {
  readonly drop: string;
  readonly create: string;
  readonly staging: readonly StagingStep[];
  readonly insert: string;
}

export function qualifiedName(table: ExampleTable): string {
  return `main.${ident(table.table_name)}`;
}

/** `read_csv(…)` / `read_json(…)` of a file, nothing left to type detection. */
export function readFileSql(file: ExampleFile, dataDir: string): string {
  const path = literal(join(dataDir, file.file));
  if (file.format === 'csv') {
    // Every field as text: the columns' `select` does every conversion explicitly.
    return (
      `read_csv(${path}, header = true, delim = ',', quote = '"', escape = '"', ` +
      `all_varchar = true, nullstr = ${stringList(PANDAS_NA_STRINGS)})`
    );
  }
  const fields = Object.entries(file.fields)
    .map(([name, type]) => `${literal(name)}: ${literal(type)}`)
    .join(', ');
  return `read_json(${path}, format = 'array', columns = {${fields}})`;
}

/** The value a column takes: its `select`, or the source field of the same name cast to its type. */
export function columnSelect(column: ExampleColumn): string {
  return column.select ?? `CAST(s.${ident(column.column_name)} AS ${column.type})`;
}

/** `SELECT range AS rowid, <field> AS <name>… FROM range(rows)`. */
export function generatedRowsSql(rows: GeneratedRows): string {
  const fields = Object.entries(rows.fields).map(([name, sql]) => `${sql} AS ${ident(name)}`);
  return `SELECT ${['range AS rowid', ...fields].join(', ')} FROM range(${rows.rows})`;
}

export function tableLoadSql(table: ExampleTable, dataDir: string): TableLoadSql {
  const name = qualifiedName(table);
  const columnList = table.columns.map((c) => ident(c.column_name)).join(', ');
  const create = `CREATE TABLE ${name} (${table.columns
    .map((c) => `${ident(c.column_name)} ${c.type}`)
    .join(', ')})`;

  // One temporary table per distinct file: its rowid is the row's position in the file.
  const staging: StagingStep[] = [];
  const stagedAs = (file: ExampleFile): string => {
    const existing = staging.find((step) => step.file.file === file.file);
    if (existing) return existing.name;
    const stageName = `_strata_stage_${staging.length}`;
    staging.push({
      name: stageName,
      file,
      sql: `CREATE OR REPLACE TEMP TABLE ${stageName} AS SELECT * FROM ${readFileSql(file, dataDir)}`,
    });
    return stageName;
  };

  const { from, joins } = table.source;
  const fromSql =
    from.format === 'generated' ? `(${generatedRowsSql(from)}) AS s` : `${stagedAs(from)} AS s`;
  const joinSql = joins.map((j) => `LEFT JOIN ${stagedAs(j.file)} AS ${ident(j.alias)} ON ${j.on}`);
  const orderBy = from.format === 'generated' ? [] : ['ORDER BY s.rowid'];
  const insert = [
    `INSERT INTO ${name} (${columnList})`,
    `SELECT ${table.columns.map(columnSelect).join(',\n  ')}`,
    `FROM ${fromSql}`,
    ...joinSql,
    ...orderBy,
  ].join('\n');

  return { drop: `DROP TABLE IF EXISTS ${name}`, create, staging, insert };
}
