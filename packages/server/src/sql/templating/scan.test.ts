import { describe, expect, it } from 'vitest';
import { Environment, Interpreter, parse, tokenize } from './jinja.js';
import { checkBlocks, hasTemplateTags, LINE_MARKER, scanTags, withLineMarkers } from './scan.js';

describe('hasTemplateTags', () => {
  it('sees {{, {% and {# only', () => {
    expect(hasTemplateTags("SELECT '{' || '}' FROM t -- {x} %}")).toBe(false);
    expect(hasTemplateTags('a {{ b')).toBe(true);
    expect(hasTemplateTags('a {% b')).toBe(true);
    expect(hasTemplateTags('a {# b')).toBe(true);
  });
});

describe('scanTags', () => {
  it('finds tags with their lines, keywords and bodies', () => {
    const src = 'SELECT {{ a }}\n{%- if b -%}\n{# c\n d #}{{ \'}}\' ~ "%}" }}\n{% endif %}';
    const { tags, problem } = scanTags(src);
    expect(problem).toBeNull();
    expect(tags.map((t) => [t.kind, t.line, t.keyword, t.body, t.stripBefore])).toEqual([
      ['expression', 1, '', ' a ', false],
      ['statement', 2, 'if', ' if b ', true],
      ['comment', 3, '', ' c\n d ', false],
      ['expression', 4, '', ` '}}' ~ "%}" `, false],
      ['statement', 5, 'endif', ' endif ', false],
    ]);
    expect(tags.map((t) => src.slice(t.start, t.end))).toEqual([
      '{{ a }}',
      '{%- if b -%}',
      '{# c\n d #}',
      `{{ '}}' ~ "%}" }}`,
      '{% endif %}',
    ]);
  });

  it("reads '}}' inside a dict literal as the lexer does", () => {
    const { tags } = scanTags("{{ {'a': {'b': 1}}['a'] }} x");
    expect(tags).toHaveLength(1);
    expect(tags[0]!.body).toBe(" {'a': {'b': 1}}['a'] ");
  });

  it('reports unclosed tags, comments and strings with their line', () => {
    expect(scanTags('a\nb {{ c').problem).toEqual({ line: 2, message: "Unclosed tag '{{'" });
    expect(scanTags('{% if %}\n{# x').problem).toEqual({
      line: 2,
      message: "Unclosed comment '{#'",
    });
    expect(scanTags("\n\n{{ 'x }}").problem).toEqual({
      line: 3,
      message: 'Unterminated string in the tag',
    });
    expect(scanTags('{{ a %}').problem?.message).toBe(
      "The tag '{{' is closed by '%}' (expected '}}')",
    );
  });
});

describe('checkBlocks', () => {
  const check = (src: string) => checkBlocks(scanTags(src).tags);

  it('accepts nested blocks and set assignments, and says what is open after each tag', () => {
    const result = check(
      '{% for x in y %}{% if x %}{% set a = 1 %}{% elif b %}{% else %}{% endif %}{% else %}{% endfor %}' +
        '{% set s %}{{ 1 }}{% endset %}{% macro m() %}{% endmacro %}{% filter upper %}{% endfilter %}',
    );
    expect(result.problem).toBeNull();
    expect(result.closersAfter.slice(0, 3)).toEqual([
      '{% endfor %}',
      '{% endif %}{% endfor %}',
      '{% endif %}{% endfor %}',
    ]);
    expect(check('{% set x = a == b %}').problem).toBeNull();
    expect(check('{% set x %}').problem?.message).toContain("'{% set %}' block is never closed");
  });

  it('reports misnested, stray and unknown statements', () => {
    expect(check('{% if a %}\n{% endfor %}').problem).toEqual({
      line: 2,
      message:
        "'{% endfor %}' found where '{% endif %}' was expected (to close the 'if' on line 1)",
    });
    expect(check('{% endif %}').problem?.message).toBe(
      "'{% endif %}' without a matching '{% if %}'",
    );
    expect(check('{% for x in y %}{% elif a %}{% endfor %}').problem?.message).toBe(
      "'{% elif %}' outside an 'if' block",
    );
    expect(check('{% raw %}').problem?.message).toBe("Unknown statement '{% raw %}'");
    expect(check('{% %}').problem?.message).toBe("A '{%' tag must start with a statement name");
  });
});

describe('withLineMarkers', () => {
  it('puts a marker before expressions and evaluating statements, moving whitespace control', () => {
    const src = 'a\n{{- x }}\n{% if y %}{% endif %}{# c #}{%- for i in z %}{% endfor %}';
    expect(withLineMarkers(src, scanTags(src).tags)).toBe(
      `a\n{{- ${LINE_MARKER}(2) }}{{ x }}\n{{ ${LINE_MARKER}(3) }}{% if y %}{% endif %}{# c #}` +
        `{{- ${LINE_MARKER}(3) }}{% for i in z %}{% endfor %}`,
    );
  });

  /** The library's own rendering, markers rendering nothing. */
  const plainRender = (src: string) => {
    const env = new Environment();
    env.set(LINE_MARKER, () => null);
    env.set('x', 'X');
    env.set('items', [1, 2]);
    return new Interpreter(env).run(parse(tokenize(src))).value;
  };

  it.each([
    'a  {{- x -}}  b',
    'a\n  {%- if true -%}\n  x\n  {%- endif -%}\n b\n',
    '{%- for i in items -%} {{ i }} {%- endfor %}\n{% for i in items %}\n  {{ i }}\n{% endfor %}',
    'x {#- c -#} y {{ 1 }}  {#- d #}',
    "{{ '}}' }}{{ {'a': {'b': 1}}['a']['b'] }}",
    '{% set s %} {{- x -}} {% endset %}[{{ s }}]',
    '{% macro m(a) -%} [{{ a }}] {%- endmacro %}{{ m(1) }}\n',
    '{{ "%}" }} {% if "}}" %}y{% endif %}',
    '  {{- x }}',
    '{% for i in items %}{% if i == 1 %}{% continue %}{% endif %}{{ i }}{% endfor %}',
  ])('does not change the output of %j', (src) => {
    expect(plainRender(withLineMarkers(src, scanTags(src).tags))).toBe(plainRender(src));
  });
});
