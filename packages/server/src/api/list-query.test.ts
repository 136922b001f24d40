import {
  Kysely,
  SqliteAdapter,
  DummyDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type Expression,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { escapeLike, filterCondition } from './list-query.js';
import { projectColumns } from './projection.js';
import type { DynamicSchema, ResourceColumn } from './resource-types.js';

const db = new Kysely<DynamicSchema>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

function compile(name: string, column: ResourceColumn, opr: string, value: unknown) {
  const cond = filterCondition(name, column, opr, value);
  const q = db
    .selectFrom('t as t')
    .select(sql`1`.as('x'))
    .where(() => cond as Expression<boolean>)
    .compile();
  return {
    sql: q.sql.replace(/^select 1 as "x" from "t" as "t" where /, ''),
    params: q.parameters,
  };
}

describe('filterCondition', () => {
  const title: ResourceColumn = { type: 'string' };
  const id: ResourceColumn = { type: 'number' };

  it('binds values and escapes LIKE wildcards', () => {
    expect(compile('title', title, 'ct', '50%_off')).toEqual({
      sql: `lower("t"."title") like lower(?) escape '\\'`,
      params: ['%50\\%\\_off%'],
    });
    expect(compile('title', title, 'sw', 'a')).toMatchObject({ params: ['a%'] });
    expect(compile('title', title, 'ew', 'a')).toMatchObject({ params: ['%a'] });
    expect(compile('title', title, 'eq', "x' or 1=1 --")).toEqual({
      sql: '"t"."title" = ?',
      params: ["x' or 1=1 --"],
    });
    expect(compile('id', id, 'in', [1, 2])).toEqual({ sql: '"t"."id" in (?, ?)', params: [1, 2] });
    expect(compile('title', title, 'eq', null)).toEqual({ sql: '"t"."title" is null', params: [] });
  });

  it('refuses operators a column does not allow and values of the wrong type', () => {
    expect(() => compile('title', title, 'gt', 'a')).toThrow(ApiError);
    expect(() => compile('id', id, 'ct', 'a')).toThrow(/not allowed/);
    expect(() => compile('id', id, 'eq', 'abc')).toThrow(/number/);
    expect(() => compile('flag', { type: 'boolean' }, 'eq', 'maybe')).toThrow(/true or false/);
  });

  it('compares foreign keys and looks in link tables for relations', () => {
    const owners: ResourceColumn = {
      type: 'number',
      relation: {
        kind: 'many',
        linkTable: 'dashboard_user',
        linkOwnerColumn: 'dashboard_id',
        linkTargetColumn: 'user_id',
      },
    };
    expect(compile('owners', owners, 'rel_m_m', 3).sql).toBe(
      'exists (select 1 from "dashboard_user" as l where l."dashboard_id" = t.id and l."user_id" in (?))',
    );
    const db1: ResourceColumn = {
      type: 'number',
      relation: { kind: 'one', fkColumn: 'database_id' },
    };
    expect(compile('database', db1, 'rel_o_m', 4)).toEqual({
      sql: '"t"."database_id" = ?',
      params: [4],
    });
    expect(() => compile('database', db1, 'rel_o_m', 'x')).toThrow(/id/);
  });

  it('escapes backslashes too', () => {
    expect(escapeLike('a\\b%')).toBe('a\\\\b\\%');
  });
});

describe('projectColumns', () => {
  it('keeps plain and dotted columns, through lists', () => {
    const item = {
      id: 1,
      title: 't',
      secret: 's',
      owners: [{ id: 2, first_name: 'A', email: 'x' }],
      changed_by: { id: 3, first_name: 'B' },
    };
    expect(projectColumns(item, ['title', 'owners.id', 'changed_by.first_name'])).toEqual({
      title: 't',
      owners: [{ id: 2 }],
      changed_by: { first_name: 'B' },
    });
    expect(projectColumns(item, ['nope'])).toEqual({});
  });
});
