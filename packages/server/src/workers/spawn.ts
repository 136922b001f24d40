/**
 * Starting a worker thread on a module of ours. From the compiled output (`dist/…/worker.js`)
 * the module is the worker's entry as it is. From the TypeScript sources (tests, where Vitest
 * compiles our code but not a worker's), a small boot script registers a module loader that
 * compiles `.ts` files on the fly (with rolldown's transformer when installed, else with
 * TypeScript's `transpileModule`; both are development dependencies only) and maps the sources'
 * `./x.js` imports to `./x.ts`, then imports the entry. Both are plain JavaScript text here, so
 * nothing has to be copied next to the sources or the output.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** The module loader (plain JavaScript) that runs our `.ts` sources; also used by tests' child processes. */
export const LOADER_SOURCE = String.raw`
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
let transform;
export async function initialize(data) {
  const require = createRequire(data.from);
  try {
    const oxc = await import(pathToFileURL(require.resolve('rolldown/utils')).href);
    transform = (file, source) => {
      const out = oxc.transformSync(file, source, { sourcemap: false });
      if (out.errors && out.errors.length) throw new Error(file + ': ' + out.errors[0].message);
      return out.code;
    };
  } catch {
    const ts = require('typescript');
    transform = (file, source) =>
      ts.transpileModule(source, {
        fileName: file,
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
  }
}
export async function resolve(specifier, context, next) {
  const parent = context.parentURL;
  if (parent && parent.endsWith('.ts') && /^\.\.?\//.test(specifier) && specifier.endsWith('.js')) {
    const candidate = new URL(specifier.slice(0, -3) + '.ts', parent);
    if (existsSync(fileURLToPath(candidate))) return { url: candidate.href, shortCircuit: true };
  }
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (url.startsWith('file:') && url.endsWith('.ts')) {
    const file = fileURLToPath(url);
    return { format: 'module', source: transform(file, readFileSync(file, 'utf8')), shortCircuit: true };
  }
  return next(url, context);
}
`;

const BOOT_SOURCE = String.raw`
const { register } = require('node:module');
const { workerData } = require('node:worker_threads');
register('data:text/javascript,' + encodeURIComponent(workerData.loader), {
  data: { from: workerData.from },
});
import(workerData.entry).catch((e) => {
  setImmediate(() => { throw e; });
});
`;

export interface SpawnOptions {
  resourceLimits?: ResourceLimits;
}

/** Whether `script` is a TypeScript source (the app runs from its sources). */
export const isSourceScript = (script: URL): boolean => script.pathname.endsWith('.ts');

/** A worker thread running the module at `script` (a `.js` file, or a `.ts` source). */
export function spawnWorker(script: URL, options: SpawnOptions = {}): Worker {
  const common = {
    resourceLimits: options.resourceLimits,
    // The worker's own output goes to the process's streams, not through the parent's.
    stdout: false,
    stderr: false,
  };
  if (!isSourceScript(script)) return new Worker(script, common);
  // Resolve the loader's compilers from the package the sources belong to.
  const from = path.join(path.dirname(fileURLToPath(script)), 'package.json');
  return new Worker(BOOT_SOURCE, {
    ...common,
    eval: true,
    workerData: { loader: LOADER_SOURCE, from, entry: script.href },
  });
}
