import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadBootstrap } from './app/loadBootstrap';

const container = document.getElementById('app');
if (!container) throw new Error('The page has no #app element');

void loadBootstrap().then((bootstrap) => {
  createRoot(container).render(
    <StrictMode>
      <App bootstrap={bootstrap} />
    </StrictMode>,
  );
});
