/**
 * `select`: keeps the `columns` named, in that order (all when not given), removes those in
 * `exclude` (which must be among those kept), then renames by `rename` (a map, or a list of
 * maps as newer clients send).
 * Index columns stay.
 */
import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './errors.js';
import { indexCountOf, labelsOf, makeTable, type Table } from './table.js';

export type RenameMap = Readonly<Record<string, string>>;

export interface SelectOptions {
  readonly columns?: readonly string[] | null;
  readonly exclude?: readonly string[] | null;
  readonly rename?: RenameMap | readonly RenameMap[] | null;
}

const isRenameList = (rename: RenameMap | readonly RenameMap[]): rename is readonly RenameMap[] =>
  Array.isArray(rename);

function mergedRenames(rename: SelectOptions['rename']): RenameMap {
  if (!rename) return {};
  return isRenameList(rename) ? Object.assign({}, ...rename) : rename;
}

export function select(table: Table, options: SelectOptions): Table {
  const first = indexCountOf(table);
  const positionOf = (name: string): number => {
    const i = table.columns.indexOf(name);
    if (i < first) throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
    return i;
  };
  const renames = mergedRenames(options.rename);
  Object.keys(renames).forEach(positionOf);
  let kept =
    options.columns && options.columns.length > 0
      ? options.columns.map(positionOf)
      : table.columns.map((_, i) => i).slice(first);
  if (options.exclude && options.exclude.length > 0) {
    const excluded = new Set(options.exclude.map(positionOf));
    // Superset: excluding a column the selection already left out is an error naming them.
    const gone = options.exclude.filter((name) => !kept.includes(table.columns.indexOf(name)));
    if (gone.length > 0)
      throw new PostProcessingError(`${MISSING_COLUMNS_MESSAGE.slice(0, -1)}: ${gone.join(', ')}`);
    kept = kept.filter((i) => !excluded.has(i));
  }
  const positions = [...Array.from({ length: first }, (_, i) => i), ...kept];
  const names = positions.map((i) => {
    const name = table.columns[i] ?? '';
    return i >= first ? (renames[name] ?? name) : name;
  });
  const header = table.header
    ? positions.map((i, k) =>
        renames[table.columns[i] ?? ''] ? [names[k] ?? ''] : labelsOf(table, i),
      )
    : undefined;
  return makeTable(
    names,
    positions.map((i) => table.data[i] ?? []),
    first,
    header,
  );
}
