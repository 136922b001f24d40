import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { BootstrapData } from '@strata/core';
import { setChartFeatureFlags } from '@strata/charts/feature-flags';
import 'antd/dist/antd.css';
import { App } from './app/App';
import { loadBootstrap } from './app/loadBootstrap';
import { pageBootstrap } from './app/bootstrap';
import { preloadPage } from './app/router';
import { reloadOnStaleBuild } from './app/staleBuild';
import { settledWithin } from './app/settledWithin';
import { startThemeSetting } from './app/theme/themeSetting';
import { earlyChartsSettled, startEarlyDashboard } from './features/dashboard/earlyStart';

reloadOnStaleBuild();

// The theme, first thing: the user's (server-written in the page, already on <html>), else the
// browser's copy (the login page, the dev server).
startThemeSetting(pageBootstrap(document));

// A dashboard opened directly: its calls and its charts' queries leave now, while the app starts.
startEarlyDashboard(window.location.pathname, window.location.search);

const container = document.getElementById('app');
if (!container) throw new Error('The page has no #app element');

// The page's code is loaded before the first draw (a page that suspends on its first draw has its
// reveal held back by React); past PAGE_CODE_WAIT_MS the shell and a loading state draw first.
const PAGE_CODE_WAIT_MS = 400;
// A dashboard opened directly draws once its charts' early queries have answered (at most
// EARLY_DATA_WAIT_MS): drawing thirty holders with spinners first, then each chart again as its
// data arrives, cost more than it showed (index.html shows a spinner meanwhile).
const EARLY_DATA_WAIT_MS = 600;
// With DYNAMIC_PLUGINS on, the registered chart plugins are loaded before the first draw (at most
// PLUGIN_WAIT_MS: a plugin arriving later still registers, and the pages it is missing from show
// it when next drawn); a plugin that fails to load is only logged.
const PLUGIN_WAIT_MS = 5000;

async function withDynamicPlugins(bootstrap: BootstrapData): Promise<BootstrapData> {
  // Chart code (control panels, colour scales) reads the flags as Superset's plugins do.
  setChartFeatureFlags(bootstrap.common.feature_flags);
  if (bootstrap.common.feature_flags.DYNAMIC_PLUGINS !== true || !bootstrap.user) return bootstrap;
  const loading = import('./features/dynamicPlugins/startDynamicPlugins').then((m) =>
    m.startDynamicPlugins(),
  );
  loading.catch((e: unknown) => console.error('Failed to load the dynamic plugins', e));
  await settledWithin(loading, PLUGIN_WAIT_MS);
  return bootstrap;
}

void Promise.all([
  loadBootstrap().then(withDynamicPlugins),
  preloadPage(window.location.pathname, PAGE_CODE_WAIT_MS),
  earlyChartsSettled(EARLY_DATA_WAIT_MS),
]).then(([bootstrap]) => {
  const root = createRoot(container);
  // The first render as a transition: React yields to the browser every few milliseconds, so
  // answers arriving meanwhile (a dashboard's early calls) are handled at once.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App bootstrap={bootstrap} />
      </StrictMode>,
    ),
  );
});
