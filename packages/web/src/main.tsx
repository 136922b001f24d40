import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd/dist/antd.css';
import { App } from './app/App';
import { loadBootstrap } from './app/loadBootstrap';
import { startEarlyDashboard } from './features/dashboard/earlyStart';

// A dashboard opened directly: its calls and its charts' queries leave now, while the app starts.
startEarlyDashboard(window.location.pathname, window.location.search);

const container = document.getElementById('app');
if (!container) throw new Error('The page has no #app element');

void loadBootstrap().then((bootstrap) => {
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
