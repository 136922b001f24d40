import { describe, expect, it } from 'vitest';
import { firstKeyword, isBlank, splitStatements } from './sql-text.js';

describe('splitStatements', () => {
  it('splits on semicolons outside strings, names, dollar quotes and comments', () => {
    const sql = `SELECT 'a;b', "c;d", E'e\\';f', $$g;h$$, $x$i;$$;j$x$ -- k;l
/* m; /* n; */ o; */ FROM t; UPDATE t SET a = 1;`;
    const parts = splitStatements(sql);
    expect(parts.map((p) => p.text.trim().split(/\s+/)[0])).toEqual(['SELECT', 'UPDATE']);
    expect(parts[1]!.offset).toBe(sql.indexOf(' UPDATE'));
    expect(sql.slice(parts[1]!.offset, parts[1]!.offset + parts[1]!.text.length)).toBe(
      parts[1]!.text,
    );
  });

  it('drops empty statements and trailing comments', () => {
    expect(splitStatements('SELECT 1; -- done\n;  ')).toEqual([{ text: 'SELECT 1', offset: 0 }]);
    expect(splitStatements(' ; /* nothing */ ')).toEqual([]);
  });

  it('does not take $1 or a$b for dollar quotes', () => {
    expect(splitStatements('SELECT $1; SELECT a$b; SELECT 2')).toHaveLength(3);
  });

  it('keeps a doubled quote inside a string', () => {
    expect(splitStatements("SELECT 'it''s; fine'")).toHaveLength(1);
  });
});

describe('firstKeyword', () => {
  it('skips blanks, comments and parentheses', () => {
    expect(firstKeyword('  -- c\n/* d */ ((select 1))')).toBe('select');
    expect(firstKeyword('WITH x AS (SELECT 1) SELECT * FROM x')).toBe('with');
    expect(firstKeyword('-- only a comment')).toBe('');
  });

  it('tells blank text', () => {
    expect(isBlank(' -- x\n /* y */ ')).toBe(true);
    expect(isBlank('x')).toBe(false);
  });
});
