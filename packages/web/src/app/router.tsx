import { Suspense } from 'react';
import { createBrowserRouter, useRouteError, type RouteObject } from 'react-router';
import { NotFound } from '../components/StatusResult';
import { ErrorPanel } from './ErrorBoundary';
import { AppShell } from './layout/AppShell';
import { PageLoading } from './layout/PageLoading';
import { lazyPage, preloadPageFor } from './lazyPage';
import { RequireAuth } from './layout/RequireAuth';
import { PATHS } from './layout/navigation';

const LoginPage = lazyPage('LoginPage', () => import('../features/login/LoginPage'));
const HomePage = lazyPage('HomePage', () => import('../features/home/HomePage'));
const DashboardListPage = lazyPage(
  'DashboardListPage',
  () => import('../features/lists/DashboardListPage'),
);
const ChartListPage = lazyPage('ChartListPage', () => import('../features/lists/ChartListPage'));
const DatasetListPage = lazyPage(
  'DatasetListPage',
  () => import('../features/lists/DatasetListPage'),
);
const CreateDatasetPage = lazyPage(
  'CreateDatasetPage',
  () => import('../features/datasets/CreateDatasetPage'),
);
const DatabaseListPage = lazyPage(
  'DatabaseListPage',
  () => import('../features/lists/DatabaseListPage'),
);
const SavedQueryListPage = lazyPage(
  'SavedQueryListPage',
  () => import('../features/lists/SavedQueryListPage'),
);
const QueryHistoryPage = lazyPage(
  'QueryHistoryPage',
  () => import('../features/lists/QueryHistoryPage'),
);
const SqlLabPage = lazyPage('SqlLabPage', () => import('../features/sqllab/SqlLabPage'));
const ExplorePage = lazyPage('ExplorePage', () => import('../features/explore/ExplorePage'));
const DashboardPage = lazyPage(
  'DashboardPage',
  () => import('../features/dashboard/DashboardPage'),
);
const AddChartPage = lazyPage('AddChartPage', () => import('../features/charts/AddChartPage'));
const AlertReportListPage = lazyPage(
  'AlertReportListPage',
  () => import('../features/reports/AlertReportListPage'),
);
const ExecutionLogPage = lazyPage(
  'ExecutionLogPage',
  () => import('../features/reports/ExecutionLogPage'),
);
const UsersPage = lazyPage('UsersPage', () => import('../features/users/UsersPage'));
const RolesPage = lazyPage('RolesPage', () => import('../features/roles/RolesPage'));
const DynamicPluginsPage = lazyPage(
  'DynamicPluginsPage',
  () => import('../features/dynamicPlugins/DynamicPluginsPage'),
);
const CssTemplatesPage = lazyPage(
  'CssTemplatesPage',
  () => import('../features/cssTemplates/CssTemplatesPage'),
);
const AnnotationLayersPage = lazyPage(
  'AnnotationLayersPage',
  () => import('../features/annotationLayers/AnnotationLayersPage'),
);
const AnnotationsPage = lazyPage(
  'AnnotationsPage',
  () => import('../features/annotationLayers/AnnotationsPage'),
);
const ActionLogPage = lazyPage(
  'ActionLogPage',
  () => import('../features/actionLog/ActionLogPage'),
);
const TagsPage = lazyPage('TagsPage', () => import('../features/tags/TagsPage'));
const TagPage = lazyPage('TagPage', () => import('../features/tags/TagPage'));

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

const routes: RouteObject[] = [
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
          { path: PATHS.datasetEdit, element: <DatasetListPage /> },
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
          { path: PATHS.dynamicPlugins, element: <DynamicPluginsPage /> },
          { path: PATHS.alerts, element: <AlertReportListPage /> },
          { path: PATHS.reports, element: <AlertReportListPage /> },
          { path: PATHS.alertLog, element: <ExecutionLogPage /> },
          { path: PATHS.cssTemplates, element: <CssTemplatesPage /> },
          { path: PATHS.annotationLayers, element: <AnnotationLayersPage /> },
          { path: PATHS.annotations, element: <AnnotationsPage /> },
          { path: PATHS.actionLog, element: <ActionLogPage /> },
          { path: PATHS.tags, element: <TagsPage /> },
          { path: PATHS.tag, element: <TagPage /> },
          { path: PATHS.reportLog, element: <ExecutionLogPage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

/** Loads the code of the page at `pathname` before the app first draws (at most `maxWaitMs`). */
export function preloadPage(pathname: string, maxWaitMs: number): Promise<void> {
  return preloadPageFor(routes, pathname, maxWaitMs);
}
