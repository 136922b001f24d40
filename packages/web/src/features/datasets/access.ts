import { isAdminUser } from '@strata/core';
import type { BootstrapUser } from '@strata/core';

/** Editing a dataset: admins and its owners. */
export function canEditDataset(
  user: Pick<BootstrapUser, 'roles' | 'userId'> | null,
  owners: Array<{ id?: number }> | null | undefined,
): boolean {
  if (!user) return false;
  if (isAdminUser(user)) return true;
  return (owners ?? []).some((o) => o.id === user.userId);
}
