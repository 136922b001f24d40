// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types of css-tree's entry points, needed wherever this source is compiled (server and web)
/// <reference path="./css-tree-parts.d.ts" />
/**
 * Dashboard custom CSS made safe to inject into the page (issue 16 point 14), with a real CSS
 * parser (css-tree) instead of patterns over the text, which CSS escapes (`\75 rl(`, `u\rl(`,
 * `@\69mport`), comments inside tokens (`ur/**\/l(`) and other spellings bypassed.
 *
 * The text is parsed, the tree walked, and only what is known to be inert is kept:
 * - at-rules from an allow list (media, supports, keyframes, layer, container, page, font-face);
 *   `@import`, `@namespace`, `@charset` and anything unknown are dropped;
 * - functions from an allow list (colours, gradients, maths, transforms, filters, shapes…);
 *   `url()` and its escaped spellings, `image-set()`, `image()`, `src()`, `element()`,
 *   `cross-fade()`, `paint()`, `expression()` and any unknown function are dropped with their
 *   declaration; a `url()` (or `src()`) is kept only when it is a `data:image/…` URL;
 * - declarations of `behavior`, `-moz-binding` (and any `*binding*`/`*behavior*` property) go;
 * - whatever the parser could not read (its Raw nodes) goes, with the rule or declaration
 *   holding it;
 * names are compared after CSS escapes are decoded. The tree is then written back out, and
 * `<` before `/` or `!` is escaped so the text cannot close the style element or open a comment.
 */
import generate from 'css-tree/generator';
import parse from 'css-tree/parser';
import walk from 'css-tree/walker';
import type { CssNode, List, ListItem } from 'css-tree';

/** Longest custom CSS sanitised (the server accepts 1,000,000 characters). */
export const MAX_CSS_LENGTH = 1_000_000;

const ALLOWED_AT_RULES = new Set([
  'media',
  'supports',
  'keyframes',
  '-webkit-keyframes',
  'layer',
  'container',
  'page',
  'font-face',
  'scope',
  'starting-style',
]);

const ALLOWED_FUNCTIONS = new Set([
  // colours
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color',
  'color-mix',
  'light-dark',
  // gradients
  'linear-gradient',
  'radial-gradient',
  'conic-gradient',
  'repeating-linear-gradient',
  'repeating-radial-gradient',
  'repeating-conic-gradient',
  '-webkit-linear-gradient',
  '-webkit-radial-gradient',
  // maths and variables
  'calc',
  'min',
  'max',
  'clamp',
  'var',
  'env',
  'round',
  'mod',
  'rem',
  'abs',
  'sign',
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'atan2',
  'pow',
  'sqrt',
  'hypot',
  'log',
  'exp',
  // transforms
  'translate',
  'translatex',
  'translatey',
  'translatez',
  'translate3d',
  'rotate',
  'rotatex',
  'rotatey',
  'rotatez',
  'rotate3d',
  'scale',
  'scalex',
  'scaley',
  'scalez',
  'scale3d',
  'skew',
  'skewx',
  'skewy',
  'matrix',
  'matrix3d',
  'perspective',
  // filters
  'blur',
  'brightness',
  'contrast',
  'drop-shadow',
  'grayscale',
  'hue-rotate',
  'invert',
  'opacity',
  'saturate',
  'sepia',
  // timing, grid, shapes, counters, fonts
  'cubic-bezier',
  'steps',
  'linear',
  'minmax',
  'repeat',
  'fit-content',
  'rect',
  'inset',
  'circle',
  'ellipse',
  'polygon',
  'counter',
  'counters',
  'attr',
  'local',
  'format',
  'tech',
  'symbols',
  'selector',
  'style',
]);

/** Functions that load a resource: kept only around a data image. */
const URL_FUNCTIONS = new Set(['url', 'src']);

/** Decodes CSS escapes (`\75`, `\r`, …) in a name, as the browser reads it. */
export function decodeCssEscapes(text: string): string {
  return text.replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|([\s\S]))/g, (_, hex, ch) => {
    if (hex === undefined) return ch === '\n' ? '' : (ch as string);
    const code = parseInt(hex as string, 16);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
      ? '\ufffd'
      : String.fromCodePoint(code);
  });
}

const nameOf = (raw: string) => decodeCssEscapes(raw).toLowerCase();

function isDataImage(url: string): boolean {
  return /^data:image\/[a-z0-9.+-]+[;,]/i.test(url.trim());
}

function forbiddenProperty(raw: string): boolean {
  const name = nameOf(raw);
  return name.includes('binding') || name.includes('behavior');
}

/** Whether a value (or prelude) holds something that may load or run: its owner must go. */
function unsafeValue(node: CssNode): boolean {
  let unsafe = false;
  walk(node, (n: CssNode) => {
    if (unsafe) return;
    if (n.type === 'Raw') unsafe = true;
    else if (n.type === 'Url') unsafe = !isDataImage(n.value);
    else if (n.type === 'Function') {
      const name = nameOf(n.name);
      if (URL_FUNCTIONS.has(name)) {
        const only = n.children.first;
        unsafe = !(n.children.size === 1 && only?.type === 'String' && isDataImage(only.value));
      } else if (!ALLOWED_FUNCTIONS.has(name)) unsafe = true;
    }
  });
  return unsafe;
}

type Removal = { list: List<CssNode>; item: ListItem<CssNode> };

/** One pass: parse, drop what is not allowed, write back. */
function pass(css: string): string {
  const ast = parse(css, { parseCustomProperty: true, onParseError: () => undefined });
  const removals: Removal[] = [];
  walk(ast, {
    enter(node: CssNode, item: ListItem<CssNode>, list: List<CssNode>) {
      if (!list || !item) return;
      const drop = () => {
        removals.push({ list, item });
        return walk.skip;
      };
      switch (node.type) {
        case 'Raw':
          return drop();
        case 'Atrule':
          if (!ALLOWED_AT_RULES.has(nameOf(node.name))) return drop();
          if (node.prelude && unsafeValue(node.prelude)) return drop();
          return undefined;
        case 'Rule':
          if (unsafeValue(node.prelude)) return drop();
          return undefined;
        case 'Declaration':
          if (forbiddenProperty(node.property) || unsafeValue(node.value)) return drop();
          return walk.skip;
        default:
          return undefined;
      }
    },
  } as Parameters<typeof walk>[1]);
  for (const { list, item } of removals) list.remove(item);
  // `</style`, `<!--`: the `<` written as an escape (the same character in strings and names).
  return generate(ast).replace(/<(?=[/!])/g, '\\3c ');
}

/**
 * The custom CSS with everything that could load or run anything removed (see above). Text
 * longer than `MAX_CSS_LENGTH` gives an empty sheet.
 */
export function sanitizeCss(css: string): string {
  if (typeof css !== 'string' || css.length > MAX_CSS_LENGTH) return '';
  // Until nothing changes: what a removal leaves joined is checked again.
  let out = pass(css);
  for (let i = 0; i < 4; i++) {
    const again = pass(out);
    if (again === out) return out;
    out = again;
  }
  return out;
}

/**
 * The custom CSS to store: the author's own text (layout, comments) when sanitising removes
 * nothing from it — its tree written out equals the sanitised sheet and it holds no `<` —,
 * else the sanitised sheet. The page sanitises again before injecting it.
 */
export function sanitizeStoredCss(css: string): string {
  const safe = sanitizeCss(css);
  if (css.includes('<')) return safe;
  const plain = generate(parse(css, { parseCustomProperty: true, onParseError: () => undefined }));
  return plain === safe ? css : safe;
}
