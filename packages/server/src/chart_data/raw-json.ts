import { randomBytes } from 'node:crypto';

/**
 * Chart data answers without re-serialising their rows: the cache keeps a run as a small JSON
 * head (everything but the rows) and the rows' JSON text on the next line; a hit parses the head
 * only, and the JSON answer splices the rows' text in as it is. A 100,000-row answer is then
 * neither parsed nor stringified again per request.
 */

/**
 * The placeholder's secret part, drawn once per process: it never reaches an answer (every
 * placeholder is replaced), so no string in the data can pass for one.
 */
const NONCE = randomBytes(8).toString('hex');
const PLACEHOLDER = new RegExp(`"\\\\u0000raw${NONCE}:(\\d+)\\\\u0000"`, 'g');

/** The texts of the stringifyWithRaw call running now (it runs synchronously). */
let collected: string[] | null = null;

/** JSON text that goes into an answer verbatim (already valid JSON). */
export class RawJson {
  constructor(readonly text: string) {}

  /**
   * Inside stringifyWithRaw, a placeholder for the text; outside it (a plain JSON.stringify),
   * the value the text holds.
   */
  toJSON(): unknown {
    if (collected === null) return JSON.parse(this.text) as unknown;
    return `\u0000raw${NONCE}:${collected.push(this.text) - 1}\u0000`;
  }
}

/** A cached run: its head (parsed) and its rows (text). */
export interface EncodedRun<Head> {
  head: Head;
  dataText: string;
}

/** `head` without its `data`, then the rows on the next line (JSON text has no raw newline). */
export function encodeRun<T extends { data: unknown }>(run: T): { text: string; dataText: string } {
  const { data, ...head } = run;
  const dataText = JSON.stringify(data);
  return { text: `${JSON.stringify(head)}\n${dataText}`, dataText };
}

/** The cache's text back; null when it is not a run (or an older whole-JSON entry, re-split). */
export function decodeRun<Head>(text: string): EncodedRun<Head> | null {
  try {
    const cut = text.indexOf('\n');
    if (cut < 0) {
      const { data, ...head } = JSON.parse(text) as { data: unknown } & Record<string, unknown>;
      return { head: head as Head, dataText: JSON.stringify(data ?? []) };
    }
    return { head: JSON.parse(text.slice(0, cut)) as Head, dataText: text.slice(cut + 1) };
  } catch {
    return null;
  }
}

/**
 * `JSON.stringify(value)` with every RawJson's text put in place as it is. RawJson's `toJSON`
 * leaves a placeholder (no replacer function: JSON.stringify keeps its fast path).
 */
export function stringifyWithRaw(value: unknown): string {
  const raws: string[] = [];
  const outer = collected;
  collected = raws;
  let text: string;
  try {
    text = JSON.stringify(value);
  } finally {
    collected = outer;
  }
  if (!raws.length) return text;
  return text.replace(PLACEHOLDER, (_m, i: string) => raws[Number(i)]!);
}
