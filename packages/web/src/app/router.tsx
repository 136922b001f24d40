import { Suspense, lazy } from 'react';
import { createBrowserRouter, useRouteError } from 'react-router';
import { NotFound } from '../components/StatusResult';
import { ErrorPanel } from './ErrorBoundary';
import { AppShell } from './layout/AppShell';
import { PageLoading } from './layout/PageLoading';
import { RequireAuth } from './layout/RequireAuth';
import { PATHS } from './layout/navigation';

const LoginPage = lazy(() => import('../features/login/LoginPage'));
const HomePage = lazy(() => import('../features/home/HomePage'));
const DashboardListPage = lazy(() => import('../features/lists/DashboardListPage'));
const ChartListPage = lazy(() => import('../features/lists/ChartListPage'));
const DatasetListPage = lazy(() => import('../features/lists/DatasetListPage'));
const CreateDatasetPage = lazy(() => import('../features/datasets/CreateDatasetPage'));
const DatabaseListPage = lazy(() => import('../features/lists/DatabaseListPage'));
const SavedQueryListPage = lazy(() => import('../features/lists/SavedQueryListPage'));
const QueryHistoryPage = lazy(() => import('../features/lists/QueryHistoryPage'));
const SqlLabPage = lazy(() => import('../features/sqllab/SqlLabPage'));
const ExplorePage = lazy(() => import('../features/explore/ExplorePage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const AddChartPage = lazy(() => import('../features/charts/AddChartPage'));
const UsersPage = lazy(() => import('../features/users/UsersPage'));
const RolesPage = lazy(() => import('../features/roles/RolesPage'));

/** Last resort for errors outside a page's own error boundary. */
function RouteError() {
  const error = useRouteError();
  return (
    <ErrorPanel
      error={error instanceof Error ? error : new Error(String(error))}
      onRetry={() => window.location.reload()}
    />
  );
}

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      {
        path: PATHS.login,
        element: (
          <Suspense fallback={<PageLoading />}>
            <LoginPage />
          </Suspense>
        ),
      },
      {
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        children: [
          { path: PATHS.home, element: <HomePage /> },
          { path: PATHS.welcome, element: <HomePage /> },
          { path: PATHS.dashboards, element: <DashboardListPage /> },
          { path: PATHS.charts, element: <ChartListPage /> },
          { path: PATHS.chartAdd, element: <AddChartPage /> },
          { path: PATHS.datasets, element: <DatasetListPage /> },
          { path: PATHS.datasetAdd, element: <CreateDatasetPage /> },
          { path: PATHS.databases, element: <DatabaseListPage /> },
          { path: PATHS.savedQueries, element: <SavedQueryListPage /> },
          { path: PATHS.queryHistory, element: <QueryHistoryPage /> },
          { path: PATHS.sqlLab, element: <SqlLabPage /> },
          { path: PATHS.sqlLabLegacy, element: <SqlLabPage /> },
          { path: PATHS.sqlLabPermalink, element: <SqlLabPage /> },
          { path: PATHS.dashboard, element: <DashboardPage /> },
          { path: PATHS.dashboardShort, element: <DashboardPage /> },
          { path: PATHS.explore, element: <ExplorePage /> },
          { path: PATHS.exploreLegacy, element: <ExplorePage /> },
          { path: PATHS.explorePermalink, element: <ExplorePage /> },
          { path: PATHS.users, element: <UsersPage /> },
          { path: PATHS.roles, element: <RolesPage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);
