/**
 * What the SQL expression editor completes, without CodeMirror: the dataset's columns (their
 * type as detail), its saved metrics and the database's function names, ranked for what is
 * typed. Plain data so it can be tested; the editor turns the entries into completions.
 */

export type ExpressionOptionKind = 'column' | 'metric' | 'function';

export interface ExpressionOption {
  /** The name shown and matched. */
  label: string;
  kind: ExpressionOptionKind;
  /** The column's type, "metric" or "function". */
  detail: string;
  /** A longer note (a column's or metric's label when it has one). */
  info?: string;
}

export interface ExpressionSources {
  columns?: ReadonlyArray<{
    column_name: string;
    type?: string | null;
    verbose_name?: string | null;
  }>;
  metrics?: ReadonlyArray<{ metric_name: string; verbose_name?: string | null }>;
  functions?: readonly string[];
}

const KIND_ORDER: Record<ExpressionOptionKind, number> = { column: 0, metric: 1, function: 2 };

/**
 * Every candidate once: columns first, then metrics, then functions. A name met twice keeps its
 * first kind (a column named like a function stays a column); function names are compared
 * without case, as SQL does.
 */
export function buildExpressionOptions(sources: ExpressionSources): ExpressionOption[] {
  const out: ExpressionOption[] = [];
  const seen = new Set<string>();
  const add = (option: ExpressionOption, key: string) => {
    if (!option.label || seen.has(key)) return;
    seen.add(key);
    out.push(option);
  };
  for (const c of sources.columns ?? []) {
    const info = c.verbose_name && c.verbose_name !== c.column_name ? c.verbose_name : undefined;
    add(
      {
        label: c.column_name,
        kind: 'column',
        detail: c.type?.trim() || 'column',
        ...(info ? { info } : {}),
      },
      c.column_name,
    );
  }
  for (const m of sources.metrics ?? []) {
    const info = m.verbose_name && m.verbose_name !== m.metric_name ? m.verbose_name : undefined;
    add(
      { label: m.metric_name, kind: 'metric', detail: 'metric', ...(info ? { info } : {}) },
      m.metric_name,
    );
  }
  const names = new Set(out.map((o) => o.label.toLowerCase()));
  for (const f of sources.functions ?? []) {
    if (names.has(f.toLowerCase())) continue;
    names.add(f.toLowerCase());
    add({ label: f, kind: 'function', detail: 'function' }, `ƒ:${f.toLowerCase()}`);
  }
  return out;
}

/**
 * The options matching `typed`, best first: names starting with it (exact case before any
 * case), then names with a word starting with it (after `_`), then names containing it. Within
 * a group columns come before metrics before functions, then shorter names, then by name. An
 * empty `typed` keeps every option in kind order.
 */
export function rankExpressionOptions(
  options: readonly ExpressionOption[],
  typed: string,
): ExpressionOption[] {
  const needle = typed.toLowerCase();
  const scored: Array<{ option: ExpressionOption; score: number }> = [];
  for (const option of options) {
    const hay = option.label.toLowerCase();
    let score: number;
    if (needle === '') score = 0;
    else if (option.label.startsWith(typed)) score = 0;
    else if (hay.startsWith(needle)) score = 1;
    else if (hay.split('_').some((part, i) => i > 0 && part.startsWith(needle))) score = 2;
    else if (hay.includes(needle)) score = 3;
    else continue;
    scored.push({ option, score });
  }
  return scored
    .sort(
      (a, b) =>
        a.score - b.score ||
        KIND_ORDER[a.option.kind] - KIND_ORDER[b.option.kind] ||
        (needle === '' ? 0 : a.option.label.length - b.option.label.length) ||
        (needle === '' ? 0 : a.option.label.localeCompare(b.option.label)),
    )
    .map((s) => s.option);
}
