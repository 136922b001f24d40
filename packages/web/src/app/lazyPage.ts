/**
 * Pages loaded on demand, drawn without suspending once their code is here.
 *
 * `React.lazy` suspends the first time its component renders even when the code was loaded
 * beforehand, and a suspended page's boundary shows its fallback; React then holds the page's
 * reveal back (~300 ms after the fallback appeared) so that nothing flickers. A page whose code
 * the app loads before it first draws (`preloadPageFor`) is drawn at once instead.
 */
import { createElement, use, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { settledWithin } from './settledWithin';

export interface LazyPage {
  (): React.ReactElement;
  /** Loads the page's code (once); settles when it is here. */
  preload(): Promise<void>;
  displayName: string;
}

export function lazyPage(name: string, load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = (): Promise<void> => {
    pending ??= load().then(
      (m) => {
        loaded = m.default;
      },
      (e: unknown) => {
        // A failed chunk load may be retried (the error boundary's retry renders the page again).
        pending = null;
        throw e;
      },
    );
    return pending;
  };
  const Page = (): React.ReactElement => {
    // Suspends until the code is here (`use` returns once the load has settled).
    if (!loaded) use(preload());
    if (!loaded) throw new Error(`The ${name} page's code did not load`);
    return createElement(loaded);
  };
  Page.preload = preload;
  Page.displayName = name;
  return Page;
}

/** The lazy page an element of a route draws, if any. */
function pageOf(route: RouteObject): LazyPage | null {
  const type = (route.element as { type?: unknown } | null | undefined)?.type;
  if (typeof type !== 'function') return null;
  return typeof (type as Partial<LazyPage>).preload === 'function' ? (type as LazyPage) : null;
}

/**
 * Loads the code of the page the address shows, waiting at most `maxWaitMs`: past that the app
 * draws its shell and the page's loading state rather than nothing.
 */
export async function preloadPageFor(
  routes: RouteObject[],
  pathname: string,
  maxWaitMs: number,
): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const pages = matches.map((m) => pageOf(m.route)).filter((p): p is LazyPage => p !== null);
  if (pages.length === 0) return;
  await settledWithin(Promise.all(pages.map((p) => p.preload())), maxWaitMs);
}
