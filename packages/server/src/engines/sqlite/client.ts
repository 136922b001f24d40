import type {
  DatabaseClient,
  ExecuteOptions,
  ExecuteResult,
  PartitionInfo,
  ScriptOptions,
  TableMetadata,
  TablesPage,
} from '../types.js';
import { executeOn, executeScriptOn } from './execute.js';
import {
  listSchemas,
  listTables,
  planRows,
  resolveSchema,
  tableMetadata,
  type Query,
} from './introspect.js';
import type { RunnerPool } from './pool.js';
import type { Runner } from './runner.js';

/**
 * A client of one SQLite database. Every call, introspection included, runs in a runner
 * process of the pool (better-sqlite3 is synchronous: nothing blocks the server's event loop,
 * and a statement can be stopped by killing its process). `schema` has no effect on execute:
 * SQLite has no default schema, unqualified names are looked up in main, then attached ones.
 */
export class SqliteClient implements DatabaseClient {
  private readonly query: Query;

  constructor(private readonly pool: RunnerPool<Runner>) {
    this.query = (sql, params = []) => this.pool.run((r) => r.all(sql, params));
  }

  async testConnection(): Promise<void> {
    await this.query('SELECT 1');
  }

  getSchemas(): Promise<string[]> {
    return listSchemas(this.query);
  }

  async getTables(
    schema: string | null,
    options: { search?: string; page?: number; pageSize?: number } = {},
  ): Promise<TablesPage> {
    return listTables(this.query, await resolveSchema(this.query, schema), options);
  }

  async getTableMetadata(schema: string | null, table: string): Promise<TableMetadata> {
    return tableMetadata(this.query, await resolveSchema(this.query, schema), table);
  }

  async getPartitions(): Promise<PartitionInfo> {
    return { cols: [], latest: null, partitionQuery: null };
  }

  execute(sql: string, options: ExecuteOptions = {}): Promise<ExecuteResult> {
    return this.pool.run((r) => executeOn(r, sql, options), options.signal);
  }

  /**
   * The script runs in one runner process, on its connection; aborting kills the runner. What
   * the script leaves in the session (temporary objects, attachments) is dropped after it.
   */
  executeScript(statements: string[], options: ScriptOptions = {}): Promise<ExecuteResult> {
    return this.pool.run((r) => executeScriptOn(r, statements, options), options.signal);
  }

  async estimateCost(sql: string): Promise<Array<Record<string, unknown>>> {
    // EXPLAIN runs nothing, and the runner refuses text holding more than one statement.
    return planRows(await this.query(`EXPLAIN QUERY PLAN ${sql}`));
  }

  async functionNames(): Promise<string[]> {
    const rows = await this.query('SELECT DISTINCT name FROM pragma_function_list ORDER BY name');
    return rows.map((r) => String(r.name));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
