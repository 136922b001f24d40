import type { ColumnKey, TableColumnMeta, TablePanel, TablePartitions } from './types';

export type KeyKind = 'pk' | 'fk' | 'index';

const ORDER: KeyKind[] = ['pk', 'fk', 'index'];

function constrained(key: ColumnKey): string[] {
  return key.constrained_columns ?? key.column_names ?? [];
}

/** The keys a column takes part in (primary key first, then foreign key, then index). */
export function columnKeyKinds(
  column: TableColumnMeta,
  panel: Pick<TablePanel, 'primaryKey' | 'foreignKeys' | 'indexes'>,
): KeyKind[] {
  const kinds = new Set<KeyKind>();
  for (const k of column.keys ?? []) {
    if (k.type === 'pk' || k.type === 'fk' || k.type === 'index') kinds.add(k.type);
  }
  if (panel.primaryKey && constrained(panel.primaryKey).includes(column.name)) kinds.add('pk');
  if (panel.foreignKeys.some((k) => constrained(k).includes(column.name))) kinds.add('fk');
  if (panel.indexes.some((k) => constrained(k).includes(column.name))) kinds.add('index');
  return ORDER.filter((k) => kinds.has(k));
}

/** What a column's key icon tells: "Primary key", "Foreign key to orders(id)", "Index idx_a". */
export function keyDescriptions(
  column: TableColumnMeta,
  panel: Pick<TablePanel, 'primaryKey' | 'foreignKeys' | 'indexes'>,
): string[] {
  const out: string[] = [];
  for (const kind of columnKeyKinds(column, panel)) {
    if (kind === 'pk') out.push('Primary key');
    if (kind === 'fk') {
      const fks = [
        ...panel.foreignKeys,
        ...(column.keys ?? []).filter((k) => k.type === 'fk'),
      ].filter((k) => constrained(k).includes(column.name));
      const fk = fks[0];
      out.push(
        fk?.referred_table
          ? `Foreign key to ${fk.referred_table}(${(fk.referred_columns ?? []).join(', ')})`
          : 'Foreign key',
      );
    }
    if (kind === 'index') {
      const idx = [...panel.indexes, ...(column.keys ?? []).filter((k) => k.type === 'index')].find(
        (k) => constrained(k).includes(column.name),
      );
      out.push(idx?.name ? `Index ${idx.name}` : 'Index');
    }
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The partitions of a `table_extra` answer, or null when the table has none. */
export function readPartitions(answer: unknown): TablePartitions | null {
  const p = isRecord(answer) && isRecord(answer.partitions) ? answer.partitions : null;
  if (!p || !Array.isArray(p.cols)) return null;
  const cols = p.cols.filter((c): c is string => typeof c === 'string');
  if (cols.length === 0) return null;
  return {
    cols,
    latest: isRecord(p.latest) && Object.keys(p.latest).length > 0 ? p.latest : null,
    partitionQuery: typeof p.partitionQuery === 'string' ? p.partitionQuery : null,
  };
}

/** What the panel says of them: "Partitioned by a, b", and the latest partition's values. */
export function partitionLines(partitions: TablePartitions | null | undefined): string[] {
  if (!partitions) return [];
  const lines = [`Partitioned by ${partitions.cols.join(', ')}`];
  if (partitions.latest) {
    const values = Object.entries(partitions.latest)
      .map(
        ([k, v]) =>
          `${k}=${v === null ? 'NULL' : typeof v === 'object' ? JSON.stringify(v) : String(v as string | number)}`,
      )
      .join(', ');
    lines.push(`Latest partition: ${values} (the preview reads it)`);
  }
  return lines;
}
