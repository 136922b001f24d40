/**
 * Filter sets (Superset's `/api/v1/dashboard/{id}/filtersets`) as plain data: what a set keeps
 * (`json_metadata`: the native filters' configuration by id and their data masks, as Superset
 * stored them), what applying a set does to the page's masks, and which set the page shows now.
 */
import type { DataMask } from '@strata/charts';
import { NATIVE_FILTER_TYPE, type NativeFilter } from '../nativeFilters';

/** A set as the list call answers it (`params` is the parsed `json_metadata`). */
export interface FilterSet {
  id: number;
  name: string;
  description?: string | null;
  params: { nativeFilters?: Record<string, unknown>; dataMask?: Record<string, DataMask> };
  owner_id: number;
  owner_type: 'User' | 'Dashboard';
  dashboard_id: number;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `json_metadata` text a set keeps: every native filter's configuration and mask. */
export function filterSetMetadata(
  filters: readonly NativeFilter[],
  masks: Readonly<Record<string, DataMask | undefined>>,
): string {
  const nativeFilters: Record<string, unknown> = {};
  const dataMask: Record<string, DataMask> = {};
  for (const f of filters) {
    if (f.type !== NATIVE_FILTER_TYPE) continue;
    nativeFilters[f.id] = {
      id: f.id,
      name: f.name,
      filterType: f.filterType,
      targets: f.targets,
    };
    dataMask[f.id] = masks[f.id] ?? { extraFormData: {}, filterState: { value: null } };
  }
  return JSON.stringify({ nativeFilters, dataMask });
}

/**
 * The masks applying a set gives the dashboard's native filters: the set's mask for each filter
 * it kept, an empty mask for the dashboard's other filters (a set is a whole state), and the ids
 * the set kept that the dashboard no longer has (reported, not applied).
 */
export function masksFromFilterSet(
  set: Pick<FilterSet, 'params'>,
  filters: readonly NativeFilter[],
): { masks: Record<string, DataMask>; missing: string[] } {
  const kept = isObject(set.params?.dataMask) ? set.params.dataMask : {};
  const ids = new Set(filters.filter((f) => f.type === NATIVE_FILTER_TYPE).map((f) => f.id));
  const masks: Record<string, DataMask> = {};
  for (const id of ids) {
    const m = kept[id];
    masks[id] = isObject(m)
      ? {
          extraFormData: isObject(m.extraFormData) ? m.extraFormData : {},
          filterState: isObject(m.filterState) ? m.filterState : { value: null },
        }
      : { extraFormData: {}, filterState: { value: null } };
  }
  return { masks, missing: Object.keys(kept).filter((id) => !ids.has(id)) };
}

const valueOf = (m: DataMask | undefined): unknown => {
  const v = (m?.filterState as { value?: unknown } | undefined)?.value;
  return v === undefined || (Array.isArray(v) && v.length === 0) ? null : v;
};

/** The set whose filter values are the ones applied now (the first such), or null. */
export function matchingFilterSet(
  sets: readonly FilterSet[],
  filters: readonly NativeFilter[],
  applied: Readonly<Record<string, DataMask | undefined>>,
): FilterSet | null {
  const ids = filters.filter((f) => f.type === NATIVE_FILTER_TYPE).map((f) => f.id);
  if (ids.length === 0) return null;
  return (
    sets.find((s) => {
      const { masks } = masksFromFilterSet(s, filters);
      return ids.every(
        (id) => JSON.stringify(valueOf(masks[id])) === JSON.stringify(valueOf(applied[id])),
      );
    }) ?? null
  );
}
