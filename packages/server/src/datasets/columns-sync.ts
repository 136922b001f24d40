import { GenericDataType } from '@strata/core';
import { genericTypeOf } from '../engines/shared/generic-type.js';

/** A column as the source database describes it. */
export interface SourceColumn {
  name: string;
  type: string;
  generic: GenericDataType;
}

/** A column as the dataset keeps it. */
export interface StoredColumn {
  id: number;
  column_name: string;
  type: string | null;
  expression: string | null;
  is_dttm: boolean;
}

export interface ColumnSyncPlan {
  add: SourceColumn[];
  /** Existing physical columns whose type changed (metadata such as verbose names is kept). */
  retype: Array<{ id: number; type: string; is_dttm: boolean }>;
  /** Physical columns the source no longer has; calculated columns are never removed. */
  remove: number[];
}

/**
 * How to bring a dataset's columns in line with its source, as "sync columns from source"
 * does: new columns are added, changed types updated, vanished physical columns removed, and
 * everything users wrote (verbose names, descriptions, calculated columns) kept.
 */
export function planColumnSync(stored: StoredColumn[], source: SourceColumn[]): ColumnSyncPlan {
  const byName = new Map(stored.filter((c) => !c.expression).map((c) => [c.column_name, c]));
  const sourceNames = new Set(source.map((c) => c.name));
  const calculatedNames = new Set(stored.filter((c) => c.expression).map((c) => c.column_name));
  const add: SourceColumn[] = [];
  const retype: ColumnSyncPlan['retype'] = [];
  for (const col of source) {
    const existing = byName.get(col.name);
    if (!existing) {
      if (!calculatedNames.has(col.name)) add.push(col);
      continue;
    }
    if ((existing.type ?? '') !== col.type) {
      retype.push({
        id: existing.id,
        type: col.type,
        is_dttm: existing.is_dttm || col.generic === GenericDataType.TEMPORAL,
      });
    }
  }
  const remove = [...byName.values()]
    .filter((c) => !sourceNames.has(c.column_name))
    .map((c) => c.id);
  return { add, retype, remove };
}

/** The generic type of a stored column: temporal when marked so, else from its type name. */
export function storedGenericType(col: { type: string | null; is_dttm: boolean }): GenericDataType {
  if (col.is_dttm) return GenericDataType.TEMPORAL;
  return col.type ? genericTypeOf(col.type) : GenericDataType.STRING;
}
