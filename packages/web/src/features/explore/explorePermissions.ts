/**
 * What the user may do in Explore (spec 001 §6): save a chart with write permission on charts,
 * overwrite one only among its owners, download its data with the CSV export permission.
 * "View in SQL Lab" (SQL access: admin or sql_lab) is the dataset menu's (`mayUseSqlLab`).
 */
import { userHasPermission, type BootstrapUser } from '@strata/core';
import type { ExploreSlice } from './types';

export interface ExplorePermissions {
  canSave: boolean;
  canOverwrite: boolean;
  canDownload: boolean;
}

/** Spec 001 §6: overwriting needs the user among the chart's owners. */
export function canOverwrite(slice: ExploreSlice | null, userId: number | null): boolean {
  if (!slice || userId === null) return false;
  return (slice.owners ?? []).some((o) => (typeof o === 'number' ? o : o.id) === userId);
}

export function explorePermissions(
  user: Pick<BootstrapUser, 'roles' | 'userId'> | null,
  slice: ExploreSlice | null,
): ExplorePermissions {
  const canSave = userHasPermission(user, 'can_write', 'Chart');
  return {
    canSave,
    canOverwrite: canSave && canOverwrite(slice, user?.userId ?? null),
    canDownload: userHasPermission(user, 'can_csv', 'Superset'),
  };
}
