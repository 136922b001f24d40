import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Col, Empty, Flex, Row, Typography } from 'antd';
import {
  BarChartOutlined,
  ConsoleSqlOutlined,
  DashboardOutlined,
  FileOutlined,
} from '@ant-design/icons';
import { MESSAGES, userDisplayName } from '@strata/core';
import type { ListResponse } from '@strata/core';
import { listUrl } from '../../app/api';
import { useCurrentUser } from '../../app/BootstrapContext';
import { PATHS } from '../../app/layout/navigation';
import { useToasts } from '../../app/toasts';
import { useApiData } from '../../app/useApiData';
import { usePageTitle } from '../../app/usePageTitle';
import { fetchListErrorMessage } from '../../components/ListView/listActions';
import type { ChartRow, DashboardRow } from '../lists/types';
import { activityKind, favoritesListLink, favoritesQuery, recentActivityUrl } from './home';
import type { RecentActivity } from './home';

const ICONS = {
  dashboard: <DashboardOutlined />,
  chart: <BarChartOutlined />,
  query: <ConsoleSqlOutlined />,
  other: <FileOutlined />,
};

const DASHBOARDS_URL = listUrl('dashboard', favoritesQuery('dashboard'));
const CHARTS_URL = listUrl('chart', favoritesQuery('chart'));
const RECENTS_URL = recentActivityUrl();

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: '8px 0',
  borderBottom: '1px solid #f0f2f4',
} as const;

function Section({
  title,
  extra,
  loading,
  children,
}: {
  title: string;
  extra?: ReactNode;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={extra}
      loading={loading}
      styles={{ body: { minHeight: 200 } }}
    >
      {children}
    </Card>
  );
}

function Entry({
  icon,
  href,
  title,
  meta,
}: {
  icon: ReactNode;
  href?: string | null;
  title: string;
  meta?: string;
}) {
  return (
    <li style={itemStyle}>
      <span style={{ color: '#1f7a8c' }}>{icon}</span>
      <Flex vertical style={{ minWidth: 0 }}>
        {href ? <a href={href}>{title}</a> : <span>{title}</span>}
        {meta ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {meta}
          </Typography.Text>
        ) : null}
      </Flex>
    </li>
  );
}

function FavoritesEmpty({ kind, listPath }: { kind: string; listPath: string }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <div>You don&apos;t have any favorite {kind}s yet.</div>
          <div>Star a {kind} in the list to see it here.</div>
        </>
      }
    >
      <Link to={listPath}>See all {kind}s</Link>
    </Empty>
  );
}

export default function HomePage() {
  usePageTitle('Home');
  const user = useCurrentUser();
  const { addDangerToast } = useToasts();

  const recents = useApiData<{ result: RecentActivity[] }>(
    RECENTS_URL,
    useCallback(
      (message: string) => addDangerToast(`${MESSAGES.recentActivityError} ${message}`),
      [addDangerToast],
    ),
  );
  const dashboards = useApiData<ListResponse<DashboardRow>>(
    DASHBOARDS_URL,
    useCallback(
      (message: string) => addDangerToast(fetchListErrorMessage('dashboards', message)),
      [addDangerToast],
    ),
  );
  const charts = useApiData<ListResponse<ChartRow>>(
    CHARTS_URL,
    useCallback(
      (message: string) => addDangerToast(fetchListErrorMessage('charts', message)),
      [addDangerToast],
    ),
  );

  const name = user
    ? userDisplayName({
        first_name: user.firstName,
        last_name: user.lastName,
        username: user.username,
      })
    : '';
  const recentItems = recents.data?.result ?? [];
  const dashboardItems = dashboards.data?.result ?? [];
  const chartItems = charts.data?.result ?? [];

  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Home
        </Typography.Title>
        {name ? <Typography.Text type="secondary">Welcome back, {name}.</Typography.Text> : null}
      </div>

      <Section title="Recents" loading={recents.loading}>
        {recentItems.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              recents.error
                ? 'Recent activity could not be loaded.'
                : 'Recently viewed charts, dashboards and saved queries will appear here.'
            }
          />
        ) : (
          <ul style={listStyle}>
            {recentItems.map((item, i) => (
              <Entry
                key={`${item.item_url}-${i}`}
                icon={ICONS[activityKind(item.item_type)]}
                href={item.item_url}
                title={item.item_title}
                meta={item.time_delta_humanized ? `Viewed ${item.time_delta_humanized}` : undefined}
              />
            ))}
          </ul>
        )}
      </Section>

      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Section
            title="Favorite dashboards"
            loading={dashboards.loading}
            extra={<Link to={favoritesListLink(PATHS.dashboards)}>See all</Link>}
          >
            {dashboardItems.length === 0 ? (
              <FavoritesEmpty kind="dashboard" listPath={PATHS.dashboards} />
            ) : (
              <ul style={listStyle}>
                {dashboardItems.map((d) => (
                  <Entry
                    key={d.id}
                    icon={ICONS.dashboard}
                    href={d.url}
                    title={d.dashboard_title}
                    meta={
                      d.changed_on_delta_humanized
                        ? `Modified ${d.changed_on_delta_humanized}`
                        : undefined
                    }
                  />
                ))}
              </ul>
            )}
          </Section>
        </Col>
        <Col xs={24} lg={12}>
          <Section
            title="Favorite charts"
            loading={charts.loading}
            extra={<Link to={favoritesListLink(PATHS.charts)}>See all</Link>}
          >
            {chartItems.length === 0 ? (
              <FavoritesEmpty kind="chart" listPath={PATHS.charts} />
            ) : (
              <ul style={listStyle}>
                {chartItems.map((c) => (
                  <Entry
                    key={c.id}
                    icon={ICONS.chart}
                    href={c.url}
                    title={c.slice_name}
                    meta={
                      c.changed_on_delta_humanized
                        ? `Modified ${c.changed_on_delta_humanized}`
                        : undefined
                    }
                  />
                ))}
              </ul>
            )}
          </Section>
        </Col>
      </Row>
    </Flex>
  );
}
