import { useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { RouterProvider } from 'react-router';
import type { BootstrapData } from '@strata/core';
import { ChartColorSchemeContext } from '@strata/charts/components';
import { BootstrapProvider } from './BootstrapContext';
import { router } from './router';
import { antdThemeFor } from './theme/antdTheme';
import { useColorScheme } from './theme/themeSetting';
import { ToastProvider } from './toasts';

/** The application: theme (light or dark), toasts, bootstrap data and the router. */
export function App({ bootstrap }: { bootstrap: BootstrapData }) {
  const scheme = useColorScheme();
  const theme = useMemo(() => antdThemeFor(scheme), [scheme]);
  return (
    <ConfigProvider theme={theme}>
      <ChartColorSchemeContext.Provider value={scheme}>
        <AntApp message={{ maxCount: 4 }}>
          <ToastProvider>
            <BootstrapProvider value={bootstrap}>
              <RouterProvider router={router} />
            </BootstrapProvider>
          </ToastProvider>
        </AntApp>
      </ChartColorSchemeContext.Provider>
    </ConfigProvider>
  );
}
