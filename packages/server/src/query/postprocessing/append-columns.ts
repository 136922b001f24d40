/**
 * New columns set on a table, as Superset's `_append_columns` over a DataFrame's `assign`: a
 * column whose name the table already has (outside the index) gets the new values in place,
 * any other is added at the end, in the order given.
 */
import {
  indexCountOf,
  labelsOf,
  makeTable,
  type Column,
  type HeaderLabels,
  type Table,
} from './table.js';

export function setColumns(table: Table, added: readonly (readonly [string, Column])[]): Table {
  const columns = [...table.columns];
  const data = [...table.data];
  const header: HeaderLabels[] = table.columns.map((_, i) => labelsOf(table, i));
  const first = indexCountOf(table);
  for (const [name, values] of added) {
    const at = columns.indexOf(name, first);
    if (at >= 0) {
      data[at] = values;
    } else {
      columns.push(name);
      data.push(values);
      header.push([name]);
    }
  }
  return makeTable(columns, data, first, header);
}
