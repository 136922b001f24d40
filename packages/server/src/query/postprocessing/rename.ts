/**
 * `rename`: column labels renamed by the `columns` map, on one `level` of a multi-level header
 * (0 is the metric level after a pivot). Renaming to null empties that level, so `flatten`
 * leaves it out: this is how Superset drops the metric name from series names. As in Superset
 * the names to rename must be first-level labels, and the operation is refused when every new
 * name already exists ("Label already exists"). `inplace` changes nothing here: tables are never
 * changed in place.
 */
import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './errors.js';
import {
  flatName,
  hasColumns,
  indexCountOf,
  labelsOf,
  makeTable,
  type HeaderLabels,
  type Table,
} from './table.js';

export interface RenameOptions {
  readonly columns: Readonly<Record<string, string | null>>;
  readonly inplace?: boolean;
  readonly level?: number | null;
}

export function rename(table: Table, options: RenameOptions): Table {
  const mapping = options.columns;
  if (Object.keys(mapping).length === 0) return table;
  if (!hasColumns(table, Object.keys(mapping))) {
    throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
  }
  const first = indexCountOf(table);
  const levels = table.header?.[first]?.length ?? 1;
  const level = options.level ?? null;
  if (level !== null && (!Number.isInteger(level) || level >= levels || level < -levels)) {
    throw new PostProcessingError(`Invalid level for rename: ${level}`);
  }
  const at = level === null ? null : level < 0 ? levels + level : level;
  const header: HeaderLabels[] = table.columns.map((_, i) => labelsOf(table, i));
  const levelValues = header
    .slice(first)
    .flatMap((labels) => (at === null ? labels : [labels[at] ?? null]));
  if (Object.values(mapping).every((name) => name !== null && levelValues.includes(name))) {
    throw new PostProcessingError('Label already exists');
  }
  if (!table.header && Object.values(mapping).some((name) => name === null)) {
    throw new PostProcessingError('A column of a flat table cannot be renamed to null');
  }
  const renamed = header.map((labels, i) => {
    if (i < first) return labels;
    return labels.map((label, l) =>
      (at === null || at === l) && label !== null && label in mapping
        ? (mapping[label] ?? null)
        : label,
    );
  });
  const names = renamed.map((labels, i) =>
    i < first ? (table.columns[i] ?? '') : table.header ? flatName(labels) : (labels[0] ?? ''),
  );
  return makeTable(names, table.data, first, table.header ? renamed : undefined);
}
