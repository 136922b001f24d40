import { UploadError, type RawCell, type SourceRow, type TabularSource } from './types.js';

/**
 * Column names from a header row, as pandas names them: an empty header cell becomes
 * `Unnamed: <i>`, a repeated name gets `.1`, `.2`… Cells beyond the header get `Unnamed` names.
 */
export function headerNames(cells: RawCell[], width = cells.length): string[] {
  const names: string[] = [];
  const used = new Set<string>();
  for (let i = 0; i < width; i++) {
    const cell = cells[i];
    let base =
      cell === null || cell === undefined
        ? ''
        : cell instanceof Date
          ? cell.toISOString()
          : String(cell);
    if (base.trim() === '') base = `Unnamed: ${i}`;
    let name = base;
    for (let n = 1; used.has(name); n++) name = `${base}.${n}`;
    used.add(name);
    names.push(name);
  }
  return names;
}

/** A comma-separated list of names: trimmed, empty items dropped. */
export function nameList(text: string | undefined): string[] {
  if (text === undefined) return [];
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Keeps only the `keep` columns of a source, in the file's order (422 naming unknown ones). */
export function selectColumns(source: TabularSource, keep: string[]): TabularSource {
  if (keep.length === 0) return source;
  const known = new Set(source.columns);
  const missing = keep.filter((k) => !known.has(k));
  if (missing.length) {
    throw new UploadError(
      `The file has no column${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')} (columns to read)`,
    );
  }
  const wanted = new Set(keep);
  const indexes = source.columns.flatMap((c, i) => (wanted.has(c) ? [i] : []));
  return {
    columns: indexes.map((i) => source.columns[i]!),
    declared: indexes.map((i) => source.declared[i] ?? null),
    async *rows(): AsyncGenerator<SourceRow> {
      for await (const row of source.rows()) {
        yield { cells: indexes.map((i) => row.cells[i] ?? null), where: row.where };
      }
    },
    close: source.close?.bind(source),
  };
}
