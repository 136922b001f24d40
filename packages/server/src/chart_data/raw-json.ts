import { randomBytes } from 'node:crypto';

/**
 * Chart data answers without re-serialising their rows: the cache keeps a run as a small JSON
 * head (everything but the rows) and the rows' JSON text on the next line; a hit parses the head
 * only, and the JSON answer splices the rows' text in as it is. A 100,000-row answer is then
 * neither parsed nor stringified again per request.
 */

/** JSON text that goes into an answer verbatim (already valid JSON). */
export class RawJson {
  constructor(readonly text: string) {}
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
 * `JSON.stringify(value)` with every RawJson's text put in place as it is. The placeholder
 * carries a random nonce, so no string in the data can pass for one.
 */
export function stringifyWithRaw(value: unknown): string {
  const raws: string[] = [];
  const nonce = randomBytes(8).toString('hex');
  const text = JSON.stringify(value, (_key, v: unknown) =>
    v instanceof RawJson ? `\u0000raw${nonce}:${raws.push(v.text) - 1}\u0000` : v,
  );
  if (!raws.length) return text;
  const mark = new RegExp(`"\\\\u0000raw${nonce}:(\\d+)\\\\u0000"`, 'g');
  return text.replace(mark, (_m, i: string) => raws[Number(i)]!);
}
