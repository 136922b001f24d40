import fs from 'node:fs/promises';
import { DuckDBInstance, DuckDBTypeId, type DuckDBType } from '@duckdb/node-api';
import { duckdbJsonConverter } from '../engines/duckdb/values.js';
import { quoteString } from '../engines/duckdb/dialect.js';
import {
  UploadError,
  type ColumnType,
  type RawCell,
  type SourceRow,
  type TabularSource,
} from './types.js';

const PARQUET_MAGIC = Buffer.from('PAR1');

/** The column type a Parquet (DuckDB) type is written as. */
export function parquetColumnType(typeId: DuckDBTypeId): ColumnType {
  switch (typeId) {
    case DuckDBTypeId.BOOLEAN:
      return 'boolean';
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
      return 'integer';
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
    case DuckDBTypeId.DECIMAL:
      return 'float';
    case DuckDBTypeId.DATE:
      return 'date';
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS:
    case DuckDBTypeId.TIMESTAMP_TZ:
      return 'datetime';
    default:
      return 'string';
  }
}

function readError(e: unknown): UploadError {
  const text = e instanceof Error ? e.message : String(e);
  return new UploadError(`The file cannot be read as Parquet: ${text.split('\n')[0]}`);
}

/**
 * A Parquet file as a table, read by a private in-memory DuckDB instance made for this file
 * alone (the engine's own instances may not read files, on purpose), closed by `close`.
 */
export async function openParquet(file: string): Promise<TabularSource> {
  const handle = await fs.open(file, 'r');
  const head = Buffer.alloc(4);
  let size: number;
  try {
    await handle.read(head, 0, 4, 0);
    size = (await handle.stat()).size;
  } finally {
    await handle.close();
  }
  if (size === 0) throw new UploadError('The file is empty');
  if (!head.equals(PARQUET_MAGIC)) throw new UploadError('The file is not a Parquet file');

  const instance = await DuckDBInstance.create(':memory:', {
    autoinstall_known_extensions: 'false',
    threads: '2',
  });
  const from = `read_parquet(${quoteString(file)})`;
  let columns: string[];
  let types: DuckDBType[];
  try {
    const connection = await instance.connect();
    try {
      const result = await connection.run(`SELECT * FROM ${from} LIMIT 0`);
      columns = result.columnNames();
      types = result.columnTypes();
    } finally {
      connection.closeSync();
    }
  } catch (e) {
    instance.closeSync();
    throw readError(e);
  }
  let closed = false;
  return {
    columns,
    declared: types.map((t) => parquetColumnType(t.typeId)),
    async *rows(): AsyncGenerator<SourceRow> {
      const connection = await instance.connect();
      try {
        let result;
        try {
          result = await connection.stream(`SELECT * FROM ${from}`);
        } catch (e) {
          throw readError(e);
        }
        let number = 0;
        for (;;) {
          let chunk;
          try {
            chunk = await result.fetchChunk();
          } catch (e) {
            throw readError(e);
          }
          if (!chunk || chunk.rowCount === 0) break;
          for (const row of chunk.convertRows(duckdbJsonConverter)) {
            number += 1;
            yield { cells: row as RawCell[], where: `row ${number}` };
          }
        }
      } finally {
        connection.closeSync();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      instance.closeSync();
    },
  };
}
