import type { ReactNode } from 'react';
import { isAdminUser } from '@strata/core';
import { useCurrentUser } from '../app/BootstrapContext';
import { usePageTitle } from '../app/usePageTitle';
import { Forbidden } from './StatusResult';

/** A page for admins only: its content for them, the 403 page for others. */
export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const user = useCurrentUser();
  usePageTitle(title);
  return isAdminUser(user) ? children : <Forbidden />;
}
