import { describe, expect, it } from 'vitest';
import { literal, quoteIdentifier } from '../../engines/duckdb/dialect.js';
import { renderSqlTemplate, TemplateError, type TemplateContext } from './index.js';

const base: TemplateContext = { quote: literal, quoteIdentifier };

/** The TemplateError a render throws (failing the test if it does not). */
function errorOf(sql: string, context: TemplateContext = base): TemplateError {
  try {
    renderSqlTemplate(sql, context);
  } catch (err) {
    expect(err).toBeInstanceOf(TemplateError);
    const e = err as TemplateError;
    expect(e.message).not.toMatch(/\n\s+at /); // never a stack
    expect(e.message).not.toMatch(/Value\b|Expression\b|Literal\b/); // no class names
    return e;
  }
  throw new Error(`no error for ${sql}`);
}

describe('syntax errors', () => {
  it.each([
    [
      'SELECT 1\nFROM t\nWHERE a = {{ 1 + }}',
      3,
      "Template syntax error on line 3: Unexpected token: '}}'",
    ],
    ['SELECT\n{{ url_param("a" }}', 2, 'Template syntax error on line 2:'],
    [
      'SELECT 1\n{% if x %}\nA\n',
      2,
      "The '{% if %}' block is never closed (missing '{% endif %}')",
    ],
    [
      'SELECT\n{% for x in y %}\n{{ x }}\n{% endif %}',
      4,
      "'{% endif %}' found where '{% endfor %}' was expected (to close the 'for' on line 2)",
    ],
    ['a\n\nb {% endfor %}', 3, "'{% endfor %}' without a matching '{% for %}'"],
    ['a\n{% else %}', 2, "'{% else %}' outside an 'if' or 'for' block"],
    ['a\nb\n{% frobnicate %}', 3, "Unknown statement '{% frobnicate %}'"],
    ['x\n{{ a ', 2, "Unclosed tag '{{'"],
    ['x\ny\n{# note ', 3, "Unclosed comment '{#'"],
    ["x\n{{ 'abc }}", 2, 'Unterminated string in the tag'],
    ['x\n{{ a %}', 2, "The tag '{{' is closed by '%}' (expected '}}')"],
    ['{% if a %}\n{% elif %}\n{% endif %}', 2, 'Template syntax error on line 2:'],
    ['{% for in y %}{% endfor %}', 1, 'Template syntax error on line 1:'],
    ['{% if a %}\n{% for x in y %}\n{{ x | }}\n{% endfor %}\n{% endif %}', 3, 'line 3'],
    ['{% set x %}\n{{ ( }}\n{% endset %}', 2, 'line 2'],
  ])('%j fails on line %i', (sql, line, message) => {
    const e = errorOf(sql);
    expect(e.line).toBe(line);
    expect(e.message).toContain(message);
    expect(e.message).toMatch(/^Template syntax error/);
  });

  it('locates an error after a megabyte of text quickly', () => {
    const sql = `SELECT 1 -- ${'x'.repeat(1_000_000)}\n{{ a }}\n{% if %}{% endif %}`;
    const t0 = performance.now();
    expect(errorOf(sql).line).toBe(3);
    // A bound against quadratic work, not a speed figure.
    expect(performance.now() - t0).toBeLessThan(10_000);
  });
});

describe('render errors', () => {
  it('names an unknown function and its line', () => {
    const e = errorOf('SELECT 1\nFROM t\nWHERE {{ no_such_macro(1) }}');
    expect(e.message).toBe("Template error on line 3: Unknown function 'no_such_macro'");
    expect(e.line).toBe(3);
  });

  it('names a call of something that is not a function', () => {
    expect(errorOf("a\n{{ 'x'.nope() }}").message).toBe(
      "Template error on line 2: 'the called value' is not a function (it is undefined)",
    );
    expect(errorOf('{% set t = {"a": 1} %}\n\n{{ t.a() }}').message).toBe(
      "Template error on line 3: 't.a' is not a function (it is integer)",
    );
  });

  it('gives the line inside loops, branches, set blocks and macros', () => {
    expect(errorOf('{% for x in [1, 2] %}\n{{ x }}\n{{ x.y.z() }}\n{% endfor %}').line).toBe(3);
    expect(errorOf('{% if true %}\nok\n{% else %}\nno\n{% endif %}\n{{ bad() }}').line).toBe(6);
    expect(errorOf('{% set s %}\n{{ 1 }}\n{{ bad() }}\n{% endset %}').line).toBe(3);
    const macro = [
      '{% macro m(v) %}',
      '{{ v ~ bad_inside() }}',
      '{% endmacro %}',
      'SELECT',
      '{{ m(1) }}',
    ].join('\n');
    expect(errorOf(macro).line).toBe(2);
    // After a macro returns, errors are again on the caller's line.
    const after = '{% macro m() %}\nA\n{% endmacro %}\n{{ m() ~ bad() }}';
    expect(errorOf(after).line).toBe(4);
  });

  it('keeps lines right with whitespace control', () => {
    const sql = 'SELECT\n  {%- if true -%}\n  x\n  {{- bad() -}}\n{%- endif %}';
    const e = errorOf(sql);
    expect(e.line).toBe(4);
  });

  it('reports wrong macro arguments', () => {
    expect(errorOf("SELECT\n{{ filter_values('a', 'b', True, 4) }}").message).toBe(
      'Template error on line 2: filter_values() takes from 1 to 3 arguments (4 given)',
    );
    expect(errorOf('{{ range(1, 2, 3, 4) }}').message).toContain('range() takes 1 to 3 arguments');
    expect(errorOf("{{ range('a') }}").message).toContain('range() arguments must be integers');
  });

  it('reports library errors in Python terms', () => {
    expect(errorOf("{{ 'a' | nosuchfilter }}").message).toBe(
      'Template error on line 1: Unknown string filter: nosuchfilter',
    );
    expect(errorOf('{{ none ~ 1 }}').message).toBe(
      'Template error on line 1: Cannot perform operation on null values',
    );
  });

  it('refuses break and continue outside a loop', () => {
    expect(errorOf('a\n{% break %}').message).toBe(
      "Template error on line 2: 'break' or 'continue' outside a loop",
    );
  });

  it('refuses to print a function', () => {
    expect(errorOf('SELECT {{ current_username }}').message).toBe(
      'Template error on line 1: A function cannot be printed (call it with parentheses)',
    );
  });
});
