import { isAdminUser, userHasPermission } from '@strata/core';
import type { BootstrapUser } from '@strata/core';

type User = Pick<BootstrapUser, 'roles'> | null;

/** May download a query's results as CSV (`can_export_csv` on SQLLab). */
export function canExportCsv(user: User): boolean {
  return isAdminUser(user) || userHasPermission(user, 'can_export_csv', 'SQLLab');
}

/** May turn results into a dataset (`can_write` on Dataset). */
export function canCreateDataset(user: User): boolean {
  return isAdminUser(user) || userHasPermission(user, 'can_write', 'Dataset');
}

/** May save queries (`can_write` on SavedQuery). */
export function canSaveQuery(user: User): boolean {
  return isAdminUser(user) || userHasPermission(user, 'can_write', 'SavedQuery');
}

/** May open Explore (`can_read` on Explore): the results' "Explore" button. */
export function canExplore(user: User): boolean {
  return isAdminUser(user) || userHasPermission(user, 'can_read', 'Explore');
}
