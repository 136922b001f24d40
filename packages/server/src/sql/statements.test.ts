import { describe, expect, it } from 'vitest';
import { singleStatement, splitStatements, stripComments } from './statements.js';

describe('splitStatements', () => {
  it('splits on semicolons outside strings, identifiers and comments', () => {
    expect(
      splitStatements('SELECT 1; SELECT \';\' AS x; -- a; comment\nSELECT "a;b" FROM t;'),
    ).toEqual(['SELECT 1', "SELECT ';' AS x", '-- a; comment\nSELECT "a;b" FROM t']);
    expect(splitStatements('SELECT 1;;  ;')).toEqual(['SELECT 1']);
    expect(splitStatements('/* x; /* nested; */ y; */ SELECT 2')).toEqual([
      '/* x; /* nested; */ y; */ SELECT 2',
    ]);
    expect(splitStatements('SELECT $$a;b$$, $tag$c;d$tag$; SELECT 3')).toEqual([
      'SELECT $$a;b$$, $tag$c;d$tag$',
      'SELECT 3',
    ]);
    expect(splitStatements("SELECT 'it''s; fine'; SELECT `x;y`")).toEqual([
      "SELECT 'it''s; fine'",
      'SELECT `x;y`',
    ]);
    expect(splitStatements("SELECT 'a\\'; b'", { backslashEscapes: true })).toEqual([
      "SELECT 'a\\'; b'",
    ]);
    expect(splitStatements('-- only a comment;')).toEqual([]);
  });

  it('finds a single statement or refuses several', () => {
    expect(singleStatement('SELECT 1;')).toBe('SELECT 1');
    expect(singleStatement('SELECT 1; DROP TABLE x')).toBeNull();
    expect(singleStatement('  ')).toBeNull();
  });
});

describe('stripComments', () => {
  it('removes comments but not comment-like text in strings', () => {
    expect(stripComments("SELECT '--not a comment' -- real\nFROM t /* block */ WHERE x = 1")).toBe(
      "SELECT '--not a comment' \nFROM t   WHERE x = 1",
    );
    expect(stripComments('SELECT 1 # mysql comment', { hashComments: true })).toBe('SELECT 1');
    expect(stripComments('SELECT a#b FROM t')).toBe('SELECT a#b FROM t');
  });
});
