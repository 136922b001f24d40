import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { BootstrapData, BootstrapUser } from '@strata/core';
import { ANONYMOUS_BOOTSTRAP } from './bootstrap';

const BootstrapContext = createContext<BootstrapData>(ANONYMOUS_BOOTSTRAP);

export function BootstrapProvider({
  value,
  children,
}: {
  value: BootstrapData;
  children: ReactNode;
}) {
  return <BootstrapContext.Provider value={value}>{children}</BootstrapContext.Provider>;
}

/** The page's bootstrap data (user, roles, feature flags). */
export function useBootstrap(): BootstrapData {
  return useContext(BootstrapContext);
}

/** The logged-in user, or null. */
export function useCurrentUser(): BootstrapUser | null {
  return useContext(BootstrapContext).user;
}
