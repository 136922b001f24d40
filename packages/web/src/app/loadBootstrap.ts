import type { BootstrapData, MeRoles } from '@strata/core';
import {
  ANONYMOUS_BOOTSTRAP,
  bootstrapFromMe,
  pageBootstrap,
  readBootstrapAttribute,
} from './bootstrap';
import type { MeResult } from './bootstrap';

async function getJson<T>(url: string): Promise<T | null> {
  const res = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) return null;
  return (await res.json()) as T;
}

/**
 * The page's bootstrap data. The server writes it into `#app[data-bootstrap]`; under the Vite
 * dev server (no attribute) it is asked for through `/api/v1/me/` instead.
 */
export async function loadBootstrap(): Promise<BootstrapData> {
  const raw = readBootstrapAttribute(document);
  if (raw !== undefined || !import.meta.env.DEV) return pageBootstrap(document);
  try {
    const me = await getJson<{ result: MeResult }>('/api/v1/me/');
    if (!me?.result) return ANONYMOUS_BOOTSTRAP;
    const roles = await getJson<{ result: MeRoles }>('/api/v1/me/roles/');
    return bootstrapFromMe(me.result, roles?.result ?? null);
  } catch {
    return ANONYMOUS_BOOTSTRAP;
  }
}
