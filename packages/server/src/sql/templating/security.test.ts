import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literal, quoteIdentifier } from '../../engines/duckdb/dialect.js';
import {
  renderSqlTemplate,
  renderSqlTemplateWithInfo,
  TemplateError,
  templateParamsFromJson,
  type TemplateContext,
} from './index.js';

const SECRET = 'sekrit-7f3a9c';

const context: TemplateContext = {
  quote: literal,
  quoteIdentifier,
  templateParams: { p: 'x', obj: { a: 1 }, list: [1, 2] },
  urlParams: { u: 'v' },
  user: { id: 1, username: 'ann', email: 'a@example.com', first_name: 'A', last_name: 'N' },
  filters: [{ col: 'c', op: 'IN', val: ['a'] }],
};

/** The output of a template, or null when it was refused with a TemplateError. */
function outcome(sql: string, ctx: TemplateContext = context): string | null {
  try {
    return renderSqlTemplate(sql, ctx);
  } catch (err) {
    expect(err).toBeInstanceOf(TemplateError);
    return null;
  }
}

/** What an output must never hold: JS source, the process, the environment, files. */
function expectHarmless(output: string | null) {
  if (output === null) return;
  expect(output).not.toContain(SECRET);
  expect(output).not.toMatch(/=>|function\s*\(|\[native code\]|return |process|v\d+\.\d+\.\d+/);
  expect(output).not.toMatch(/root:|PATH=|HOME=/);
}

beforeAll(() => {
  process.env.STRATA_TEMPLATE_TEST_SECRET = SECRET;
});
afterAll(() => {
  delete process.env.STRATA_TEMPLATE_TEST_SECRET;
});

describe('sandbox escapes', () => {
  it.each([
    ["{{ ''.__class__ }}", ''],
    ['{{ self }}', ''],
    ['{{ cycler.__init__.__globals__ }}', ''],
    ['{{ url_param.__proto__ }}', ''],
    ['{{ ({}).constructor }}', ''],
    ['{{ {}.constructor }}', ''],
    ['{{ "a".toString.call }}', ''],
    ['{{ "a".constructor }}', ''],
    ['{{ "a"["constructor"] }}', ''],
    ['{{ obj["__proto__"] }}', ''],
    ['{{ obj.constructor }}', ''],
    ['{{ list.constructor }}', ''],
    ['{{ url_param.call }}{{ url_param.apply }}{{ url_param.bind }}{{ range.prototype }}', ''],
    ['{{ url_param.value }}{{ url_param.type }}{{ p.value }}{{ obj.value }}', ''],
    ['{{ namespace.constructor }}', ''],
    ['{{ lipsum }}{{ joiner }}{{ config }}{{ request }}{{ g }}', ''],
    ['{{ process }}{{ globalThis }}{{ global }}{{ require }}{{ module }}', ''],
  ])('%s renders harmlessly', (sql, expected) => {
    expect(renderSqlTemplate(sql, context)).toBe(expected);
  });

  it.each([
    '{{ range.constructor("return process.version")() }}',
    '{{ url_param.constructor("return process")() }}',
    '{{ url_param.constructor.constructor("return process")() }}',
    '{{ ({}).constructor.constructor("return process")() }}',
    '{{ "".constructor.constructor("return process.env")() }}',
    '{{ obj.constructor.constructor("return process")() }}',
    '{{ "a".toString.call(1) }}',
    '{% for x in ().__class__.__base__.__subclasses__() %}{{ x }}{% endfor %}',
    "{% for x in ''.__class__.__mro__[1].__subclasses__() %}{{ x }}{% endfor %}",
    '{{ cycler.__init__.__globals__.os.popen("id").read() }}',
    "{{ self._TemplateReference__context.cycler.__init__.__globals__.os.popen('id').read() }}",
    "{{ request.application.__globals__.__builtins__.__import__('os').popen('id').read() }}",
    "{{ open('/etc/passwd').read() }}",
    "{{ import('fs') }}",
    "{{ require('fs').readFileSync('/etc/passwd') }}",
    "{{ process.mainModule.require('child_process').execSync('id') }}",
    "{% include '/etc/passwd' %}",
    "{% import 'os' as os %}",
    "{% extends '/etc/passwd' %}",
    "{% from 'os' import popen %}",
    '{{ url_param | tojson }}',
    '{{ range | string }}',
    '{{ current_username }}',
    '{{ url_param("x", range) }}',
    '{% set f = url_param %}{{ f.constructor("return 1")() }}',
    '{{ namespace(a=range).a.constructor("return process")() }}',
  ])('%s is refused', (sql) => {
    expect(() => renderSqlTemplate(sql, context)).toThrow(TemplateError);
  });

  it('never shows the source of a function', () => {
    expect(renderSqlTemplate("{{ [range, url_param] | join(',') }}", context)).toBe(
      '<function>,<function>',
    );
    expect(renderSqlTemplate("{{ 'x' ~ url_param ~ 'a'.upper }}", context)).toBe(
      'x<function><function>',
    );
    expect(renderSqlTemplate('{{ [namespace] }}', context)).toBe('[<function>]');
    expect(renderSqlTemplate('{% macro m() %}x{% endmacro %}{{ "" ~ m }}', context)).toBe(
      '<function>',
    );
  });

  it('cannot read the environment or files whatever it tries', () => {
    const attempts = [
      '{{ process.env.STRATA_TEMPLATE_TEST_SECRET }}',
      '{{ env }}{{ environ }}{{ os }}{{ __builtins__ }}{{ __import__ }}',
      '{% for k in process.env %}{{ k }}{% endfor %}',
      '{{ url_param("STRATA_TEMPLATE_TEST_SECRET") }}',
      '{{ obj.__proto__.constructor }}',
      '{{ [].__proto__ }}',
      '{{ range(1).constructor }}',
      '{{ loop }}{{ caller }}{{ varargs }}{{ kwargs }}',
      '{% macro m() %}{{ kwargs }}{{ varargs }}{% endmacro %}{{ m(1, a=2) }}',
      '{% set x = namespace() %}{% set x.constructor = 1 %}{{ x }}',
      '{{ obj.items() }}{{ obj | dictsort }}{{ obj | items }}',
      '{{ list | map(attribute="constructor") | list }}',
      '{{ [obj] | map(attribute="__proto__") | list }}',
      '{{ [obj] | selectattr("constructor") | list }}',
      '{{ [obj] | sort(attribute="constructor") }}',
      '{{ "x" is callable }}{{ url_param is callable }}',
      '{{ strftime_now("%Y") }}{{ raise_exception("boom") }}',
    ];
    for (const sql of attempts) expectHarmless(outcome(sql));
    expectHarmless(
      outcome('{{ process }}', {
        ...context,
        templateParams: templateParamsFromJson('{"process": {"env": "x"}, "__proto__": {"a": 1}}'),
      }),
    );
  });

  it('does not pollute prototypes', () => {
    const sqls = [
      '{% set ns = namespace() %}{% set ns.__proto__ = {"polluted": 1} %}{{ ns }}',
      '{% set __proto__ = {"polluted": 1} %}{{ __proto__ }}',
      '{% set constructor = 1 %}{{ constructor }}',
      '{{ namespace(__proto__={"polluted": 1}) }}',
    ];
    for (const sql of sqls) outcome(sql);
    renderSqlTemplate('{{ x }}', {
      ...context,
      templateParams: JSON.parse('{"__proto__": {"polluted": 1}}') as Record<string, unknown>,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('gives the template only plain data from the context', () => {
    class Secretive {
      secret = SECRET;
      leak() {
        return SECRET;
      }
    }
    const ctx: TemplateContext = {
      ...context,
      templateParams: {
        inst: new Secretive(),
        fn: () => SECRET,
        nested: { fn: () => SECRET, ok: 1 },
        map: new Map([['a', SECRET]]),
      },
    };
    expect(renderSqlTemplate('{{ inst }}|{{ fn }}|{{ nested }}|{{ map }}', ctx)).toBe(
      "None|None|{'fn': None, 'ok': 1}|None",
    );
    expect(() => renderSqlTemplate('{{ fn() }}', ctx)).toThrow(TemplateError);
    expect(() => renderSqlTemplate('{{ inst.leak() }}', ctx)).toThrow(TemplateError);
  });
});

describe('resource limits', () => {
  it('returns a megabyte of SQL without tags unchanged and fast', () => {
    const sql = `SELECT 1 -- ${'x{ y} %'.repeat(150_000)}\n`;
    const t0 = performance.now();
    expect(renderSqlTemplate(sql, context)).toBe(sql);
    expect(performance.now() - t0).toBeLessThan(50);
  });

  it('renders a few megabytes of SQL with tags in reasonable time', () => {
    const sql = `SELECT {{ p }} -- ${'x'.repeat(3_000_000)}\n{% for i in range(3) %}{{ i }}{% endfor %}`;
    const t0 = performance.now();
    const out = renderSqlTemplate(sql, context);
    expect(out.startsWith('SELECT x --')).toBe(true);
    expect(out.endsWith('\n012')).toBe(true);
    // A bound against quadratic work, not a speed figure.
    expect(performance.now() - t0).toBeLessThan(15_000);
  });

  it('bounds range() to 100,000 items', () => {
    expect(renderSqlTemplate('{{ range(100000) | length }}', context)).toBe('100000');
    expect(() => renderSqlTemplate('{{ range(100001) }}', context)).toThrow(
      'range() is limited to 100000 items (asked for 100001)',
    );
    expect(() => renderSqlTemplate('{{ range(0, 10**12, 2) }}', context)).toThrow(
      'range() is limited to 100000 items',
    );
    expect(renderSqlTemplate('{{ range(10, 0, -3) }}', context)).toBe('[10, 7, 4, 1]');
  });

  it('stops output beyond 10 MB', () => {
    const big = 'y'.repeat(200);
    const t0 = performance.now();
    expect(() =>
      renderSqlTemplate(
        '{% for i in range(100000) %}{% for j in range(10) %}{{ big }}{% endfor %}{% endfor %}',
        { ...context, templateParams: { big } },
        // The output cap, not the deadline, must stop it, even on a loaded machine.
        { timeoutMs: 60_000 },
      ),
    ).toThrow(/The output is longer than the limit of 10485760 characters/);
    expect(performance.now() - t0).toBeLessThan(60_000);
  });

  it('stops strings and lists that double in a loop', () => {
    expect(() =>
      renderSqlTemplate(
        "{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
        context,
      ),
    ).toThrow(/A string of the template is longer than the limit of 1048576 characters/);
    expect(() =>
      renderSqlTemplate(
        '{% set ns = namespace(a=[1]) %}{% for i in range(64) %}{% set ns.a = ns.a + ns.a %}{% endfor %}',
        context,
      ),
    ).toThrow(/A list of the template has more than 100000 items/);
  });

  it(
    'keeps each built-in step small: strings of expressions are capped at 1 MiB',
    { timeout: 60_000 },
    () => {
      // 2**19 times 'a ' is 1 MiB, the largest string an expression may compute.
      const setup =
        "{% set ns = namespace(s='a\\n') %}{% for i in range(19) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}";
      const heavy = [
        '{{ ns.s.split() | length }}',
        "{{ ns.s.split('\\n') | length }}",
        "{{ ns.s.replace('', 'xxxxxxxxxxxxxxxx') | length }}",
        "{{ ns.s | join('xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx') | length }}",
        '{{ ns.s | title | length }}',
        '{{ ns.s[::-1] | length }}',
        '{{ ns.s | indent(100000, true, true) | length }}',
        '{{ range(100000) | sort(reverse=true) | length }}',
      ];
      for (const tail of heavy) {
        const t0 = performance.now();
        try {
          renderSqlTemplate(setup + tail, context);
        } catch (err) {
          expect(err).toBeInstanceOf(TemplateError);
        }
        // A bound against runaway work (seconds, not a speed figure: loaded CI machines vary).
        expect(performance.now() - t0).toBeLessThan(5000);
      }
      // Repeating a heavy step is cut by the deadline, checked at every step.
      const t0 = performance.now();
      expect(() =>
        renderSqlTemplate(
          `${setup}{% for i in range(1000) %}{{ ns.s | title | length }}{% endfor %}`,
          context,
        ),
      ).toThrow('took longer than 1000 ms');
      expect(performance.now() - t0).toBeLessThan(10_000);
    },
    60_000,
  );

  it('lets a tag print up to the output limit', () => {
    const setup =
      "{% set ns = namespace(s='a\\n') %}{% for i in range(19) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}";
    const out = renderSqlTemplate(
      `${setup}{% macro m() %}{% for i in range(4) %}{{ ns.s }}{% endfor %}{% endmacro %}{{ m() }}`,
      context,
    );
    expect(out.length).toBe(4 * 1024 * 1024);
    expect(() =>
      renderSqlTemplate(
        `${setup}{% macro m() %}{{ ns.s }}{{ ns.s }}{% endmacro %}{{ m() ~ 'x' }}`,
        context,
      ),
    ).toThrow('A string of the template is longer than the limit of 1048576 characters');
  });

  it('stops a render that runs longer than the time limit (1 s by default)', () => {
    const forever =
      '{% for i in range(100000) %}{% for j in range(100000) %}{% if j == -1 %}x{% endif %}{% endfor %}{% endfor %}';
    const t0 = performance.now();
    expect(() => renderSqlTemplate(forever, context)).toThrow(
      'Template error on line 1: Rendering the template took longer than 1000 ms',
    );
    const elapsed = performance.now() - t0;
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    // Stopped near the limit, not after the 10^10 iterations (loose: the machine may be busy).
    expect(elapsed).toBeLessThan(10_000);
    // A limit of its own: the message names the limit that stopped it (no clock bound here, a
    // loaded machine can take a second to even notice 100 ms have passed).
    expect(() => renderSqlTemplateWithInfo(forever, context, { timeoutMs: 100 })).toThrow(
      'took longer than 100 ms',
    );
  });

  it('stops endless recursion and deep nesting without crashing', () => {
    expect(() =>
      renderSqlTemplate('{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}', context),
    ).toThrow(/nested too deeply/);
    expect(() =>
      renderSqlTemplate(`{{ ${'('.repeat(5000)}1${')'.repeat(5000)} }}`, context),
    ).toThrow(TemplateError);
    expect(() =>
      renderSqlTemplate(`{{ ${'['.repeat(20000)}${']'.repeat(20000)} }}`, context),
    ).toThrow(TemplateError);
    const deepIfs = `${'{% if true %}'.repeat(1000)}x${'{% endif %}'.repeat(1000)}`;
    expect(() => renderSqlTemplate(deepIfs, context)).toThrow(/nested too deeply/);
    const okIfs = `${'{% if true %}'.repeat(50)}x${'{% endif %}'.repeat(50)}`;
    expect(renderSqlTemplate(okIfs, context)).toBe('x');
  });
});
