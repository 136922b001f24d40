/**
 * Strict expected failures. `known-failures.json` maps a test's full name to the server's wrong
 * answer in a sentence. A listed test that fails passes (with a diagnostic); a listed test that
 * passes FAILS ("remove the entry"), so the list only shrinks. An entry naming no test of the
 * suite fails too.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../known-failures.json');
export const KNOWN = JSON.parse(fs.readFileSync(file, 'utf8'));
const seen = new Set();

/** Runs `fn` as the test `name` under `t` (a test context), honouring known-failures.json. */
export async function check(t, name, fn) {
  return t.test(name, async (st) => {
    seen.add(name);
    const reason = KNOWN[name];
    if (!reason) return fn(st);
    let failure = null;
    try {
      await fn(st);
    } catch (e) {
      failure = e;
    }
    if (failure) {
      st.diagnostic(
        `expected failure: ${reason} | ${String(failure.message).split('\n')[0].slice(0, 300)}`,
      );
      return;
    }
    assert.fail(`listed in known-failures.json (${reason}) but passes now: remove the entry`);
  });
}

/** Entries of known-failures.json that named no test run in this process. */
export function staleEntries() {
  return Object.keys(KNOWN).filter((name) => !seen.has(name));
}
