/**
 * The pivot itself (pure): records → ordered row and column keys (with subtotal keys when asked)
 * and a cell value for every (row key, column key) pair, where a shorter key is a subtotal and
 * the empty key a total. Every prefix pair is aggregated from the records it covers, so
 * subtotals and totals use the chosen function over the underlying values (an average of
 * averages is not taken).
 */
import { aggregate, fractionOf, type AggregateFunction, type CellValue } from './aggregators.js';

export type Key = readonly string[];

export interface PivotRecord {
  /** The values of the row attributes, in order. */
  row: Key;
  /** The values of the column attributes, in order. */
  col: Key;
  value: unknown;
}

export type KeyOrder = 'key_a_to_z' | 'key_z_to_a' | 'value_a_to_z' | 'value_z_to_a';

export interface PivotOptions {
  aggregateFunction: AggregateFunction;
  rowOrder: KeyOrder;
  colOrder: KeyOrder;
  rowSubtotals: boolean;
  colSubtotals: boolean;
}

export interface PivotModel {
  /** Rendered row keys: full keys, and shorter subtotal keys after their group when asked. */
  rowKeys: Key[];
  colKeys: Key[];
  /** The value of a cell; `[]` as a key is the total over that axis. */
  value(row: Key, col: Key): CellValue;
}

const keyId = (k: Key) => JSON.stringify(k);
const pairId = (r: Key, c: Key) => `${keyId(r)}\u0000${keyId(c)}`;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

interface Node {
  key: Key;
  children: Map<string, Node>;
}

function insert(root: Node, key: Key): void {
  let node = root;
  for (let i = 0; i < key.length; i += 1) {
    const part = key[i]!;
    let child = node.children.get(part);
    if (!child) {
      child = { key: key.slice(0, i + 1), children: new Map() };
      node.children.set(part, child);
    }
    node = child;
  }
}

/**
 * Flattens the key tree depth first, children ordered by key or by their total, each group's
 * subtotal key after its children when subtotals are on (never for the full-length keys).
 */
function flatten(
  root: Node,
  depth: number,
  order: KeyOrder,
  subtotals: boolean,
  total: (k: Key) => number,
): Key[] {
  const out: Key[] = [];
  const sign = order.endsWith('z_to_a') ? -1 : 1;
  const byValue = order.startsWith('value');
  const walk = (node: Node) => {
    const children = [...node.children.values()].sort((a, b) => {
      if (byValue) {
        const d = total(a.key) - total(b.key);
        if (d !== 0) return sign * d;
      }
      return sign * collator.compare(a.key[a.key.length - 1]!, b.key[b.key.length - 1]!);
    });
    for (const child of children) {
      if (child.key.length === depth) out.push(child.key);
      else {
        walk(child);
        if (subtotals) out.push(child.key);
      }
    }
  };
  if (depth === 0) return [[]];
  walk(root);
  return out;
}

export function buildPivot(
  records: readonly PivotRecord[],
  rowDepth: number,
  colDepth: number,
  options: PivotOptions,
): PivotModel {
  const buckets = new Map<string, unknown[]>();
  const rowRoot: Node = { key: [], children: new Map() };
  const colRoot: Node = { key: [], children: new Map() };
  for (const rec of records) {
    insert(rowRoot, rec.row);
    insert(colRoot, rec.col);
    for (let i = 0; i <= rec.row.length; i += 1) {
      const r = rec.row.slice(0, i);
      for (let j = 0; j <= rec.col.length; j += 1) {
        const id = pairId(r, rec.col.slice(0, j));
        let bucket = buckets.get(id);
        if (!bucket) buckets.set(id, (bucket = []));
        bucket.push(rec.value);
      }
    }
  }
  const fn = options.aggregateFunction;
  const cache = new Map<string, CellValue>();
  const raw = (row: Key, col: Key): CellValue => {
    const id = pairId(row, col);
    if (!cache.has(id)) {
      const bucket = buckets.get(id);
      cache.set(id, bucket ? aggregate(fn, bucket) : null);
    }
    return cache.get(id)!;
  };
  const fraction = fractionOf(fn);
  const value = (row: Key, col: Key): CellValue => {
    const v = raw(row, col);
    if (!fraction || typeof v !== 'number') return v;
    const base =
      fraction === 'total' ? raw([], []) : fraction === 'rows' ? raw(row, []) : raw([], col);
    return typeof base === 'number' && base !== 0 ? v / base : null;
  };
  const asNumber = (v: CellValue) => (typeof v === 'number' ? v : Number.NEGATIVE_INFINITY);
  return {
    rowKeys: flatten(rowRoot, rowDepth, options.rowOrder, options.rowSubtotals, (k) =>
      asNumber(raw(k, [])),
    ),
    colKeys: flatten(colRoot, colDepth, options.colOrder, options.colSubtotals, (k) =>
      asNumber(raw([], k)),
    ),
    value,
  };
}

/**
 * Header spans of one axis: for each rendered key and level, the label to draw there (with its
 * span along the axis and across levels), or null when an earlier key's cell covers it.
 * A full key's cell at level L starts a group when the previous key does not share its first
 * L+1 values; a group spans the keys below it, including deeper subtotals but not its own
 * subtotal, which draws "Subtotal" from its level to the last one.
 */
export interface HeaderCell {
  label: string;
  /** Along the axis (rows for row headers, columns for column headers). */
  span: number;
  /** Across levels. */
  depthSpan: number;
  subtotal: boolean;
  key: Key;
}

export function headerCells(keys: readonly Key[], depth: number): Array<Array<HeaderCell | null>> {
  const startsWith = (k: Key, p: Key) => p.every((v, i) => k[i] === v);
  return keys.map((key, index) => {
    const cells: Array<HeaderCell | null> = [];
    for (let level = 0; level < depth; level += 1) {
      if (key.length < depth && level === key.length - 1) {
        cells.push({
          label: 'Subtotal',
          span: 1,
          depthSpan: depth - level,
          subtotal: true,
          key,
        });
        break;
      }
      if (level >= key.length) break;
      const prefix = key.slice(0, level + 1);
      const prev = keys[index - 1];
      const continues = prev !== undefined && prev.length > level + 1 && startsWith(prev, prefix);
      if (continues) {
        cells.push(null);
        continue;
      }
      let span = 0;
      for (let i = index; i < keys.length; i += 1) {
        const k = keys[i]!;
        if (k.length > level + 1 && startsWith(k, prefix)) span += 1;
        else if (k.length === level + 1 && startsWith(k, prefix)) break;
        else break;
      }
      cells.push({
        label: key[level]!,
        span: Math.max(span, 1),
        depthSpan: 1,
        subtotal: false,
        key: prefix,
      });
    }
    return cells;
  });
}
