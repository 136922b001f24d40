/**
 * The results grid's pure parts: cell text, column kinds, sorting, filtering, column widths,
 * the page cache and the row pager, the scroll window of a very tall grid, and CSV/TSV text.
 */
import { GenericDataType } from '@strata/core';
import type { ResultColumn } from '@strata/core';

export type Row = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Cells

/** Longest text kept for a cell's display and tooltip (the copy keeps the whole value). */
export const CELL_TEXT_MAX = 2000;

/** A value as text: NULL for null, JSON for objects and arrays, ISO for dates. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  }
  try {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  } catch {
    return String(value);
  }
}

/** A cell as the grid shows it: one line of at most CELL_TEXT_MAX characters. */
export function cellDisplay(value: unknown): { text: string; isNull: boolean; truncated: boolean } {
  if (value === null || value === undefined)
    return { text: 'NULL', isNull: true, truncated: false };
  const full = valueText(value);
  const truncated = full.length > CELL_TEXT_MAX;
  const text = (truncated ? full.slice(0, CELL_TEXT_MAX) : full).replace(/[\r\n\t]+/g, ' ');
  return { text, isNull: false, truncated };
}

/** A value as copied or exported: empty text for null. */
export function exportText(value: unknown): string {
  return value === null || value === undefined ? '' : valueText(value);
}

// ---------------------------------------------------------------------------------------------
// Column kinds

export type ColumnKind = 'number' | 'temporal' | 'boolean' | 'string';

const NUMERIC_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const NUMERIC_TYPE = /INT|DECIMAL|NUMERIC|NUMBER|FLOAT|DOUBLE|REAL|MONEY|SERIAL/i;
const TEMPORAL_TYPE = /DATE|TIME/i;
const BOOLEAN_TYPE = /^BOOL/i;

/** What a column holds, from its generic type, its database type, else a sample of values. */
export function columnKind(column: ResultColumn, sample: readonly unknown[] = []): ColumnKind {
  switch (column.type_generic) {
    case GenericDataType.NUMERIC:
      return 'number';
    case GenericDataType.TEMPORAL:
      return 'temporal';
    case GenericDataType.BOOLEAN:
      return 'boolean';
    case GenericDataType.STRING:
      return 'string';
    default:
      break;
  }
  if (column.is_dttm) return 'temporal';
  const type = column.type ?? '';
  if (BOOLEAN_TYPE.test(type)) return 'boolean';
  if (NUMERIC_TYPE.test(type) && !/INTERVAL/i.test(type)) return 'number';
  if (TEMPORAL_TYPE.test(type) && !/INTERVAL/i.test(type)) return 'temporal';
  let seen = 0;
  let numbers = 0;
  let booleans = 0;
  for (const v of sample) {
    if (v === null || v === undefined) continue;
    seen += 1;
    if (typeof v === 'number' || typeof v === 'bigint') numbers += 1;
    else if (typeof v === 'boolean') booleans += 1;
  }
  if (seen > 0 && numbers === seen) return 'number';
  if (seen > 0 && booleans === seen) return 'boolean';
  return 'string';
}

/** The kind of every column, from its type or the first rows. */
export function columnKinds(columns: readonly ResultColumn[], rows: readonly Row[]): ColumnKind[] {
  const sample = rows.slice(0, 200);
  return columns.map((c) =>
    columnKind(
      c,
      sample.map((r) => r[c.column_name]),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Sorting

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  column: string;
  direction: SortDirection;
}

/** A header click: none -> ascending -> descending -> none; another column starts ascending. */
export function nextSort(current: SortState | null, column: string): SortState | null {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  if (current.direction === 'asc') return { column, direction: 'desc' };
  return null;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** A value's sort key for a kind: a number, a string, or null (sorted last). */
export function sortKey(value: unknown, kind: ColumnKind): number | string | null {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'number': {
      if (typeof value === 'number') return Number.isNaN(value) ? null : value;
      if (typeof value === 'bigint') return Number(value);
      if (typeof value === 'string' && NUMERIC_TEXT.test(value)) return Number(value);
      if (typeof value === 'boolean') return value ? 1 : 0;
      return valueText(value);
    }
    case 'temporal': {
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
      if (typeof value === 'number') return value;
      if (typeof value === 'string') {
        const t = Date.parse(value);
        return Number.isNaN(t) ? value : t;
      }
      return valueText(value);
    }
    case 'boolean':
      if (typeof value === 'boolean') return value ? 1 : 0;
      return valueText(value);
    default:
      return typeof value === 'string' ? value : valueText(value);
  }
}

/** Compares two sort keys: numbers before text, text in natural order; nulls are not expected. */
export function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return collator.compare(a, b);
}

/**
 * Compares two values of a column ascending; null and undefined come after every value.
 * (The sort below keeps nulls last in both directions.)
 */
export function compareValues(a: unknown, b: unknown, kind: ColumnKind): number {
  const ka = sortKey(a, kind);
  const kb = sortKey(b, kind);
  if (ka === null) return kb === null ? 0 : 1;
  if (kb === null) return -1;
  return compareKeys(ka, kb);
}

/**
 * Sorts row positions by a column: stable, nulls last whichever the direction. `indexes` are
 * the positions to sort (all rows when omitted); a new array is returned.
 */
export function sortRowIndexes(
  rows: readonly Row[],
  column: string,
  direction: SortDirection,
  kind: ColumnKind,
  indexes?: readonly number[],
): number[] {
  const positions = indexes ? [...indexes] : rows.map((_, i) => i);
  const keys: Array<number | string | null> = new Array<number | string | null>(rows.length);
  for (const i of positions) keys[i] = sortKey(rows[i]?.[column], kind);
  const sign = direction === 'asc' ? 1 : -1;
  positions.sort((i, j) => {
    const a = keys[i] ?? null;
    const b = keys[j] ?? null;
    if (a === null) return b === null ? 0 : 1;
    if (b === null) return -1;
    return sign * compareKeys(a, b);
  });
  return positions;
}

// ---------------------------------------------------------------------------------------------
// Filtering

/** True when any cell of the row contains the (lower-case) needle; NULL cells match "null". */
export function rowMatches(row: Row, columnNames: readonly string[], needle: string): boolean {
  for (const name of columnNames) {
    if (valueText(row[name]).toLowerCase().includes(needle)) return true;
  }
  return false;
}

/** Each row's cells as one lower-case text, to filter the same rows again and again quickly. */
export function rowSearchTexts(rows: readonly Row[], columnNames: readonly string[]): string[] {
  return rows.map((row) =>
    columnNames.map((name) => valueText(row[name]).toLowerCase()).join('\u0000'),
  );
}

/**
 * Positions of the rows that contain `text` in any cell (case-insensitive); all for blank text.
 * `texts` are the rows' `rowSearchTexts`, when at hand.
 */
export function filterRowIndexes(
  rows: readonly Row[],
  columnNames: readonly string[],
  text: string,
  texts?: readonly string[],
): number[] {
  const needle = text.trim().toLowerCase();
  const out: number[] = [];
  for (let i = 0; i < rows.length; i += 1) {
    if (!needle) out.push(i);
    else if (texts) {
      if (texts[i]?.includes(needle)) out.push(i);
    } else {
      const row = rows[i];
      if (row && rowMatches(row, columnNames, needle)) out.push(i);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Column widths

export interface WidthOptions {
  /** Average width of a character of the cell font, in pixels (when `measure` is not given). */
  charWidth?: number;
  /** Width in pixels of a value's text in the cell font (a canvas measurement); else estimated. */
  measure?: (text: string) => number;
  /** Width in pixels of a header's text in the header font; else estimated. */
  measureHeader?: (text: string) => number;
  /** Horizontal padding and border of a cell, with a pixel to spare. */
  padding?: number;
  /** Room for the sort mark in the header. */
  headerExtra?: number;
  min?: number;
  /** Widest a column starts (its base). */
  max?: number;
  /** Widest a column grows into free room (its full width). */
  fullMax?: number;
  /** Rows looked at. */
  sampleSize?: number;
}

const WIDTH_DEFAULTS = {
  charWidth: 7.4,
  padding: 24,
  headerExtra: 30,
  min: 64,
  max: 420,
  fullMax: 900,
  sampleSize: 300,
};

/** Characters of a value measured at most (longer ones hit the maximum width anyway). */
const MEASURED_CHARS = 200;

/** What a column may take: `base` fits most values (95th percentile), `full` the longest one. */
export interface ColumnWidthPlan {
  base: number[];
  full: number[];
}

/**
 * Column widths from the header and a sample of the values: `base` is the header or the 95th
 * percentile of the values' widths (so one huge value does not widen the column), whichever is
 * wider, within min and max; `full` the header or the widest value, within min and fullMax
 * (a long value may take free room, not more). Number columns (by
 * `kinds`) fit their longest value and more in both.
 */
export function columnWidthPlan(
  columns: readonly ResultColumn[],
  rows: readonly Row[],
  options: WidthOptions = {},
  kinds?: readonly ColumnKind[],
): ColumnWidthPlan {
  const o = { ...WIDTH_DEFAULTS, ...options };
  const measure = o.measure ?? ((text: string) => text.length * o.charWidth);
  const measureHeader = o.measureHeader ?? ((text: string) => headerTextWidth(text, o.charWidth));
  const sample = sampleRows(rows, o.sampleSize);
  const clamp = (w: number, max = o.max) => Math.round(Math.min(max, Math.max(o.min, w)));
  const base: number[] = [];
  const full: number[] = [];
  columns.forEach((c, i) => {
    const widths = sample
      .map((r) => {
        const v = r[c.column_name];
        return measure(
          v === null || v === undefined ? 'NULL' : valueText(v).slice(0, MEASURED_CHARS),
        );
      })
      .sort((a, b) => a - b);
    const p95 = widths.length
      ? widths[Math.min(widths.length - 1, Math.floor(widths.length * 0.95))]!
      : 0;
    const widest = widths.length ? widths[widths.length - 1]! : 0;
    // Numbers are short and must not be cut: the longest, with room for the rows further on.
    const numeric = kinds?.[i] === 'number';
    const roomToGrow = numeric ? measure('00') : 0;
    const header = measureHeader(c.column_name) + o.headerExtra + o.padding - 4;
    const least = numeric ? measure('00000000') : 0;
    const body = (w: number) => Math.max(least, w + roomToGrow) + o.padding;
    base.push(clamp(Math.max(header, body(numeric ? widest : p95))));
    full.push(clamp(Math.max(header, body(widest)), Math.max(o.max, o.fullMax)));
  });
  return { base, full };
}

/** Column widths estimated from the header and a sample of the values (`columnWidthPlan`'s base). */
export function estimateColumnWidths(
  columns: readonly ResultColumn[],
  rows: readonly Row[],
  options: WidthOptions = {},
  kinds?: readonly ColumnKind[],
): number[] {
  return columnWidthPlan(columns, rows, options, kinds).base;
}

/** The rows column widths are measured on, for one result (its columns' key). */
export interface WidthSample {
  key: string;
  rows: readonly Row[];
}

/**
 * The sample to size columns on: kept for a result once it has rows, so the columns do not
 * move while the rest of the rows stream in; taken again for another result (other columns)
 * or when the kept one had no rows yet. Returns `kept` itself when it stays.
 */
export function nextWidthSample(kept: WidthSample, key: string, rows: readonly Row[]): WidthSample {
  if (kept.key !== key || (kept.rows.length === 0 && rows.length > 0)) return { key, rows };
  return kept;
}

/**
 * The widths to show in `available` pixels: each column's base width, grown towards its full
 * width (the widest value sampled) while there is room; when not every column can have its
 * full width, the room is shared in proportion to what each one lacks. Never narrower than the
 * base, so a narrow pane scrolls sideways rather than cutting more.
 */
export function fitColumnWidths(plan: ColumnWidthPlan, available: number): number[] {
  const { base, full } = plan;
  const used = base.reduce((a, b) => a + b, 0);
  const room = Math.max(0, available - used);
  const wants = base.map((b, i) => Math.max(0, (full[i] ?? b) - b));
  const wanted = wants.reduce((a, b) => a + b, 0);
  if (wanted === 0 || room === 0) return base.slice();
  if (wanted <= room) return base.map((b, i) => b + wants[i]!);
  const share = room / wanted;
  return base.map((b, i) => Math.floor(b + wants[i]! * share));
}

/**
 * Width of a header label in the grid's bold header font: capitals and digits are wider than
 * lower-case letters (all-capital names such as COUNTRY were cut otherwise).
 */
export function headerTextWidth(text: string, charWidth = 7.4): number {
  let width = 0;
  for (const ch of text) width += /[A-Z0-9MW@%]/.test(ch) ? charWidth + 2.4 : charWidth + 0.8;
  return width;
}

/** Up to `n` rows spread over the whole array (first rows weigh most: they are seen first). */
export function sampleRows(rows: readonly Row[], n: number): Row[] {
  if (rows.length <= n) return rows.slice();
  const head = Math.ceil(n / 2);
  const out = rows.slice(0, head);
  const rest = n - head;
  const step = (rows.length - head) / rest;
  for (let k = 0; k < rest; k += 1) {
    const row = rows[head + Math.floor(k * step)];
    if (row) out.push(row);
  }
  return out;
}

/** Width of the row number column for a row count. */
export function rowNumberWidth(count: number, charWidth = 7.4): number {
  return Math.max(44, Math.round(String(Math.max(1, count)).length * charWidth + 22));
}

// ---------------------------------------------------------------------------------------------
// Page cache

/** A least-recently-used cache of pages of rows: holds at most `capacity` pages. */
export class LruPageCache<T = Row[]> {
  private readonly pages = new Map<number, T>();

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new Error('capacity must be at least 1');
  }

  get size(): number {
    return this.pages.size;
  }

  has(page: number): boolean {
    return this.pages.has(page);
  }

  /** The page, marked as most recently used. */
  get(page: number): T | undefined {
    const value = this.pages.get(page);
    if (value !== undefined) {
      this.pages.delete(page);
      this.pages.set(page, value);
    }
    return value;
  }

  /** The page without touching its place in the order. */
  peek(page: number): T | undefined {
    return this.pages.get(page);
  }

  /**
   * Stores a page as most recently used, evicting the least recently used pages beyond the
   * capacity, except those in `keep` (pages on screen). Returns the evicted page numbers.
   */
  set(page: number, value: T, keep: ReadonlySet<number> = new Set()): number[] {
    this.pages.delete(page);
    this.pages.set(page, value);
    const evicted: number[] = [];
    for (const key of this.pages.keys()) {
      if (this.pages.size <= this.capacity) break;
      if (key === page || keep.has(key)) continue;
      this.pages.delete(key);
      evicted.push(key);
    }
    return evicted;
  }

  delete(page: number): boolean {
    return this.pages.delete(page);
  }

  clear(): void {
    this.pages.clear();
  }

  /** Page numbers, least recently used first. */
  keys(): number[] {
    return [...this.pages.keys()];
  }
}

// ---------------------------------------------------------------------------------------------
// Row pager

export type LoadRows = (offset: number, limit: number) => Promise<Row[]>;

export interface RowPagerOptions {
  /** The first rows of the result (rows 0 … n-1), already here. */
  initialRows: readonly Row[];
  /** Rows in the whole result. */
  totalRows: number;
  pageSize: number;
  /** Pages held at most (besides the initial rows). */
  maxPages: number;
  loadRows?: LoadRows;
  /** Requests in flight at most. */
  concurrency?: number;
  /** Called when pages arrive or fail. */
  onChange?: () => void;
}

export type RowStatus = 'ready' | 'loading' | 'error' | 'missing';

/**
 * Rows of a large result, fetched page by page as they come into view: the initial rows, then
 * pages of `pageSize` rows from `loadRows`, kept in an LRU cache of `maxPages` pages. Only the
 * pages last asked for are fetched (scrolling past pages does not queue them), a few at a time.
 */
export class RowPager {
  readonly initialRows: readonly Row[];
  readonly totalRows: number;
  readonly pageSize: number;
  private readonly cache: LruPageCache<Row[]>;
  private readonly loadRows?: LoadRows;
  private readonly concurrency: number;
  private readonly onChange?: () => void;
  private readonly loading = new Map<number, Promise<void>>();
  private readonly errors = new Map<number, string>();
  private wanted = new Set<number>();
  private disposed = false;
  private generation = 0;
  private all: Row[] | null = null;
  private allPromise: Promise<Row[]> | null = null;
  /** Bumped on every change, for memo dependencies. */
  version = 0;

  constructor(options: RowPagerOptions) {
    this.initialRows = options.initialRows;
    this.totalRows = Math.max(options.totalRows, options.initialRows.length);
    this.pageSize = Math.max(1, options.pageSize);
    this.cache = new LruPageCache(Math.max(1, options.maxPages));
    this.loadRows = options.loadRows;
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    this.onChange = options.onChange;
  }

  /** Rows the grid can reach: all of them when pages can be fetched, else the initial ones. */
  get reachableRows(): number {
    return this.loadRows ? this.totalRows : this.initialRows.length;
  }

  /** True when every row of the result is here. */
  get complete(): boolean {
    return this.all !== null || this.initialRows.length >= this.totalRows;
  }

  /** Pages held in the cache. */
  get cachedPages(): number {
    return this.cache.size;
  }

  pageOf(index: number): number {
    return Math.floor(index / this.pageSize);
  }

  /** The row at a position, or undefined while its page is not here. */
  row(index: number): Row | undefined {
    if (index < this.initialRows.length) return this.initialRows[index];
    if (this.all) return this.all[index];
    const page = this.cache.get(this.pageOf(index));
    return page?.[index - this.pageOf(index) * this.pageSize];
  }

  status(index: number): RowStatus {
    if (index >= this.totalRows) return 'missing';
    if (this.row(index) !== undefined) return 'ready';
    const page = this.pageOf(index);
    if (this.errors.has(page)) return 'error';
    if (this.loading.has(page) || this.wanted.has(page)) return 'loading';
    return 'missing';
  }

  /** The first error of a page load, if any. */
  get error(): string | null {
    const first = this.errors.values().next();
    return first.done ? null : first.value;
  }

  /** True while any page is being fetched. */
  get busy(): boolean {
    return this.loading.size > 0 || this.allPromise !== null;
  }

  private pageNeeded(page: number): boolean {
    const start = page * this.pageSize;
    if (start >= this.totalRows) return false;
    const end = Math.min(this.totalRows, start + this.pageSize);
    return end > this.initialRows.length && !this.all && !this.cache.has(page);
  }

  /**
   * Asks for the rows `first` … `last` (inclusive): their pages are fetched unless here; the
   * next page too when `last` is in the last quarter of its page (so scrolling on finds it).
   * Pages asked for earlier and not fetched yet are forgotten.
   */
  ensureRange(first: number, last: number): void {
    if (this.disposed || !this.loadRows || this.complete) return;
    const from = this.pageOf(Math.max(0, first));
    const to = this.pageOf(Math.max(0, Math.min(last, this.totalRows - 1)));
    const wanted = new Set<number>();
    for (let p = from; p <= to; p += 1) wanted.add(p);
    if (last - to * this.pageSize > this.pageSize * 0.75) wanted.add(to + 1);
    this.wanted = new Set([...wanted].filter((p) => this.pageNeeded(p)));
    this.pump();
  }

  /** Forgets failed pages and fetches the wanted ones again. */
  retry(): void {
    this.errors.clear();
    this.version += 1;
    this.pump();
    this.onChange?.();
  }

  private pump(): void {
    if (this.disposed || !this.loadRows) return;
    for (const page of this.wanted) {
      if (this.loading.size >= this.concurrency) break;
      if (this.loading.has(page) || this.errors.has(page) || !this.pageNeeded(page)) continue;
      this.loading.set(page, this.fetchPage(page, this.generation));
    }
  }

  private async fetchPage(page: number, generation: number): Promise<void> {
    const load = this.loadRows;
    if (!load) return;
    let rows: Row[] | null = null;
    let error = '';
    try {
      rows = await load(page * this.pageSize, this.pageSize);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (generation !== this.generation) return; // an answer for a pager since reset
    this.loading.delete(page);
    if (rows) {
      this.cache.set(page, rows, new Set(this.wanted));
      this.errors.delete(page);
      this.wanted.delete(page);
    } else {
      // Kept in `wanted`: `retry()` fetches it again.
      this.errors.set(page, error || 'The rows could not be loaded.');
    }
    this.version += 1;
    this.pump();
    this.onChange?.();
  }

  /**
   * Every row of the result, fetched page by page when missing (for sorting and filtering the
   * whole result); only sensible for results small enough to hold.
   */
  loadAll(): Promise<readonly Row[]> {
    if (this.all) return Promise.resolve(this.all);
    if (this.initialRows.length >= this.totalRows) return Promise.resolve(this.initialRows);
    if (this.allPromise) return this.allPromise;
    const load = this.loadRows;
    if (!load) return Promise.resolve(this.initialRows);
    const generation = this.generation;
    const run = async (): Promise<Row[]> => {
      const out: Row[] = this.initialRows.slice();
      while (out.length < this.totalRows) {
        const page = this.pageOf(out.length);
        const start = page * this.pageSize;
        const rows = this.cache.peek(page) ?? (await load(start, this.pageSize));
        if (generation !== this.generation) return out;
        if (rows.length === 0) break;
        for (let k = out.length - start; k < rows.length; k += 1) out.push(rows[k]!);
      }
      return out;
    };
    const promise = run().then(
      (rows) => {
        if (generation !== this.generation) return rows;
        this.allPromise = null;
        this.all = rows;
        this.cache.clear();
        this.version += 1;
        this.onChange?.();
        return rows;
      },
      (e: unknown) => {
        if (generation === this.generation) this.allPromise = null;
        throw e;
      },
    );
    this.allPromise = promise;
    return promise;
  }

  /**
   * The rows here from the first one without a gap: the initial rows and the cached pages that
   * follow them (what sorting and filtering can honestly work on when not all rows are here).
   */
  contiguousRows(): readonly Row[] {
    if (this.all) return this.all;
    const first = this.cache.peek(this.pageOf(this.initialRows.length));
    if (!first || this.initialRows.length >= this.totalRows) return this.initialRows;
    const out: Row[] = this.initialRows.slice();
    for (;;) {
      const page = this.pageOf(out.length);
      const rows = this.cache.peek(page);
      if (!rows || rows.length === 0 || out.length >= this.totalRows) break;
      const start = page * this.pageSize;
      for (let k = out.length - start; k < rows.length; k += 1) out.push(rows[k]!);
      if (rows.length < this.pageSize) break;
    }
    return out;
  }

  /** Stops: answers still on their way are dropped, the pages held are let go. */
  dispose(): void {
    this.disposed = true;
    this.generation += 1;
    this.wanted.clear();
    this.loading.clear();
    this.errors.clear();
    this.allPromise = null;
    this.cache.clear();
  }

  /** Starts again after `dispose` (effects run twice in React's strict mode). */
  activate(): void {
    this.disposed = false;
  }
}

// ---------------------------------------------------------------------------------------------
// The scroll window

/**
 * The tallest spacer the grid uses. Browsers cap an element's height (about 33.5 million px in
 * Chrome, 17.9 million in Firefox) and draw sticky and positioned content wrongly well before
 * that (past 2^24 px, where single-precision floats stop being exact): above this height the
 * grid scrolls a shorter spacer and maps its scroll position onto the rows.
 */
export const MAX_SCROLL_HEIGHT = 15_000_000;

export interface ScrollWindowInput {
  count: number;
  rowHeight: number;
  /** Height of the rows' viewport. */
  viewport: number;
  scrollTop: number;
  overscan?: number;
  maxHeight?: number;
}

export interface ScrollWindow {
  /** Height of the spacer that gives the scroll bar. */
  spacerHeight: number;
  /** Virtual pixels per real pixel of scrolling (1 unless the rows are taller than the cap). */
  factor: number;
  /** The top of the viewport in the rows' own (virtual) coordinates. */
  virtualTop: number;
  first: number;
  /** Last row to render (inclusive); -1 when there are none. */
  last: number;
}

/** Which rows to render for a scroll position, with the scaling of very tall grids. */
export function scrollWindow({
  count,
  rowHeight,
  viewport,
  scrollTop,
  overscan = 8,
  maxHeight = MAX_SCROLL_HEIGHT,
}: ScrollWindowInput): ScrollWindow {
  const total = count * rowHeight;
  const spacerHeight = Math.min(total, maxHeight);
  const factor =
    total > spacerHeight && spacerHeight > viewport
      ? (total - viewport) / (spacerHeight - viewport)
      : 1;
  const maxTop = Math.max(0, total - viewport);
  const virtualTop = Math.min(maxTop, Math.max(0, scrollTop * factor));
  if (count === 0) return { spacerHeight, factor, virtualTop: 0, first: 0, last: -1 };
  const first = Math.max(0, Math.floor(virtualTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((virtualTop + viewport) / rowHeight) + overscan);
  return { spacerHeight, factor, virtualTop, first, last };
}

/** Where row `index` is drawn, relative to the top of the rows (real pixels). */
export function rowTop(
  index: number,
  rowHeight: number,
  win: ScrollWindow,
  scrollTop: number,
): number {
  if (win.factor === 1) return index * rowHeight;
  return scrollTop + (index * rowHeight - win.virtualTop);
}

/**
 * The scroll position that brings row `index` into view (or null when it is in view already),
 * keeping it just inside the top or bottom edge.
 */
export function scrollTopForRow(
  index: number,
  rowHeight: number,
  viewport: number,
  win: ScrollWindow,
): number | null {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  let virtual: number | null = null;
  if (top < win.virtualTop) virtual = top;
  else if (bottom > win.virtualTop + viewport) virtual = bottom - viewport;
  if (virtual === null) return null;
  return Math.max(0, virtual / win.factor);
}

// ---------------------------------------------------------------------------------------------
// CSV and TSV

function quoteField(text: string, delimiter: string): string {
  // CSV quotes any field with a quote; TSV (pasted into spreadsheets and editors) only fields
  // that would break the line or the column, or that start with a quote.
  const needsQuotes =
    delimiter === '\t'
      ? /[\t\r\n]/.test(text) || text.startsWith('"')
      : text.includes('"') || text.includes(delimiter) || /[\r\n]/.test(text);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Rows as delimited text: a header line of column names, then one line per row; fields with the
 * delimiter, a quote or a line break are quoted (RFC 4180), NULL is an empty field.
 */
export function toDelimited(
  columnNames: readonly string[],
  rows: readonly Row[],
  delimiter: ',' | '\t' = ',',
  lineBreak = '\n',
): string {
  const lines = [columnNames.map((n) => quoteField(n, delimiter)).join(delimiter)];
  for (const row of rows) {
    lines.push(columnNames.map((n) => quoteField(exportText(row[n]), delimiter)).join(delimiter));
  }
  return lines.join(lineBreak);
}

/** Rows as CSV (comma separated, CRLF line breaks as RFC 4180 has them). */
export function toCsv(columnNames: readonly string[], rows: readonly Row[]): string {
  return toDelimited(columnNames, rows, ',', '\r\n');
}

/** Rows as TSV for the clipboard (pastes into spreadsheets as cells). */
export function toTsv(columnNames: readonly string[], rows: readonly Row[]): string {
  return toDelimited(columnNames, rows, '\t', '\n');
}
