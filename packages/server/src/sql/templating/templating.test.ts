import { describe, expect, it } from 'vitest';
import { literal as duckLiteral, quoteIdentifier } from '../../engines/duckdb/dialect.js';
import { mysqlLiteral, quoteMysqlIdentifier } from '../../engines/mysql/dialect.js';
import { pgLiteral } from '../../engines/postgresql/dialect.js';
import {
  renderSqlTemplate,
  renderSqlTemplateWithInfo,
  TemplateError,
  templateParamsFromJson,
  type TemplateContext,
} from './index.js';

const base: TemplateContext = { quote: duckLiteral, quoteIdentifier };

const ctx = (extra: Partial<TemplateContext> = {}): TemplateContext => ({ ...base, ...extra });

const user = {
  id: 42,
  username: 'ann',
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: "O'Neil",
};

describe('renderSqlTemplate basics', () => {
  it('returns text without tags unchanged, trailing newline included', () => {
    const sql = "SELECT '{' AS a, '}}' AS b, '%}' AS c -- { x }\n";
    expect(renderSqlTemplate(sql, base)).toBe(sql);
  });

  it('puts template parameters at the top level', () => {
    const sql =
      "SELECT * FROM {{ table }} WHERE year = {{ year }} AND kind = '{{ kinds[1] }}'" +
      ' LIMIT {{ opts.limit }}';
    expect(
      renderSqlTemplate(
        sql,
        ctx({
          templateParams: { table: 'sales', year: 2024, kinds: ['a', 'b'], opts: { limit: 10 } },
        }),
      ),
    ).toBe("SELECT * FROM sales WHERE year = 2024 AND kind = 'b' LIMIT 10");
  });

  it('runs Jinja statements: if/else, for with loop, set, macros, filters, comments', () => {
    const sql = [
      '{# a comment #}SELECT',
      '{% set cols = ["a", "b", "c"] %}',
      '{%- for c in cols %}  {{ c | upper }}{{ "," if not loop.last }}',
      '{% endfor -%}',
      'FROM t',
      '{% if limit is defined %}LIMIT {{ limit }}{% else %}LIMIT 5{% endif %}',
      '{% macro eq(col, val) %}{{ col }} = {{ val }}{% endmacro -%}',
      'WHERE {{ eq("x", 1) }}',
    ].join('\n');
    expect(renderSqlTemplate(sql, base)).toBe(
      'SELECT\n  A,\n  B,\n  C\nFROM t\nLIMIT 5\nWHERE x = 1',
    );
    expect(
      renderSqlTemplate(
        '{% if limit %}LIMIT {{ limit }}{% endif %}',
        ctx({ templateParams: { limit: 3 } }),
      ),
    ).toBe('LIMIT 3');
  });

  it('keeps whitespace as Jinja does by default (no trim_blocks), strips one final newline', () => {
    expect(renderSqlTemplate('{% if true %}\nSELECT 1\n{% endif %}\n', base)).toBe('\nSELECT 1\n');
    expect(renderSqlTemplate('SELECT {{ 1 }}\n\n', base)).toBe('SELECT 1\n');
  });

  it('prints values as Jinja in Superset (Python) does', () => {
    expect(
      renderSqlTemplate('{{ none }}|{{ true }}|{{ False }}|{{ 1.5 }}|{{ 2.0 }}|{{ -3 }}', base),
    ).toBe('None|True|False|1.5|2.0|-3');
    expect(
      renderSqlTemplate(`{{ ['a', 1, none, "it's"] }}|{{ {'k': [true]} }}|{{ ('x', 2) }}`, base),
    ).toBe(`['a', 1, None, "it's"]|{'k': [True]}|('x', 2)`);
    expect(renderSqlTemplate('[{{ undefined_name }}]', base)).toBe('[]');
  });

  it("supports Python's str.join on a literal separator and the join filter", () => {
    const filters = [{ col: 'country', op: 'IN', val: ['FR', 'DE'] }];
    expect(
      renderSqlTemplate(
        `WHERE country IN ({{ "'" + "','".join(filter_values('country')) + "'" }})`,
        ctx({ filters }),
      ),
    ).toBe("WHERE country IN ('FR','DE')");
    expect(renderSqlTemplate(`{{ filter_values('country') | join(', ') }}`, ctx({ filters }))).toBe(
      'FR, DE',
    );
    expect(renderSqlTemplate(`{{ "-".join([1, 'a', none]) }}`, base)).toBe('1-a-None');
  });

  it('exposes from_dttm and to_dttm only when given', () => {
    const sql =
      "{% if from_dttm is defined %}ts >= '{{ from_dttm }}' AND ts < '{{ to_dttm }}'{% else %}1 = 1{% endif %}";
    expect(renderSqlTemplate(sql, base)).toBe('1 = 1');
    expect(
      renderSqlTemplate(
        sql,
        ctx({ fromDttm: '2024-01-01 00:00:00', toDttm: '2024-02-01 00:00:00' }),
      ),
    ).toBe("ts >= '2024-01-01 00:00:00' AND ts < '2024-02-01 00:00:00'");
  });

  it('lets macros and built-ins win over template parameters of the same name', () => {
    const templateParams = { url_param: 'x', none: 1, range: 2, namespace: 3, mine: 'ok' };
    expect(
      renderSqlTemplate(
        "{{ url_param('a', 'd') }} {{ none }} {{ range(2) }} {{ namespace(a=1).a }} {{ mine }}",
        ctx({ templateParams }),
      ),
    ).toBe('d None [0, 1] 1 ok');
  });

  it('does not share state between renders', () => {
    const sql = '{% set ns = namespace(n=0) %}{% set ns.n = ns.n + 1 %}{{ ns.n }}';
    expect(renderSqlTemplate(sql, base)).toBe('1');
    expect(renderSqlTemplate(sql, base)).toBe('1');
  });
});

describe('url_param', () => {
  const urlParams = { country: 'France', quote: "O'Brien", empty: '', slash: "a\\' OR 1=1 --" };

  it('reads the query string, or the default, or None', () => {
    expect(
      renderSqlTemplate("WHERE country = '{{ url_param('country') }}'", ctx({ urlParams })),
    ).toBe("WHERE country = 'France'");
    expect(renderSqlTemplate("'{{ url_param('missing', 'Spain') }}'", ctx({ urlParams }))).toBe(
      "'Spain'",
    );
    expect(renderSqlTemplate("'{{ url_param('missing') }}'", ctx({ urlParams }))).toBe("'None'");
    expect(renderSqlTemplate("'{{ url_param('empty', 'x') }}'", ctx({ urlParams }))).toBe("''");
    expect(renderSqlTemplate("{{ url_param(param='country') }}", ctx({ urlParams }))).toBe(
      'France',
    );
  });

  it('doubles single quotes (the engine literal without its quotes) unless escape_result=False', () => {
    expect(renderSqlTemplate("name = '{{ url_param('quote') }}'", ctx({ urlParams }))).toBe(
      "name = 'O''Brien'",
    );
    expect(
      renderSqlTemplate(
        "name = '{{ url_param('quote', escape_result=False) }}'",
        ctx({ urlParams }),
      ),
    ).toBe("name = 'O'Brien'");
    expect(renderSqlTemplate("'{{ url_param('missing', \"d'x\") }}'", ctx({ urlParams }))).toBe(
      "'d''x'",
    );
  });

  it('escapes with the engine: MySQL doubles backslashes too, PostgreSQL only quotes', () => {
    const sql = "WHERE a = '{{ url_param('slash') }}'";
    expect(
      renderSqlTemplate(sql, {
        quote: mysqlLiteral,
        quoteIdentifier: quoteMysqlIdentifier,
        urlParams,
      }),
    ).toBe("WHERE a = 'a\\\\'' OR 1=1 --'");
    // pgLiteral gives E'…' for a backslash: the fallback doubles the quotes (standard strings).
    expect(renderSqlTemplate(sql, { quote: pgLiteral, quoteIdentifier, urlParams })).toBe(
      "WHERE a = 'a\\'' OR 1=1 --'",
    );
  });

  it('reports the parameters read with add_to_cache_keys', () => {
    const info = renderSqlTemplateWithInfo(
      "{{ url_param('country') }} {{ url_param('missing') }} {{ url_param('country') }}" +
        " {{ url_param('quote', add_to_cache_keys=False) }}",
      ctx({ urlParams }),
    );
    expect(info.appliedUrlParams).toEqual(['country', 'missing']);
  });

  it('refuses wrong arguments', () => {
    expect(() => renderSqlTemplate('{{ url_param() }}', base)).toThrow(
      "url_param() missing required argument 'param'",
    );
    expect(() => renderSqlTemplate("{{ url_param('a', 1, 2, 3, 4) }}", base)).toThrow(
      'url_param() takes from 1 to 4 arguments (5 given)',
    );
    expect(() => renderSqlTemplate("{{ url_param('a', colour=1) }}", base)).toThrow(
      "url_param() got an unexpected keyword argument 'colour'",
    );
    expect(() => renderSqlTemplate("{{ url_param('a', param='b') }}", base)).toThrow(
      "url_param() got multiple values for argument 'param'",
    );
    expect(() => renderSqlTemplate('{{ url_param(3) }}', base)).toThrow(
      "url_param() argument 'param' must be a string",
    );
  });
});

describe('current user macros', () => {
  it('give the user fields, or None without a user', () => {
    const sql =
      "WHERE owner = '{{ current_username() }}' AND id = {{ current_user_id() }} AND mail = '{{ current_user_email() }}'";
    expect(renderSqlTemplate(sql, ctx({ user }))).toBe(
      "WHERE owner = 'ann' AND id = 42 AND mail = 'ann@example.com'",
    );
    expect(renderSqlTemplate(sql, ctx({ user: null }))).toBe(
      "WHERE owner = 'None' AND id = None AND mail = 'None'",
    );
  });

  it('tell whether the SQL depends on the user', () => {
    expect(
      renderSqlTemplateWithInfo('{{ current_username() }}', ctx({ user })).usesCurrentUser,
    ).toBe(true);
    expect(
      renderSqlTemplateWithInfo('{{ current_user_id(add_to_cache_keys=False) }}', ctx({ user }))
        .usesCurrentUser,
    ).toBe(false);
    expect(renderSqlTemplateWithInfo('{{ 1 }}', ctx({ user })).usesCurrentUser).toBe(false);
    expect(() => renderSqlTemplate("{{ current_username('x', 'y') }}", base)).toThrow(
      'current_username() takes from 0 to 1 arguments (2 given)',
    );
  });
});

describe('filter_values and get_filters', () => {
  const filters = [
    { col: 'country', op: 'IN', val: ['FR', 'DE'] },
    { col: 'country', op: '==', val: 'IT' },
    { col: 'city', op: 'not in', val: 'Paris' },
    { col: 'year', op: '>=', val: 2020 },
    { col: 'empty', op: 'IN', val: [] },
    { col: 'zero', op: '==', val: 0 },
    { col: 'name', op: 'LIKE', val: "O'%" },
  ];

  it('lists the values of the filters on a column, with a default when there are none', () => {
    const f = ctx({ filters });
    expect(renderSqlTemplate("{{ filter_values('country') }}", f)).toBe("['FR', 'DE', 'IT']");
    expect(renderSqlTemplate("{{ filter_values('city') }}", f)).toBe("['Paris']");
    expect(renderSqlTemplate("{{ filter_values('year') }}", f)).toBe('[2020]');
    expect(renderSqlTemplate("{{ filter_values('other') }}", f)).toBe('[]');
    expect(renderSqlTemplate("{{ filter_values('other', 'x') }}", f)).toBe("['x']");
    // As in Superset, a filter whose value is falsy (empty list, 0) does not count.
    expect(renderSqlTemplate("{{ filter_values('empty', default='d') }}", f)).toBe("['d']");
    expect(renderSqlTemplate("{{ filter_values('zero') }}", f)).toBe('[]');
  });

  it('builds IN lists in the documented Superset ways', () => {
    const f = ctx({ filters });
    expect(
      renderSqlTemplate(
        "SELECT * FROM t\n{% if filter_values('country') %}WHERE country IN {{ filter_values('country') | where_in }}{% endif %}",
        f,
      ),
    ).toBe("SELECT * FROM t\nWHERE country IN ('FR', 'DE', 'IT')");
    expect(renderSqlTemplate("{{ filter_values('name') | where_in }}", f)).toBe("('O''%')");
    expect(renderSqlTemplate('{{ [1, 2.5, true, none] | where_in }}', f)).toBe(
      '(1, 2.5, TRUE, NULL)',
    );
    expect(renderSqlTemplate("{{ filter_values('other') | where_in }}", f)).toBe('()');
    expect(
      renderSqlTemplate("{{ filter_values('other') | where_in(default_to_none=True) }}", f),
    ).toBe('None');
    expect(() => renderSqlTemplate("{{ 'a' | where_in }}", f)).toThrow(
      'where_in needs a list of values',
    );
  });

  it('get_filters gives op (upper case), col and val, IN values as lists', () => {
    const f = ctx({ filters });
    expect(renderSqlTemplate("{{ get_filters('country') }}", f)).toBe(
      "[{'op': 'IN', 'col': 'country', 'val': ['FR', 'DE']}, {'op': '==', 'col': 'country', 'val': 'IT'}]",
    );
    expect(renderSqlTemplate("{{ get_filters('city') }}", f)).toBe(
      "[{'op': 'NOT IN', 'col': 'city', 'val': ['Paris']}]",
    );
    const sql = [
      "{%- for f in get_filters('year') -%}",
      "{% if f.op == '>=' %}year >= {{ f.val }}{% endif %}",
      '{%- endfor %}',
    ].join('\n');
    expect(renderSqlTemplate(sql, f)).toBe('year >= 2020');
  });

  it('marks filters as removed only with remove_filter=True and a matching filter', () => {
    const info = renderSqlTemplateWithInfo(
      "{{ filter_values('country', remove_filter=True) }}{{ get_filters('city', True) }}" +
        "{{ filter_values('year') }}{{ filter_values('other', remove_filter=True) }}" +
        "{{ filter_values('country', none, True) }}",
      ctx({ filters }),
    );
    expect(info.removedFilters).toEqual(['country', 'city']);
    expect(info.appliedFilters).toEqual(['country', 'city', 'year']);
    expect(info.appliedUrlParams).toEqual([]);
  });

  it('refuses wrong arguments', () => {
    expect(() => renderSqlTemplate('{{ filter_values() }}', base)).toThrow(
      "filter_values() missing required argument 'column'",
    );
    expect(() => renderSqlTemplate("{{ get_filters('a', False, 1) }}", base)).toThrow(
      'get_filters() takes from 1 to 2 arguments (3 given)',
    );
    expect(() => renderSqlTemplate("{{ get_filters(['a']) }}", base)).toThrow(
      "get_filters() argument 'column' must be a string",
    );
  });

  it('copies filter values as plain data', () => {
    const odd = [
      { col: 'd', op: '==', val: new Date('2024-01-02T03:04:05Z') },
      { col: 'f', op: 'IN', val: [() => 'x', 1n] },
    ];
    expect(
      renderSqlTemplate("{{ filter_values('d') }} {{ filter_values('f') }}", ctx({ filters: odd })),
    ).toBe("['2024-01-02T03:04:05.000Z'] [None, '1']");
  });
});

describe('macros that are not supported', () => {
  it.each(['dataset(1)', 'metric("m")', 'get_time_filter("ts")'])('%s is a clear error', (call) => {
    expect(() => renderSqlTemplate(`SELECT * FROM {{ ${call} }}`, base)).toThrow(
      /Template error on line 1: \w+\(\) is not supported in SQL templates here/,
    );
  });
});

describe('templateParamsFromJson', () => {
  it('gives {} for nothing and the object otherwise', () => {
    expect(templateParamsFromJson(null)).toEqual({});
    expect(templateParamsFromJson('')).toEqual({});
    expect(templateParamsFromJson('  \n')).toEqual({});
    expect(templateParamsFromJson('{"a": 1, "b": [true, null]}')).toEqual({
      a: 1,
      b: [true, null],
    });
  });

  it.each(['[1]', '1', '"x"', 'null', 'true', '{bad json', "{'a': 1}"])('refuses %s', (text) => {
    expect(() => templateParamsFromJson(text)).toThrow(TemplateError);
    expect(() => templateParamsFromJson(text)).toThrow('Template parameters must be a JSON object');
  });

  it('keeps a __proto__ key as data, without touching prototypes', () => {
    const params = templateParamsFromJson('{"__proto__": {"polluted": "yes"}, "constructor": 1}');
    expect(
      renderSqlTemplate(
        '{{ __proto__.polluted }} {{ constructor }}',
        ctx({ templateParams: params }),
      ),
    ).toBe('yes 1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
