import type { ReactNode } from 'react';
import { isAdminUser, userHasPermission } from '@strata/core';
import { useCurrentUser } from '../app/BootstrapContext';
import { usePageTitle } from '../app/usePageTitle';
import { Forbidden } from './StatusResult';

/**
 * A page for holders of a permission pair (admins always): its content for them, the 403 page
 * for others. The server refuses the page's calls on its own; this only spares the empty page.
 */
export function RequirePermission({
  title,
  permission,
  view,
  children,
}: {
  title: string;
  permission: string;
  view: string;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  usePageTitle(title);
  const allowed = isAdminUser(user) || userHasPermission(user, permission, view);
  return allowed ? children : <Forbidden />;
}
