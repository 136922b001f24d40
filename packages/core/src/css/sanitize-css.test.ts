import { describe, expect, it } from 'vitest';
import { decodeCssEscapes, sanitizeCss, sanitizeStoredCss } from './sanitize-css.js';

/** What a browser would load or run from a sheet, judged on the decoded text. */
function dangerous(css: string): string[] {
  const decoded = decodeCssEscapes(css.replace(/\/\*[\s\S]*?\*\//g, '')).toLowerCase();
  const found: string[] = [];
  for (const [name, re] of [
    ['url', /url\s*\((?!\s*["']?data:image\/)/],
    ['image-set', /image-set\s*\(/],
    ['src()', /(^|[^-\w])src\s*\(/],
    ['image()', /(^|[^-\w])image\s*\(/],
    ['expression', /expression\s*\(/],
    ['import', /@import/],
    ['namespace', /@namespace/],
    ['behavior', /behavior\s*:/],
    ['binding', /binding\s*:/],
    ['http', /https?:|\/\/x\.test/],
  ] as const) {
    if (re.test(decoded)) found.push(name);
  }
  // The HTML parser reads the raw text: no CSS escape decoding there.
  if (/<\/style/i.test(css)) found.push('style end');
  if (/<!--/.test(css)) found.push('html comment');
  return found;
}

describe('sanitizeCss', () => {
  it('keeps ordinary CSS as it is meant', () => {
    const css =
      '.header { color: #333; background: linear-gradient(to right, rgba(0,0,0,.1), transparent); }\n' +
      '@media (max-width: 600px) { .grid > .row:nth-child(2n+1) { margin: calc(1rem + 2px) } }\n' +
      '@keyframes spin { from { transform: rotate(0deg) } to { transform: rotate(360deg) } }\n' +
      '.x::before { content: "a < b"; --gap: 4px; gap: var(--gap); }';
    const out = sanitizeCss(css);
    expect(out).toContain('.header{color:#333;background:linear-gradient(');
    expect(out).toContain('@media (max-width:600px)');
    expect(out).toContain('nth-child(2n+1)');
    expect(out).toContain('@keyframes spin');
    expect(out).toContain('rotate(360deg)');
    expect(out).toContain('"a < b"');
    expect(out).toContain('var(--gap)');
    // A data image stays.
    expect(sanitizeCss('.c { background: url(data:image/png;base64,AA) }')).toContain(
      'url(data:image/png;base64,AA)',
    );
    expect(sanitizeCss('.c { background: url("data:image/gif;base64,R0") }')).toContain(
      'data:image/gif',
    );
  });

  const attacks: Array<[string, string]> = [
    ['plain url', '.a{background:url(http://x.test/t.png)}'],
    ['quoted url', '.a{background:url("http://x.test/t.png")}'],
    ['hex-escaped u', '.a{background:\\75 rl(http://x.test/t.png)}'],
    ['hex-escaped u, 6 digits', '.a{background:\\000075rl(http://x.test/t.png)}'],
    ['escaped r', '.a{background:u\\rl(http://x.test/t.png)}'],
    ['escaped r, quoted', '.a{background:u\\rl("http://x.test/t.png")}'],
    ['upper case', '.a{background:URL(http://x.test/t.png)}'],
    ['escaped L', '.a{background:ur\\4c (http://x.test/t.png)}'],
    ['comment inside', '.a{background:ur/**/l(http://x.test/t.png)}'],
    ['protocol-relative', '.a{background:url(//x.test/t.png)}'],
    ['url in a custom property', '.a{--bg:url(http://x.test/t.png);background:var(--bg)}'],
    ['url in a shorthand', '.a{background:#fff url(http://x.test/t.png) no-repeat}'],
    ['list-style', '.a{list-style:url(http://x.test/t.png)}'],
    ['cursor', '.a{cursor:url(http://x.test/c.cur),auto}'],
    ['image-set', '.a{background:image-set("http://x.test/a.png" 1x)}'],
    ['-webkit-image-set', '.a{background:-webkit-image-set(url(http://x.test/a.png) 1x)}'],
    ['escaped image-set', '.a{background:\\69mage-set("http://x.test/a.png" 1x)}'],
    ['image()', '.a{background:image("http://x.test/a.png")}'],
    ['src()', '.a{background:src("http://x.test/a.png")}'],
    ['escaped src()', '.a{background:\\73rc("http://x.test/a.png")}'],
    ['cross-fade', '.a{background:cross-fade(url(http://x.test/a.png),red 50%)}'],
    ['data url not an image', '.a{background:url(data:text/html,<script>)}'],
    ['url hidden in a gradient', '.a{background:linear-gradient(red,url(http://x.test/a))}'],
    ['@import', '@import url(http://x.test/a.css); .a{color:red}'],
    ['@import string', '@import "http://x.test/a.css"; .a{color:red}'],
    ['escaped @import', '@\\69mport "http://x.test/a.css"; .a{color:red}'],
    ['escaped @import, upper', '@IMP\\4f RT "http://x.test/a.css"; .a{color:red}'],
    ['@import in @media', '@media all { @import "http://x.test/a.css"; .a{color:red} }'],
    ['@namespace', '@namespace x url(http://x.test/ns); .a{color:red}'],
    ['@font-face remote', '@font-face{font-family:f;src:url(http://x.test/f.woff)}'],
    ['@font-face escaped url', '@font-face{font-family:f;src:\\75rl(http://x.test/f.woff)}'],
    ['expression', '.a{width:expression(alert(1))}'],
    ['escaped expression', '.a{width:expr\\65ssion(alert(1))}'],
    ['expression with comment', '.a{width:expr/**/ession(alert(1))}'],
    ['behavior', '.a{behavior:url(http://x.test/x.htc)}'],
    ['escaped behavior', '.a{beh\\61vior:url(#default#time2)}'],
    ['-ms-behavior', '.a{-ms-behavior:url(#x)}'],
    ['-moz-binding', '.a{-moz-binding:url(http://x.test/x.xml#x)}'],
    ['escaped -moz-binding', '.a{-moz-b\\69nding:url(http://x.test/x.xml#x)}'],
    ['style end', '.a{color:red}</style><script>alert(1)</script>'],
    ['style end in a string', '.a::after{content:"</style><script>alert(1)</script>"}'],
    ['style end, upper case', '.a{color:red}</STYLE><img src=x onerror=alert(1)>'],
    ['html comment', '<!-- .a{color:red} -->'],
    ['broken braces then url', '.a{color:red}}} .b{background:url(http://x.test/a)}'],
    ['unclosed then url', '.a{color:red; .b{background:url(http://x.test/a)'],
    ['url in a selector', '.a:is(url(http://x.test/a)){color:red}'],
    ['attribute selector', '[style*="x"]{background:url(http://x.test/a)}'],
  ];

  it.each(attacks)('%s: nothing left that loads or runs', (_name, css) => {
    const out = sanitizeCss(css);
    expect(dangerous(out), out).toEqual([]);
    // A second pass changes nothing: the output is already clean.
    expect(sanitizeCss(out)).toBe(out);
  });

  it('keeps the harmless rules around a dropped one', () => {
    const out = sanitizeCss('.a{color:red;background:\\75 rl(http://x.test/t.png);margin:0}');
    expect(out).toBe('.a{color:red;margin:0}');
  });

  it('decodes CSS escapes as a browser does', () => {
    expect(decodeCssEscapes('\\75 rl')).toBe('url');
    expect(decodeCssEscapes('u\\rl')).toBe('url');
    expect(decodeCssEscapes('\\000075rl')).toBe('url');
    expect(decodeCssEscapes('\\0 x')).toBe('\ufffdx');
  });

  it('gives nothing for a sheet longer than the limit', () => {
    expect(sanitizeCss(`.a{color:red}${' '.repeat(1_000_001)}`)).toBe('');
  });
});

describe('sanitizeStoredCss', () => {
  it("keeps the author's text, layout and comments, when nothing has to go", () => {
    const css =
      '/* header */\n.dashboard-header {\n  color: red;\n}\n\n@media (max-width: 600px) {\n  .x { display: none; }\n}\n';
    expect(sanitizeStoredCss(css)).toBe(css);
  });

  it('stores the sanitised sheet when anything had to go, or the text holds a <', () => {
    expect(sanitizeStoredCss('.a { color: red; }\n.b { background: \\75 rl(//x/y); }')).toBe(
      '.a{color:red}.b{}',
    );
    expect(sanitizeStoredCss('@import "x.css";\n.a { color: red; }')).toBe('.a{color:red}');
    const closing = '/* </style><script>alert(1)</script> */ .a { color: red; }';
    expect(sanitizeStoredCss(closing)).toBe(sanitizeCss(closing));
    expect(sanitizeStoredCss(closing)).not.toContain('<');
  });
});
