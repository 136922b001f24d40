/**
 * A TypeScript module of ours run in its own OS process (for tests that kill a process), from
 * the sources: the child registers the loader worker threads use (`workers/spawn.ts`), which
 * compiles `.ts` files on the fly, then imports the module. No build needed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LOADER_SOURCE } from '../../src/workers/spawn.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_PACKAGE_JSON = path.resolve(here, '../../package.json');

const BOOT = String.raw`
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(process.env.STRATA_TS_LOADER), {
  data: { from: process.env.STRATA_TS_FROM },
});
await import(process.env.STRATA_TS_ENTRY);
`;

export interface TsProcess {
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output(): string;
  /** Resolves when the output contains `text` (rejects when the process exits first). */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves when the process has exited. */
  exited(): Promise<void>;
}

export function startTsProcess(file: string, env: Record<string, string> = {}): TsProcess {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BOOT], {
    env: {
      ...process.env,
      ...env,
      STRATA_TS_LOADER: LOADER_SOURCE,
      STRATA_TS_FROM: SERVER_PACKAGE_JSON,
      STRATA_TS_ENTRY: pathToFileURL(file).href,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exit = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => {
      resolve();
      for (const l of listeners) l();
    });
  });
  return {
    child,
    output: () => out,
    exited: () => exit,
    waitFor(text, timeoutMs = 20_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no "${text}" from the child within ${timeoutMs} ms:\n${out}`));
        }, timeoutMs);
        const check = () => {
          if (out.includes(text)) {
            clearTimeout(timer);
            listeners.delete(check);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            clearTimeout(timer);
            listeners.delete(check);
            reject(new Error(`the child exited before "${text}":\n${out}`));
          }
        };
        listeners.add(check);
        check();
      });
    },
  };
}
