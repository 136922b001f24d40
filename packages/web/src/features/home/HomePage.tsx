import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Col, Empty, Flex, Row, Space, Typography } from 'antd';
import {
  BarChartOutlined,
  ConsoleSqlOutlined,
  DashboardOutlined,
  FileOutlined,
} from '@ant-design/icons';
import { MESSAGES, userDisplayName } from '@strata/core';
import type { ListResponse } from '@strata/core';
import { useCurrentUser } from '../../app/BootstrapContext';
import { PATHS, mayUseSqlLab } from '../../app/layout/navigation';
import { useToasts } from '../../app/toasts';
import { useApiData } from '../../app/useApiData';
import { usePageTitle } from '../../app/usePageTitle';
import { fetchListErrorMessage } from '../../components/ListView/listActions';
import type { ChartRow, DashboardRow, SavedQueryRow } from '../lists/types';
import {
  HOME_TAB_KEYS,
  LIST_TABS,
  RECENTS_TABS,
  activityListUrl,
  changedItems,
  homeListUrl,
  recentActivityUrl,
  storedTab,
  viewAllLink,
  viewedItems,
} from './home';
import type { ActivityItem, ListTab, RecentsTab } from './home';
import { CSS_VAR } from '@strata/core';

const ICONS = {
  dashboard: <DashboardOutlined />,
  chart: <BarChartOutlined />,
  query: <ConsoleSqlOutlined />,
  other: <FileOutlined />,
};

const RECENTS_URL = recentActivityUrl();

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: '8px 0',
  borderBottom: `1px solid ${CSS_VAR.borderSecondary}`,
} as const;

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A tab choice kept in the browser (spec 001 §9: homepage filters in local storage). */
function useStoredTab<T extends string>(key: string, tabs: readonly T[], fallback: T) {
  const [tab, setTab] = useState<T>(() => storedTab(browserStorage(), key, tabs, fallback));
  const choose = useCallback(
    (next: string) => {
      if (!(tabs as readonly string[]).includes(next)) return;
      setTab(next as T);
      try {
        browserStorage()?.setItem(key, next);
      } catch {
        // A browser refusing storage only forgets the choice.
      }
    },
    [key, tabs],
  );
  return [tab, choose] as const;
}

function Entry({ item }: { item: ActivityItem }) {
  return (
    <li style={itemStyle}>
      <span style={{ color: '#1f7a8c' }}>{ICONS[item.kind]}</span>
      <Flex vertical style={{ minWidth: 0 }}>
        {item.url ? (
          <a href={item.url} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </a>
        ) : (
          <span>{item.title}</span>
        )}
        {item.meta ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {item.meta}
          </Typography.Text>
        ) : null}
      </Flex>
    </li>
  );
}

function Items({ items, empty }: { items: ActivityItem[]; empty: ReactNode }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ul style={listStyle}>
      {items.map((item) => (
        <Entry key={item.key} item={item} />
      ))}
    </ul>
  );
}

const title = (text: string) => (
  <Typography.Title level={4} style={{ margin: 0 }}>
    {text}
  </Typography.Title>
);

const RECENTS_EMPTY: Record<RecentsTab, string> = {
  Viewed: 'Recently viewed charts and dashboards will appear here.',
  Edited: 'Recently edited charts and dashboards will appear here.',
  Created: 'Recently created charts and dashboards will appear here.',
};

function Recents({ userId }: { userId: number }) {
  const { addDangerToast } = useToasts();
  const [tab, setTab] = useStoredTab<RecentsTab>(HOME_TAB_KEYS.recents, RECENTS_TABS, 'Viewed');
  const changed = tab === 'Viewed' ? null : tab;
  const viewed = useApiData<{ result: Parameters<typeof viewedItems>[0] }>(
    tab === 'Viewed' ? RECENTS_URL : null,
    useCallback(
      (message: string) => addDangerToast(`${MESSAGES.recentActivityError} ${message}`),
      [addDangerToast],
    ),
  );
  const dashboards = useApiData<ListResponse<DashboardRow>>(
    changed ? activityListUrl('dashboard', changed, userId) : null,
    useCallback(
      (message: string) => addDangerToast(fetchListErrorMessage('dashboards', message)),
      [addDangerToast],
    ),
  );
  const charts = useApiData<ListResponse<ChartRow>>(
    changed ? activityListUrl('chart', changed, userId) : null,
    useCallback(
      (message: string) => addDangerToast(fetchListErrorMessage('charts', message)),
      [addDangerToast],
    ),
  );
  const loading = changed ? dashboards.loading || charts.loading : viewed.loading;
  const failed = changed ? dashboards.error !== null || charts.error !== null : !!viewed.error;
  const items = changed
    ? changedItems(dashboards.data?.result ?? [], charts.data?.result ?? [])
    : viewedItems(viewed.data?.result ?? []);
  return (
    <Card
      title={title('Recents')}
      tabList={RECENTS_TABS.map((t) => ({ key: t, label: t }))}
      activeTabKey={tab}
      onTabChange={setTab}
      loading={loading}
      styles={{ body: { minHeight: 180 } }}
      data-testid="home-recents"
    >
      <Items
        items={items}
        empty={failed ? 'Recent activity could not be loaded.' : RECENTS_EMPTY[tab]}
      />
    </Card>
  );
}

type Section = 'dashboard' | 'chart';

const SECTION = {
  dashboard: {
    title: 'Dashboards',
    noun: 'dashboard',
    listPath: PATHS.dashboards,
    icon: 'dashboard',
    key: HOME_TAB_KEYS.dashboard,
  },
  chart: {
    title: 'Charts',
    noun: 'chart',
    listPath: PATHS.charts,
    icon: 'chart',
    key: HOME_TAB_KEYS.chart,
  },
} as const;

function sectionEmpty(noun: string, tab: ListTab): string {
  if (tab === 'Favorite')
    return `Your favorite ${noun}s will appear here. Star a ${noun} to add it.`;
  if (tab === 'Mine') return `${noun[0]!.toUpperCase()}${noun.slice(1)}s you own will appear here.`;
  return `${noun[0]!.toUpperCase()}${noun.slice(1)}s others made will appear here.`;
}

function ListSection({ kind, userId }: { kind: Section; userId: number }) {
  const { addDangerToast } = useToasts();
  const s = SECTION[kind];
  const [tab, setTab] = useStoredTab<ListTab>(s.key, LIST_TABS, 'Favorite');
  const data = useApiData<ListResponse<DashboardRow | ChartRow>>(
    homeListUrl(kind, tab, userId),
    useCallback(
      (message: string) => addDangerToast(fetchListErrorMessage(`${s.noun}s`, message)),
      [addDangerToast, s.noun],
    ),
  );
  const items: ActivityItem[] = (data.data?.result ?? []).map((row) => ({
    key: `${kind}-${row.id}`,
    kind: s.icon,
    title: 'dashboard_title' in row ? row.dashboard_title : row.slice_name,
    url: row.url ?? null,
    meta: row.changed_on_delta_humanized ? `Modified ${row.changed_on_delta_humanized}` : null,
  }));
  return (
    <Card
      title={title(s.title)}
      extra={<Link to={viewAllLink(s.listPath, tab)}>View all</Link>}
      tabList={LIST_TABS.map((t) => ({ key: t, label: t }))}
      activeTabKey={tab}
      onTabChange={setTab}
      loading={data.loading}
      styles={{ body: { minHeight: 200 } }}
      data-testid={`home-${kind}s`}
    >
      <Items
        items={items}
        empty={data.error ? `The ${s.noun}s could not be loaded.` : sectionEmpty(s.noun, tab)}
      />
    </Card>
  );
}

function SavedQueriesSection({ userId }: { userId: number }) {
  const { addDangerToast } = useToasts();
  const data = useApiData<ListResponse<SavedQueryRow>>(
    homeListUrl('saved_query', 'Mine', userId),
    useCallback(
      (message: string) => addDangerToast(fetchListErrorMessage('saved queries', message)),
      [addDangerToast],
    ),
  );
  const items: ActivityItem[] = (data.data?.result ?? []).map((row) => ({
    key: `query-${row.id}`,
    kind: 'query',
    title: row.label,
    url: `${PATHS.sqlLab}?savedQueryId=${row.id}`,
    meta: row.changed_on_delta_humanized ? `Modified ${row.changed_on_delta_humanized}` : null,
  }));
  return (
    <Card
      title={title('Saved queries')}
      extra={<Link to={PATHS.savedQueries}>View all</Link>}
      tabList={[{ key: 'Mine', label: 'Mine' }]}
      activeTabKey="Mine"
      loading={data.loading}
      styles={{ body: { minHeight: 200 } }}
      data-testid="home-saved-queries"
    >
      <Items
        items={items}
        empty={
          data.error
            ? 'The saved queries could not be loaded.'
            : 'Queries you save in SQL Lab will appear here.'
        }
      />
    </Card>
  );
}

export default function HomePage() {
  usePageTitle('Home');
  const user = useCurrentUser();
  const name = user
    ? userDisplayName({
        first_name: user.firstName,
        last_name: user.lastName,
        username: user.username,
      })
    : '';
  const sql = mayUseSqlLab(user);

  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Home
        </Typography.Title>
        {name ? <Typography.Text type="secondary">Welcome back, {name}.</Typography.Text> : null}
      </div>
      {user ? (
        <Space direction="vertical" size={24} style={{ width: '100%' }}>
          <Recents userId={user.userId} />
          <Row gutter={[24, 24]}>
            <Col xs={24} xl={sql ? 8 : 12}>
              <ListSection kind="dashboard" userId={user.userId} />
            </Col>
            <Col xs={24} xl={sql ? 8 : 12}>
              <ListSection kind="chart" userId={user.userId} />
            </Col>
            {sql ? (
              <Col xs={24} xl={8}>
                <SavedQueriesSection userId={user.userId} />
              </Col>
            ) : null}
          </Row>
        </Space>
      ) : null}
    </Flex>
  );
}
