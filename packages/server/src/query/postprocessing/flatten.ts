/**
 * `flatten`: a multi-level header becomes one name per column, the labels (commas escaped as
 * `\,`, empty levels left out, `drop_levels` removed first) joined with ", ", and with
 * `reset_index` (the default) the index columns become plain columns (all of them: pandas'
 * `reset_index(level=0)` would move only the first of several, and Explore's pivots have one).
 */
import { PostProcessingError } from './errors.js';
import { flatName, indexCountOf, labelsOf, makeTable, type Table } from './table.js';

export interface FlattenOptions {
  readonly reset_index?: boolean;
  readonly drop_levels?: readonly number[];
}

export function flatten(table: Table, options: FlattenOptions = {}): Table {
  const first = indexCountOf(table);
  let names = table.columns;
  if (table.header) {
    const levels = table.header[first]?.length ?? 1;
    const drop = new Set(
      (options.drop_levels ?? []).map((level) => {
        if (!Number.isInteger(level) || level >= levels || level < -levels) {
          throw new PostProcessingError(`Invalid level to drop: ${level}`);
        }
        return level < 0 ? levels + level : level;
      }),
    );
    if (drop.size >= levels) throw new PostProcessingError('Cannot drop every level of the header');
    names = table.columns.map((name, i) =>
      i < first ? name : flatName(labelsOf(table, i).filter((_, l) => !drop.has(l))),
    );
  }
  const reset = options.reset_index ?? true;
  return makeTable(names, table.data, reset ? 0 : first);
}
