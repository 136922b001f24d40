import { describe, expect, it } from 'vitest';
import { EXAMPLE_TABLES } from '../../examples/catalogue.js';
import { checkFragment, fragmentProblem } from './fragment.js';

describe('fragmentProblem', () => {
  it('passes every metric and computed column of the example datasets', () => {
    for (const table of EXAMPLE_TABLES) {
      for (const m of table.dataset.metrics)
        expect(
          fragmentProblem(m.expression, 'duckdb'),
          `${table.table_name}.${m.metric_name}`,
        ).toBeNull();
      for (const c of table.dataset.computed_columns)
        expect(
          fragmentProblem(c.expression, 'duckdb'),
          `${table.table_name}.${c.column_name}`,
        ).toBeNull();
    }
  });

  it('reads quotes and comments as each engine does', () => {
    // MySQL: a backslash escapes the quote, so the semicolon is inside the string…
    expect(fragmentProblem("name = 'it\\'s; fine'", 'mysql')).toBeNull();
    // …while elsewhere the string ends at the backslash-quote and the rest is code.
    expect(fragmentProblem("name = 'it\\'s; fine'", 'postgresql')).not.toBeNull();
    expect(fragmentProblem('num # comment', 'mysql')).toMatch(/comments/);
    expect(fragmentProblem('num --1', 'mysql')).not.toBeNull();
    expect(fragmentProblem('$$a;b$$ = name', 'postgresql')).toBeNull();
    expect(fragmentProblem("E'\\'; DROP TABLE x' = name", 'postgresql')).not.toBeNull();
    expect(fragmentProblem('/*! DROP TABLE x */ 1', 'mysql')).not.toBeNull();
    expect(fragmentProblem('[select] + 1', 'sqlite')).toBeNull();
  });

  it('allows FROM only inside EXTRACT, SUBSTRING, TRIM, OVERLAY, POSITION', () => {
    expect(fragmentProblem('EXTRACT(YEAR FROM ds)', 'postgresql')).toBeNull();
    expect(fragmentProblem('SUBSTRING(name FROM 2 FOR 3)', 'postgresql')).toBeNull();
    expect(fragmentProblem('COALESCE(x FROM t)', 'postgresql')).toMatch(/sub-queries/);
    expect(fragmentProblem('x FROM t', 'duckdb')).toMatch(/sub-queries/);
    expect(fragmentProblem('(SHOW TABLES)', 'duckdb')).not.toBeNull();
  });

  it('names what it refuses', () => {
    expect(() => checkFragment('1; DROP TABLE t', 'duckdb', 'The WHERE clause')).toThrow(
      'The WHERE clause cannot contain a statement separator (;): 1; DROP TABLE t',
    );
    expect(() => checkFragment('  ', 'duckdb', 'The WHERE clause')).toThrow(
      'The WHERE clause is empty',
    );
    expect(() => checkFragment('x'.repeat(20_001), 'duckdb', 'It')).toThrow('It is too long');
  });
});
