import { App as AntApp, ConfigProvider } from 'antd';
import { RouterProvider } from 'react-router';
import type { BootstrapData } from '@strata/core';
import { BootstrapProvider } from './BootstrapContext';
import { router } from './router';
import { theme } from './theme';
import { ToastProvider } from './toasts';

/** The application: theme, toasts, bootstrap data and the router. */
export function App({ bootstrap }: { bootstrap: BootstrapData }) {
  return (
    <ConfigProvider theme={theme}>
      <AntApp message={{ maxCount: 4 }}>
        <ToastProvider>
          <BootstrapProvider value={bootstrap}>
            <RouterProvider router={router} />
          </BootstrapProvider>
        </ToastProvider>
      </AntApp>
    </ConfigProvider>
  );
}
