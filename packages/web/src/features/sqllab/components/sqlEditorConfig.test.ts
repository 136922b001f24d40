import { describe, expect, it } from 'vitest';
import { CompletionContext } from '@codemirror/autocomplete';
import type { Completion, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { MySQL, PostgreSQL, SQLite, StandardSQL } from '@codemirror/lang-sql';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState, Text } from '@codemirror/state';
import {
  DUCKDB_KEYWORDS,
  buildNamespace,
  columnOptions,
  completionExtension,
  dialectKey,
  duckdbDialect,
  markerRange,
  markersToDiagnostics,
  quoteIdentifier,
  sqlDialect,
  sqlLanguage,
} from './sqlEditorConfig';
import type { SqlCompletions } from './sqlEditorConfig';
import { isMacPlatform, keyboardShortcuts } from './shortcuts';

const COMPLETIONS: SqlCompletions = {
  schemas: ['main', 'sales'],
  tables: [
    { schema: 'main', name: 'orders' },
    { schema: 'main', name: 'customers' },
    { schema: 'sales', name: 'Targets' },
  ],
  columns: {
    orders: [
      { name: 'order_id', type: 'INTEGER' },
      { name: 'customer_id', type: 'INTEGER' },
      { name: 'ordered at', type: 'TIMESTAMP' },
    ],
    customers: [
      { name: 'customer_id', type: 'INTEGER' },
      { name: 'name', type: 'VARCHAR' },
    ],
  },
  functions: ['count', 'strftime', 'count'],
  keywords: ['QUALIFY'],
};

/**
 * The completions all sources of the editor offer at `|` in `text` (else at its end), asked
 * for explicitly.
 */
function complete(text: string, dialectName = 'duckdb', explicit = true): Completion[] {
  const at = text.includes('|') ? text.indexOf('|') : text.length;
  const doc = text.replace('|', '');
  const dialect = sqlDialect(dialectName);
  const state = EditorState.create({
    doc,
    extensions: [sqlLanguage(dialect), completionExtension(dialect, COMPLETIONS, 'main')],
  });
  ensureSyntaxTree(state, state.doc.length, 5000);
  const sources = state.languageDataAt<CompletionSource>('autocomplete', at);
  const out: Completion[] = [];
  for (const source of sources) {
    const result = source(new CompletionContext(state, at, explicit)) as CompletionResult | null;
    if (result && !(result instanceof Promise)) out.push(...result.options);
  }
  return out;
}

const labels = (options: Completion[]) => options.map((o) => o.label);

describe('dialects', () => {
  it('maps backend names onto lang-sql dialects', () => {
    expect(dialectKey('duckdb')).toBe('duckdb');
    expect(dialectKey('postgresql')).toBe('postgresql');
    expect(dialectKey('postgres')).toBe('postgresql');
    expect(dialectKey('MySQL')).toBe('mysql');
    expect(dialectKey('mariadb')).toBe('mysql');
    expect(dialectKey('sqlite')).toBe('sqlite');
    expect(dialectKey('oracle')).toBe('standard');
    expect(dialectKey(undefined)).toBe('standard');
    expect(sqlDialect('postgresql')).toBe(PostgreSQL);
    expect(sqlDialect('mysql')).toBe(MySQL);
    expect(sqlDialect('sqlite')).toBe(SQLite);
    expect(sqlDialect('hive')).toBe(StandardSQL);
  });

  it('defines DuckDB once, as PostgreSQL plus its own words', () => {
    const d = duckdbDialect();
    expect(sqlDialect('duckdb')).toBe(d);
    expect(d.spec.keywords).toContain('qualify');
    expect(d.spec.keywords).toContain(PostgreSQL.spec.keywords);
    expect(d.spec.doubleDollarQuotedStrings).toBe(true);
    expect(DUCKDB_KEYWORDS).toContain('summarize');
  });

  it('quotes identifiers only when they need it, with the dialect quote', () => {
    expect(quoteIdentifier('orders', PostgreSQL)).toBe('orders');
    expect(quoteIdentifier('Targets', PostgreSQL)).toBe('"Targets"');
    expect(quoteIdentifier('ordered at', PostgreSQL)).toBe('"ordered at"');
    expect(quoteIdentifier('a"b', PostgreSQL)).toBe('"a""b"');
    expect(quoteIdentifier('ordered at', MySQL)).toBe('`ordered at`');
  });
});

describe('completion data', () => {
  it('builds a namespace of schemas, their tables and columns, and tables at the top', () => {
    const ns = buildNamespace(COMPLETIONS, PostgreSQL, 'main') as Record<string, unknown>;
    expect(Object.keys(ns).sort()).toEqual(['Targets', 'customers', 'main', 'orders', 'sales']);
    const targets = ns.Targets as { self: Completion };
    // Another schema's table completes schema-qualified.
    expect(targets.self.apply).toBe('sales."Targets"');
    const orders = ns.orders as { self: Completion; children: Completion[] };
    expect(orders.self.apply).toBeUndefined();
    expect(orders.children.map((c) => [c.label, c.detail])).toEqual([
      ['order_id', 'INTEGER'],
      ['customer_id', 'INTEGER'],
      ['ordered at', 'TIMESTAMP'],
    ]);
  });

  it('offers each column name once, with its type and tables', () => {
    const options = columnOptions(COMPLETIONS, PostgreSQL);
    expect(labels(options)).toEqual(['order_id', 'customer_id', 'ordered at', 'name']);
    const customerId = options.find((o) => o.label === 'customer_id');
    expect(customerId?.detail).toBe('INTEGER');
    expect(customerId?.info).toBe('Column of orders, customers');
  });
});

describe('completion in the editor', () => {
  it('completes keywords, tables, schemas, columns and functions at a bare word', () => {
    const options = labels(complete('SELECT '));
    expect(options).toContain('SELECT');
    expect(options).toContain('order_id');
    expect(options).toContain('strftime');
    expect(options.filter((o) => o === 'count')).toHaveLength(1);
    expect(options).toContain('QUALIFY');
  });

  it('completes tables of a schema after "schema.", and no keywords there', () => {
    expect(labels(complete('SELECT * FROM main.'))).toEqual(['orders', 'customers']);
    expect(labels(complete('SELECT * FROM main.or', 'mysql'))).toEqual(['orders', 'customers']);
    expect(labels(complete('SELECT * FROM ord', 'mysql'))).toContain('ORDER');
  });

  it('completes columns after "table." and after an alias', () => {
    expect(labels(complete('SELECT orders.'))).toEqual(['order_id', 'customer_id', 'ordered at']);
    expect(labels(complete('SELECT c.| FROM customers c'))).toEqual(['customer_id', 'name']);
    expect(labels(complete('SELECT x.| FROM customers c'))).toEqual([]);
  });

  it('offers tables, not columns, right after FROM', () => {
    const options = labels(complete('SELECT * FROM '));
    expect(options).toContain('orders');
    expect(options).toContain('main');
    expect(options).not.toContain('order_id');
    expect(options).not.toContain('strftime');
  });

  it('offers nothing of its own inside strings', () => {
    const options = labels(complete("SELECT 'ord"));
    expect(options).not.toContain('order_id');
  });

  it('carries the column type as detail', () => {
    const option = complete('SELECT orders.').find((o) => o.label === 'ordered at');
    expect(option?.detail).toBe('TIMESTAMP');
    expect(option?.apply).toBe('"ordered at"');
  });
});

describe('markers', () => {
  const doc = Text.of(['SELECT foo', 'FROM bar', '', 'WHERE x = 1']);

  it('marks the whole line without a column', () => {
    expect(markerRange(doc, { line: 2, message: 'x' })).toEqual({ from: 11, to: 19 });
  });

  it('marks the word at a column, or the given columns', () => {
    // "foo" starts at column 8 of line 1.
    expect(markerRange(doc, { line: 1, column: 8, message: 'x' })).toEqual({ from: 7, to: 10 });
    expect(markerRange(doc, { line: 1, column: 1, endColumn: 7, message: 'x' })).toEqual({
      from: 0,
      to: 6,
    });
    // A column on punctuation marks one character.
    expect(markerRange(doc, { line: 4, column: 9, message: 'x' })).toEqual({ from: 29, to: 30 });
  });

  it('clamps lines and columns past the end', () => {
    expect(markerRange(doc, { line: 9, message: 'x' })).toEqual({ from: 21, to: 32 });
    expect(markerRange(doc, { line: 1, column: 99, message: 'x' })).toEqual({ from: 10, to: 10 });
    expect(markerRange(doc, { line: 0, message: 'x' })).toBeNull();
  });

  it('turns markers into sorted diagnostics', () => {
    const diagnostics = markersToDiagnostics(doc, [
      { line: 2, message: 'second', severity: 'warning' },
      { line: 1, column: 8, message: 'first' },
      { line: -1, message: 'nowhere' },
    ]);
    expect(diagnostics.map((d) => [d.from, d.severity, d.message])).toEqual([
      [7, 'error', 'first'],
      [11, 'warning', 'second'],
    ]);
  });
});

describe('keyboard shortcuts', () => {
  it('lists the shortcuts with the platform modifier', () => {
    expect(keyboardShortcuts(false)[0]).toEqual({
      keys: 'Ctrl + Enter',
      description: 'Run the query (the selection, when text is selected)',
    });
    expect(keyboardShortcuts(true)[0]?.keys).toBe('⌘ + Enter');
    expect(keyboardShortcuts(true).map((s) => s.keys)).toContain('Ctrl + E');
  });

  it('knows Apple platforms', () => {
    expect(isMacPlatform({ platform: 'MacIntel' })).toBe(true);
    expect(isMacPlatform({ platform: 'Win32' })).toBe(false);
    expect(isMacPlatform(undefined)).toBe(false);
  });
});
