import { useCallback, useEffect, useRef, useState } from 'react';
import { Provider } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { DatabaseOutlined } from '@ant-design/icons';
import { MESSAGES, isAdminUser } from '@strata/core';
import { api } from '../../app/api';
import { useBootstrap, useCurrentUser } from '../../app/BootstrapContext';
import { PATHS, mayUseSqlLab } from '../../app/layout/navigation';
import { useToasts } from '../../app/toasts';
import type { Toasts } from '../../app/toasts';
import { usePageTitle } from '../../app/usePageTitle';
import { Forbidden } from '../../components/StatusResult';
import { KeyedDebouncer } from './debounce';
import { EditorTabs } from './EditorTabs';
import { newClientId } from './ids';
import { parseOpenRequest, searchWithoutOpenParams } from './openRequest';
import { createSqlLabStore } from './store';
import type { SqlLabStore } from './store';
import { useSqlLabDispatch, useSqlLabSelector } from './store/hooks';
import { loadSqlLab } from './store/loadThunks';
import { selectActiveEditor, selectDatabaseList } from './store/selectors';
import { addEditor } from './store/tabThunks';
import { TabView } from './TabView';
import { useFlushOnLeave, useLocalPersistence, useQueryPolling } from './useSqlLab';
import { CSS_VAR } from '@strata/core';

/** Pause after the last keystroke before a tab's SQL is stored on the server (ms). */
export const SQL_STORE_DELAY_MS = 1000;

/** The feature flag that keeps tabs on the server (on unless the bootstrap turns it off). */
export const PERSISTENCE_FLAG = 'SQLLAB_BACKEND_PERSISTENCE';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** One store per visit of the page, its toasts following the app's toast provider. */
function useSqlLabStoreInstance(): SqlLabStore {
  const toasts = useToasts();
  const toastsRef = useRef<Toasts>(toasts);
  useEffect(() => {
    toastsRef.current = toasts;
  }, [toasts]);
  const [store] = useState(() =>
    createSqlLabStore({
      api,
      toasts: {
        addSuccessToast: (t) => toastsRef.current.addSuccessToast(t),
        addInfoToast: (t) => toastsRef.current.addInfoToast(t),
        addWarningToast: (t) => toastsRef.current.addWarningToast(t),
        addDangerToast: (t) => toastsRef.current.addDangerToast(t),
      },
      pageSearch: () => window.location.search,
      storage: browserStorage(),
      newId: () => newClientId(),
      now: () => Date.now(),
      sqlStore: new KeyedDebouncer(SQL_STORE_DELAY_MS),
    }),
  );
  return store;
}

/** The page's frame while it loads: the same boxes as the loaded page, so nothing jumps. */
function SqlLabSkeleton() {
  return (
    <Flex vertical style={{ flex: 1, minHeight: 0 }} aria-busy="true" aria-label="Loading SQL Lab">
      <div
        style={{
          padding: '8px 12px 0',
          background: CSS_VAR.surface,
          borderBottom: `1px solid ${CSS_VAR.borderSecondary}`,
        }}
      >
        <Skeleton.Button active size="small" style={{ width: 160, marginBottom: 8 }} />
      </div>
      <Flex style={{ flex: 1, minHeight: 0 }}>
        <div
          style={{
            width: 300,
            padding: 16,
            background: CSS_VAR.surface,
            borderRight: `1px solid ${CSS_VAR.borderSecondary}`,
          }}
        >
          <Skeleton active paragraph={{ rows: 6 }} title={false} />
        </div>
        <div style={{ flex: 1, padding: 16 }}>
          <Skeleton.Input active block style={{ height: 32, marginBottom: 16 }} />
          <Skeleton active paragraph={{ rows: 8 }} title={false} />
        </div>
      </Flex>
    </Flex>
  );
}

/** No database can be used in SQL Lab: say so, and where to connect one (admins). */
function NoDatabases({ admin }: { admin: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ flex: 1 }}>
      <Empty
        image={<DatabaseOutlined style={{ fontSize: 48, color: '#bfc8cc' }} />}
        styles={{ image: { height: 56 } }}
        description={
          <>
            <Typography.Title level={5} style={{ marginBottom: 4 }}>
              No databases available
            </Typography.Title>
            <Typography.Text type="secondary">
              {admin
                ? 'Connect a database and expose it in SQL Lab to start writing queries.'
                : 'Ask an administrator to connect a database and expose it in SQL Lab.'}
            </Typography.Text>
          </>
        }
      >
        {admin ? (
          <Link to={PATHS.databases}>
            <Button type="primary">Connect a database</Button>
          </Link>
        ) : null}
      </Empty>
    </Flex>
  );
}

function SqlLab() {
  const dispatch = useSqlLabDispatch();
  const bootstrap = useBootstrap();
  const user = useCurrentUser();
  const persistence = bootstrap.common.feature_flags[PERSISTENCE_FLAG] !== false;
  const location = useLocation();
  const navigate = useNavigate();
  const status = useSqlLabSelector((s) => s.ui.status);
  const error = useSqlLabSelector((s) => s.ui.error);
  const databases = useSqlLabSelector(selectDatabaseList);
  const active = useSqlLabSelector(selectActiveEditor);
  const started = useRef(false);

  const load = useCallback(
    (withRequest: boolean) => {
      const request = withRequest ? parseOpenRequest(location.pathname, location.search) : null;
      if (request) {
        // What was opened is now a tab: a reload must not open it again.
        void navigate(
          { pathname: PATHS.sqlLab, search: searchWithoutOpenParams(location.search) },
          { replace: true },
        );
      }
      void dispatch(loadSqlLab(persistence, request));
    },
    [dispatch, location.pathname, location.search, navigate, persistence],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    load(true);
  }, [load]);

  useQueryPolling();
  useLocalPersistence(!persistence);
  useFlushOnLeave();

  // Ctrl+Alt+T opens a tab from anywhere on the page (the editor handles it itself).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !e.ctrlKey || !e.altKey || e.code !== 'KeyT') return;
      e.preventDefault();
      void dispatch(addEditor());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);

  if (status === 'loading') return <SqlLabSkeleton />;
  if (status === 'failed') {
    return (
      <Result
        status="error"
        title={MESSAGES.sorryError}
        subTitle={error}
        extra={
          <Button type="primary" onClick={() => load(false)}>
            Try again
          </Button>
        }
      />
    );
  }
  if (databases.length === 0) return <NoDatabases admin={isAdminUser(user)} />;
  return (
    <Flex vertical style={{ flex: 1, minHeight: 0, background: CSS_VAR.surface }}>
      <EditorTabs />
      {active ? <TabView key={active.id} editorId={active.id} /> : null}
    </Flex>
  );
}

/** `/sqllab/`: the SQL editor with its tabs, left bar, results and history. */
export default function SqlLabPage() {
  usePageTitle('SQL Lab');
  const user = useCurrentUser();
  if (!mayUseSqlLab(user)) return <Forbidden />;
  return <SqlLabWithStore />;
}

function SqlLabWithStore() {
  const store = useSqlLabStoreInstance();
  return (
    <Provider store={store}>
      <SqlLab />
    </Provider>
  );
}
