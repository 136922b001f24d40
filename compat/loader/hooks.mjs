/**
 * Module hooks (registered by `setup.mjs` through `module.register`) that make Superset's
 * published `@superset-ui/*` packages importable in plain Node, as webpack does for Superset:
 * - `@superset-ui/<pkg>` resolves to the package's `esm/index.js` (its `lib/` holds `.jsx`);
 * - extensionless and directory imports are retried with `.js` and `/index.js`;
 * - every `@superset-ui` file is ESM (the packages do not say `"type": "module"`);
 * - image and style imports become empty modules;
 * - a CommonJS module imported from ESM is wrapped in a facade re-exporting every key of its
 *   `module.exports` (Node's lexer misses names such as `xss`'s `getDefaultWhiteList`);
 * - chart-controls' top-level `const`/`let` become `var`: it imports its own index through
 *   `'..'`, a cycle webpack tolerates and real ESM refuses (temporal dead zone).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';

const here = path.dirname(fileURLToPath(import.meta.url));
const nodeModules = path.resolve(here, '../node_modules');
const STUB = /\.(png|jpe?g|gif|svg|css|less|scss|woff2?|ttf|eot)$/i;

// Requiring a CommonJS module here (to learn its keys) may touch the DOM at load time.
let domReady = false;
function ensureDom() {
  if (domReady) return;
  domReady = true;
  const dom = new JSDOM('<!doctype html><html><body><div id="app"></div></body></html>', {
    url: 'http://localhost/',
    pretendToBeVisual: true,
  });
  for (const key of ['window', 'document', 'navigator', 'HTMLElement', 'Element', 'Node']) {
    if (!(key in globalThis)) {
      Object.defineProperty(globalThis, key, {
        value: key === 'window' ? dom.window : dom.window[key],
        configurable: true,
        writable: true,
      });
    }
  }
}

function isSupersetUi(url) {
  return url.startsWith('file:') && url.includes('/node_modules/@superset-ui/');
}

export async function resolve(specifier, context, next) {
  const pkg = /^@superset-ui\/([^/]+)$/.exec(specifier);
  if (pkg) {
    const entry = path.join(nodeModules, '@superset-ui', pkg[1], 'esm', 'index.js');
    if (fs.existsSync(entry))
      return { url: pathToFileURL(entry).href, format: 'module', shortCircuit: true };
  }
  if (STUB.test(specifier) && context.parentURL) {
    return { url: new URL(`stub:${encodeURIComponent(specifier)}`).href, shortCircuit: true };
  }
  let result;
  try {
    result = await next(specifier, context);
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND' && err?.code !== 'ERR_UNSUPPORTED_DIR_IMPORT')
      throw err;
    result = undefined;
    for (const suffix of ['.js', '/index.js']) {
      try {
        result = await next(specifier + suffix, context);
        break;
      } catch {
        // next candidate
      }
    }
    if (!result) throw err;
  }
  if (isSupersetUi(result.url) && result.url.endsWith('.js'))
    return { ...result, format: 'module' };
  return result;
}

export async function load(url, context, next) {
  if (url.startsWith('stub:'))
    return { format: 'module', source: 'export default "";', shortCircuit: true };
  if (url.startsWith('file:') && !isSupersetUi(url) && !url.endsWith('.mjs')) {
    const loaded = await next(url, context);
    if (loaded.format !== 'commonjs') return loaded;
    const file = fileURLToPath(url);
    if (process.env.COMPAT_LOADER_DEBUG) process.stderr.write(`facade ${file}\n`);
    let keys = [];
    try {
      ensureDom();
      const mod = createRequire(file)(file);
      if (mod && (typeof mod === 'object' || typeof mod === 'function')) {
        keys = Object.keys(mod).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default');
      }
    } catch {
      // keys stay unknown: only the default export
    }
    const lines = [
      `import { createRequire } from 'node:module';`,
      `const mod = createRequire(${JSON.stringify(file)})(${JSON.stringify(file)});`,
      `export default mod;`,
      ...keys.map((k, i) => `const k${i} = mod[${JSON.stringify(k)}];\nexport { k${i} as ${k} };`),
    ];
    return { format: 'module', source: lines.join('\n'), shortCircuit: true };
  }
  if (isSupersetUi(url)) {
    let source = fs.readFileSync(fileURLToPath(url), 'utf8');
    if (url.includes('/@superset-ui/chart-controls/')) {
      source = source.replace(/^(export\s+)?(const|let)\s/gm, (_m, exp) => `${exp ?? ''}var `);
    }
    return { format: 'module', source, shortCircuit: true };
  }
  return next(url, context);
}
