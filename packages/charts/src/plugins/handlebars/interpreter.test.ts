import { describe, expect, it } from 'vitest';
import type { Program } from './ast.js';
import { renderProgram, renderTemplate } from './interpreter.js';
import { parse as parseHandlebars } from '@handlebars/parser';
const parse = (s: string) => parseHandlebars(s) as unknown;

const render = (template: string, context: unknown = {}) => {
  const { html, error } = renderTemplate(template, context);
  if (error !== null) throw new Error(`unexpected template error: ${error}`);
  return html;
};
const errorOf = (template: string) => renderTemplate(template, {}).error;

const DEFAULT_TEMPLATE = `<ul class="data-list">
  {{#each data}}
    <li>{{stringify this}}</li>
  {{/each}}
</ul>`;

describe('handlebars interpreter: output', () => {
  it('renders the default template, standalone block lines removed', () => {
    expect(render(DEFAULT_TEMPLATE, { data: [{ a: 1 }, { a: 'x' }] })).toBe(
      '<ul class="data-list">\n' +
        '    <li>{\n  &quot;a&quot;: 1\n}</li>\n' +
        '    <li>{\n  &quot;a&quot;: &quot;x&quot;\n}</li>\n' +
        '</ul>',
    );
  });

  it('escapes {{ }} output and leaves {{{ }}} and {{& }} raw', () => {
    const v = `<b>"x"&'y'\`=`;
    expect(render('{{v}}', { v })).toBe('&lt;b&gt;&quot;x&quot;&amp;&#x27;y&#x27;&#x60;&#x3D;');
    expect(render('{{{v}}}', { v })).toBe(v);
    expect(render('{{&v}}', { v })).toBe(v);
  });

  it('escapes helper results in {{ }} too', () => {
    expect(render('{{lowercase v}}', { v: '<B>' })).toBe('&lt;b&gt;');
  });

  it('renders values like Handlebars: nothing for null/undefined, text for the rest', () => {
    expect(render('[{{a}}|{{b}}|{{c}}|{{d}}|{{e}}]', { a: null, c: 0, d: false, e: [1, 2] })).toBe(
      '[||0|false|1,2]',
    );
  });

  it('reads nested paths, this, ./ and [segment literals]', () => {
    const ctx = { a: { b: { c: 'deep' } }, 'x y': 'spaced', list: ['p', 'q'] };
    expect(render('{{a.b.c}} {{a/b/c}} {{this.a.b.c}} {{./a.b.c}}', ctx)).toBe(
      'deep deep deep deep',
    );
    expect(render('{{[x y]}} {{"x y"}} {{list.[1]}} {{list.length}}', ctx)).toBe(
      'spaced spaced q 2',
    );
  });

  it('keeps \\{{ as a literal mustache', () => {
    expect(render('\\{{name}} {{name}}', { name: 'n' })).toBe('{{name}} n');
  });

  it('drops comments, including standalone comment lines', () => {
    expect(render('a{{! one }}b{{!-- two }} --}}c')).toBe('abc');
    expect(render('a\n  {{! note }}\nb')).toBe('a\nb');
  });

  it('strips whitespace with ~', () => {
    expect(render('{{#each l}} {{~this~}} {{/each}}', { l: [1, 2] })).toBe('12');
    expect(render('a {{~b~}} c', { b: 'B' })).toBe('aBc');
  });
});

describe('handlebars interpreter: blocks', () => {
  it('iterates arrays with @index, @first, @last and @key', () => {
    expect(
      render(
        '{{#each l}}{{@index}}{{@key}}{{this}}{{#if @first}}F{{/if}}{{#if @last}}L{{/if}};{{/each}}',
        {
          l: ['a', 'b', 'c'],
        },
      ),
    ).toBe('00aF;11b;22cL;');
  });

  it('iterates objects with @key', () => {
    expect(
      render('{{#each o}}{{@key}}={{this}}{{#unless @last}},{{/unless}}{{/each}}', {
        o: { a: 1, b: 2 },
      }),
    ).toBe('a=1,b=2');
  });

  it('renders {{else}} of an empty each', () => {
    expect(render('{{#each l}}x{{else}}none{{/each}}', { l: [] })).toBe('none');
    expect(render('{{#each missing}}x{{else}}none{{/each}}')).toBe('none');
  });

  it('resolves ../ through contexts (if does not push one) and @root', () => {
    const ctx = {
      title: 'T',
      rows: [
        { ok: true, n: 1 },
        { ok: false, n: 2 },
      ],
    };
    expect(render('{{#each rows}}{{#if ok}}{{../title}}{{n}}{{/if}}{{/each}}', ctx)).toBe('T1');
    expect(render('{{#each rows}}{{@root.title}}{{/each}}', ctx)).toBe('TT');
    expect(
      render('{{#each rows}}{{#with this}}{{../title}}{{@index}}{{/with}}{{/each}}', ctx),
    ).toBe('T0T1');
  });

  it('reads @../index of the outer loop', () => {
    const ctx = { outer: [{ inner: ['a', 'b'] }, { inner: ['c'] }] };
    expect(
      render('{{#each outer}}{{#each inner}}{{@../index}}{{@index}} {{/each}}{{/each}}', ctx),
    ).toBe('00 01 10 ');
  });

  it('binds block params', () => {
    expect(
      render('{{#each rows as |r i|}}{{i}}-{{r.name}} {{/each}}', {
        rows: [{ name: 'a' }, { name: 'b' }],
      }),
    ).toBe('0-a 1-b ');
    expect(render('{{#with p as |person|}}{{person.name}}{{/with}}', { p: { name: 'Ann' } })).toBe(
      'Ann',
    );
  });

  it("applies Handlebars' falsy rules to if/unless (0 and [] are empty)", () => {
    const t = '{{#if v}}y{{else}}n{{/if}}';
    expect([[], 0, '', null, false, {}, [0], 'a', 1].map((v) => render(t, { v }))).toEqual([
      'n',
      'n',
      'n',
      'n',
      'n',
      'y',
      'y',
      'y',
      'y',
    ]);
    expect(render('{{#if v includeZero=true}}y{{else}}n{{/if}}', { v: 0 })).toBe('y');
    expect(render('{{#unless v}}u{{else}}e{{/unless}}', { v: [] })).toBe('u');
  });

  it('chains else if', () => {
    const t = '{{#if a}}A{{else if b}}B{{else}}C{{/if}}';
    expect(render(t, { a: 1 })).toBe('A');
    expect(render(t, { b: 1 })).toBe('B');
    expect(render(t, {})).toBe('C');
  });

  it('changes the context with with, and renders its else for empty values', () => {
    expect(
      render('{{#with p}}{{name}} of {{../team}}{{/with}}', { p: { name: 'Ann' }, team: 'X' }),
    ).toBe('Ann of X');
    expect(render('{{#with p}}x{{else}}nobody{{/with}}', {})).toBe('nobody');
  });

  it('treats a block on a plain value as a section', () => {
    expect(render('{{#p}}{{name}}{{/p}}', { p: { name: 'Ann' } })).toBe('Ann');
    expect(render('{{#flag}}y{{/flag}}{{#off}}n{{/off}}', { flag: true, off: false })).toBe('y');
    expect(render('{{#list}}{{this}}{{/list}}', { list: [1, 2] })).toBe('12');
    expect(render('{{^list}}empty{{/list}}', { list: [] })).toBe('empty');
    expect(render('{{^list}}empty{{else}}full{{/list}}', { list: [1] })).toBe('full');
  });

  it('looks up dynamic keys with lookup', () => {
    const ctx = { row: { 'a b': 1, c: 2 }, cols: ['a b', 'c'], list: ['x', 'y'] };
    expect(render('{{lookup row "a b"}} {{lookup list 1}}', ctx)).toBe('1 y');
    expect(render('{{#each cols}}{{lookup ../row this}};{{/each}}', ctx)).toBe('1;2;');
  });

  it('outputs a non-block helper used as a block as text (as Handlebars does)', () => {
    expect(render('{{#eq 1 1}}x{{/eq}}')).toBe('true');
  });
});

describe('handlebars interpreter: helpers', () => {
  const ts = Date.UTC(2024, 0, 14, 13, 2, 5);

  it('formats dates with moment tokens (UTC)', () => {
    expect(render('{{dateFormat t}}', { t: ts })).toBe('2024-01-14');
    expect(render('{{dateFormat t format="YYYY-MM-DD HH:mm:ss"}}', { t: ts })).toBe(
      '2024-01-14 13:02:05',
    );
    expect(render('{{dateFormat t format="MMMM Do, YYYY h:mm A [Q]Q ddd"}}', { t: ts })).toBe(
      'January 14th, 2024 1:02 PM Q1 Sun',
    );
    expect(render('{{dateFormat t format="DD/MM/YY"}}', { t: '2023-03-05' })).toBe('05/03/23');
    expect(render('{{dateFormat t}}', { t: new Date(ts) })).toBe('2024-01-14');
    expect(render('{{dateFormat t}}|{{dateFormat missing}}', { t: 'soon' })).toBe('Invalid Date|');
  });

  it('stringifies objects as indented JSON and other values as text', () => {
    expect(render('{{{stringify o}}}', { o: { a: [1] } })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(render('{{stringify s}} {{stringify n}} {{stringify}}', { s: 'txt', n: 3 })).toBe(
      'txt 3 ',
    );
  });

  it('formats numbers with Intl (locale argument or hash) or a d3 format', () => {
    expect(render('{{formatNumber n}}', { n: 1234567.891 })).toBe('1,234,567.891');
    expect(render('{{formatNumber n "de-DE"}}', { n: 1234.5 })).toBe('1.234,5');
    expect(render('{{formatNumber n locale="de-DE"}}', { n: 0.5 })).toBe('0,5');
    expect(render('{{formatNumber n format=",.2f"}}', { n: 1234.5 })).toBe('1,234.50');
    expect(render('{{formatNumber "12"}}|{{formatNumber "abc"}}|{{formatNumber x}}')).toBe(
      '12|abc|',
    );
    expect(render('{{formatNumber 5 "not a locale!"}}')).toBe('5');
  });

  it('parses JSON with parseJson (invalid JSON gives nothing)', () => {
    expect(render('{{#with (parseJson s)}}{{a.b}}{{/with}}', { s: '{"a":{"b":7}}' })).toBe('7');
    expect(render('[{{parseJson s}}]', { s: '{oops' })).toBe('[]');
  });

  it('compares and combines with the just-handlebars-helpers set', () => {
    const ctx = { a: 'x', n: 3, list: [1, 2, 3], none: [] };
    expect(
      render(
        '{{#if (eq a "x")}}eq{{/if}} {{eq n "3"}} {{eqw n "3"}} {{neq n 3}} {{neqw n "3"}}',
        ctx,
      ),
    ).toBe('eq false true false false');
    expect(render('{{lt 1 2}} {{lte 2 2}} {{gt 1 2}} {{gte 2 3}} {{not true}}', ctx)).toBe(
      'true true false false false',
    );
    expect(render('{{ifx true "Y" "N"}}{{ifx false "Y" "N"}}[{{ifx false "Y"}}]', ctx)).toBe(
      'YN[]',
    );
    expect(
      render('{{empty list}} {{empty none}} {{empty a}} {{count list}} {{count a}}', ctx),
    ).toBe('false true true 3 false');
    expect(render('{{and 1 a}} {{and 1 0}} {{or 0 ""}} {{or 0 a}}', ctx)).toBe(
      'true false false true',
    );
    expect(render('{{coalesce missing "" "first"}} {{coalesce 0 null}}', ctx)).toBe('first ');
    expect(
      render('{{includes list 2}} {{includes list "2"}} {{includes list "2" false}}', ctx),
    ).toBe('true false true');
  });

  it('does arithmetic', () => {
    expect(
      render(
        '{{sum 1 "2"}} {{difference 5 2}} {{multiplication 2 3}} {{division 5 2}} {{remainder 5 2}}',
      ),
    ).toBe('3 3 6 2.5 1');
    expect(render('{{ceil 5.2}} {{floor 5.8}} {{abs -2.5}} {{sum (multiplication 2 3) 1}}')).toBe(
      '6 5 2.5 7',
    );
  });

  it('transforms strings', () => {
    expect(render('{{excerpt "Just Wow" 4}}|{{excerpt "short" 10}}')).toBe('Just...|short');
    expect(render('{{capitalizeEach "just WOW"}}|{{capitalizeFirst "just wow"}}')).toBe(
      'Just Wow|Just wow',
    );
    expect(render('{{lowercase "AbC"}}{{uppercase "AbC"}}{{uppercase 1}}')).toBe('abcABC1');
    expect(
      render('{{join list ", "}}|{{join list}}|{{join nope ", "}}', { list: ['a', 'b'] }),
    ).toBe('a, b|ab|false');
  });

  it('uses the log helper as a no-op', () => {
    expect(render('a{{log "debug" x}}b')).toBe('ab');
  });
});

describe('handlebars interpreter: unknown names and safety', () => {
  it('renders nothing for unknown helpers and paths, never throwing', () => {
    expect(
      render('[{{nope 1 2}}][{{#nope x}}y{{/nope}}][{{a.b.c}}][{{../up}}][{{@nothing}}]'),
    ).toBe('[][][][][]');
  });

  it('never reads the prototype chain', () => {
    const ctx = { data: [1, 2], obj: { a: 1 } };
    const t =
      '[{{constructor}}][{{__proto__}}][{{toString}}][{{hasOwnProperty}}][{{obj.constructor.name}}]' +
      '[{{this.constructor.constructor}}][{{lookup obj "constructor"}}][{{lookup obj "__proto__"}}]' +
      '[{{#with __proto__}}x{{/with}}][{{data.map}}][{{obj.valueOf}}]';
    expect(render(t, ctx)).toBe('[][][][][][][][][][][]');
  });

  it('ignores own __proto__/constructor/prototype keys and functions in data', () => {
    const ctx = {
      parsed: JSON.parse(
        '{"__proto__": {"x": 1}, "constructor": "c", "prototype": "p", "ok": 1}',
      ) as unknown,
      fn: () => 'called',
    };
    expect(
      render('[{{parsed.__proto__.x}}][{{parsed.constructor}}][{{parsed.prototype}}][{{fn}}]', ctx),
    ).toBe('[][][][]');
    expect(render('{{#each parsed}}{{@key}}={{this}};{{/each}}', ctx)).toBe(
      '__proto__=;constructor=;prototype=;ok=1;',
    );
  });

  it('stops runaway templates with an error', () => {
    const data = Array.from({ length: 50 }, (_, i) => i);
    const result = renderTemplate(
      '{{#each data}}{{#each ../data}}{{this}}{{/each}}{{/each}}',
      { data },
      undefined,
      {
        maxOutput: 100,
        maxSteps: 1_000_000,
      },
    );
    expect(result).toEqual({ html: '', error: 'The template produces too much output' });
    const steps = renderTemplate(
      '{{#each data}}{{#each ../data}}{{/each}}{{/each}}',
      { data },
      undefined,
      {
        maxOutput: 1_000_000,
        maxSteps: 500,
      },
    );
    expect(steps.error).toBe('The template takes too many steps to render');
  });
});

describe('handlebars interpreter: syntax errors', () => {
  // Handlebars' own parser messages, as Superset shows them.
  it('reports unclosed and mismatched blocks', () => {
    expect(errorOf('{{#if a}}x')).toMatch(/^Parse error on line 1:[\s\S]*got 'EOF'/);
    expect(errorOf('ok\n  {{#if a}}x{{/each}}')).toBe("if doesn't match each - 2:5");
    expect(errorOf('{{/if}}')).toMatch(/^Parse error on line 1/);
  });

  it('reports malformed tags', () => {
    expect(errorOf('{{foo}')).toMatch(/^Parse error on line 1/);
    expect(errorOf('{{foo "unterminated}}')).toMatch(/^Parse error/);
    expect(errorOf('{{foo (bar}}')).toMatch(/Expecting .*'CLOSE_SEXPR'/);
    expect(errorOf('{{!-- never closed')).toMatch(/^Lexical error on line 1/);
    expect(errorOf('{{this/foo/..}}')).toMatch(/Invalid path/);
  });

  it('renders partials and decorators as nothing', () => {
    expect(errorOf('{{> partial}}')).toBeNull();
    expect(render('a{{> partial}}b', {})).toBe('ab');
  });
});

describe('handlebars parser: @handlebars/parser AST shape', () => {
  it('produces the AST nodes the interpreter reads', () => {
    const ast = parse(
      '{{#each items as |item|}}{{item.name}} {{{raw}}}{{@index}}{{/each}}{{helper "s" 1 true null k=../v}}',
    );
    expect(ast).toMatchObject({
      type: 'Program',
      body: [
        {
          type: 'BlockStatement',
          path: {
            type: 'PathExpression',
            original: 'each',
            parts: ['each'],
            depth: 0,
            data: false,
          },
          params: [{ type: 'PathExpression', parts: ['items'] }],
          program: {
            type: 'Program',
            blockParams: ['item'],
            body: [
              {
                type: 'MustacheStatement',
                escaped: true,
                path: { parts: ['item', 'name'], original: 'item.name' },
              },
              { type: 'ContentStatement', value: ' ' },
              { type: 'MustacheStatement', escaped: false, path: { parts: ['raw'] } },
              {
                type: 'MustacheStatement',
                path: { data: true, parts: ['index'], original: '@index' },
              },
            ],
          },
        },
        {
          type: 'MustacheStatement',
          params: [
            { type: 'StringLiteral', value: 's' },
            { type: 'NumberLiteral', value: 1 },
            { type: 'BooleanLiteral', value: true },
            { type: 'NullLiteral' },
          ],
          hash: {
            type: 'Hash',
            pairs: [
              {
                type: 'HashPair',
                key: 'k',
                value: { type: 'PathExpression', depth: 1, parts: ['v'] },
              },
            ],
          },
        },
      ],
    });
  });

  it('renders an AST as @handlebars/parser builds it (loc, head/tail, inverted block)', () => {
    const loc = { start: { line: 1, column: 0 }, end: { line: 1, column: 0 } };
    const path = (original: string, parts: string[], extra = {}) => ({
      type: 'PathExpression' as const,
      data: false,
      depth: 0,
      parts,
      head: parts[0],
      tail: parts.slice(1),
      original,
      loc,
      ...extra,
    });
    const program = {
      type: 'Program',
      loc,
      strip: {},
      body: [
        {
          type: 'MustacheStatement',
          path: path('this.name', ['name'], { this: true }),
          params: [],
          hash: undefined,
          escaped: true,
          strip: { open: false, close: false },
          loc,
        },
        {
          type: 'BlockStatement',
          path: path('list', ['list']),
          params: [],
          hash: undefined,
          program: undefined,
          inverse: {
            type: 'Program',
            body: [{ type: 'ContentStatement', value: '-none', original: '-none', loc }],
            strip: {},
            loc,
          },
          openStrip: {},
          inverseStrip: undefined,
          closeStrip: {},
          loc,
        },
      ],
    } as unknown as Program;
    expect(renderProgram(program, { name: '<n>', list: [] })).toEqual({
      html: '&lt;n&gt;-none',
      error: null,
    });
  });
});
