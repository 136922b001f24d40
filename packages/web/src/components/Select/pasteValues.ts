/**
 * Pasting into a multi-select (spec 000 §5): the text is split on commas, newlines, tabs and
 * semicolons, each piece trimmed, empty pieces dropped, and duplicates dropped (also against
 * the values already chosen). Pure.
 */

/** The separators a pasted text is split on. */
export const PASTE_SEPARATORS = /[,;\t\r\n]+/;

/** The distinct, trimmed, non-empty pieces of a pasted text, in their order. */
export function splitPastedValues(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(PASTE_SEPARATORS)) {
    const piece = raw.trim();
    if (piece === '' || seen.has(piece)) continue;
    seen.add(piece);
    out.push(piece);
  }
  return out;
}

/** Whether a pasted text holds more than one value (else it is typed into the search box). */
export function isMultiValuePaste(text: string): boolean {
  return PASTE_SEPARATORS.test(text);
}

export interface PasteOption {
  value: string | number | boolean | null;
  label?: unknown;
}

/**
 * The values after a paste: the current ones, then each pasted piece not chosen yet. With
 * `options` (a select without free entry), a piece is kept only when it names an option, by
 * value or by text label, and the option's value is added; without, the pieces are added as typed.
 */
export function mergePastedValues<V>(
  current: readonly V[],
  text: string,
  options?: readonly PasteOption[],
): V[] {
  const out = [...current];
  const has = (v: unknown) => out.some((x) => String(x) === String(v));
  for (const piece of splitPastedValues(text)) {
    let value: unknown = piece;
    if (options) {
      const match =
        options.find((o) => String(o.value) === piece) ??
        options.find((o) => typeof o.label === 'string' && o.label === piece);
      if (!match) continue;
      value = match.value;
    }
    if (!has(value)) out.push(value as V);
  }
  return out;
}
