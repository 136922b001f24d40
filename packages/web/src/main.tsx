import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/antd.css';
import { App } from './app/App';
import { loadBootstrap } from './app/loadBootstrap';
import { preloadPage } from './app/router';
import { reloadOnStaleBuild } from './app/staleBuild';
import { earlyChartsSettled, startEarlyDashboard } from './features/dashboard/earlyStart';

reloadOnStaleBuild();

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

void Promise.all([
  loadBootstrap(),
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
