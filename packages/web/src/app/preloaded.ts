/**
 * Answers the server put into the page for the calls the page makes first (a dashboard's: see
 * the server's `web/preload.ts`), keyed by API path. Each is used once; later calls go to the
 * server as usual.
 */
import { PRELOADED_ANSWERS_ELEMENT_ID } from '@strata/core';

let answers: Map<string, unknown> | null = null;

/** The answers of a page's data block (JSON object keyed by path); none when absent or invalid. */
export function parsePreloaded(text: string | null | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!text) return out;
  try {
    const data: unknown = JSON.parse(text);
    if (data && typeof data === 'object' && !Array.isArray(data))
      for (const [path, answer] of Object.entries(data)) out.set(path, answer);
  } catch {
    // A broken block: the page asks the server.
  }
  return out;
}

function read(): Map<string, unknown> {
  answers ??= parsePreloaded(
    typeof document === 'undefined'
      ? null
      : document.getElementById(PRELOADED_ANSWERS_ELEMENT_ID)?.textContent,
  );
  return answers;
}

/** The page's answer for `path`, once; undefined when it has none (or it was used). */
export function takePreloaded<T>(path: string): T | undefined {
  const all = read();
  if (!all.has(path)) return undefined;
  const answer = all.get(path) as T;
  all.delete(path);
  return answer;
}
