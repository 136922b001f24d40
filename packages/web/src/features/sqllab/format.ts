/** sql-formatter's languages SQL Lab uses. */
export type FormatterLanguage =
  | 'sql'
  | 'postgresql'
  | 'duckdb'
  | 'mysql'
  | 'mariadb'
  | 'sqlite'
  | 'bigquery'
  | 'snowflake'
  | 'redshift'
  | 'trino'
  | 'transactsql'
  | 'plsql'
  | 'db2'
  | 'hive'
  | 'spark';

const BY_BACKEND: Record<string, FormatterLanguage> = {
  postgresql: 'postgresql',
  postgres: 'postgresql',
  duckdb: 'duckdb',
  motherduck: 'duckdb',
  mysql: 'mysql',
  mariadb: 'mariadb',
  sqlite: 'sqlite',
  bigquery: 'bigquery',
  snowflake: 'snowflake',
  redshift: 'redshift',
  trino: 'trino',
  presto: 'trino',
  mssql: 'transactsql',
  oracle: 'plsql',
  db2: 'db2',
  hive: 'hive',
  databricks: 'spark',
  spark: 'spark',
};

/** The formatter language of a database backend (plain SQL when unknown). */
export function formatterLanguage(backend: string | null | undefined): FormatterLanguage {
  if (!backend) return 'sql';
  return BY_BACKEND[backend.toLowerCase()] ?? 'sql';
}

/** The dialect name SqlEditor takes (its highlighting and keywords). */
export function editorDialect(backend: string | null | undefined): string {
  return backend ? backend.toLowerCase() : 'sql';
}

/**
 * Formats SQL with sql-formatter (loaded on first use), keeping Jinja `{{ }}` and `{% %}`
 * blocks as they are.
 */
export async function formatSql(sql: string, backend: string | null | undefined): Promise<string> {
  const { format } = await import('sql-formatter');
  return format(sql, {
    language: formatterLanguage(backend),
    keywordCase: 'upper',
    paramTypes: { custom: [{ regex: String.raw`\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}` }] },
  });
}
