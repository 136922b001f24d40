import { Suspense, lazy, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import {
  BarChartOutlined,
  ConsoleSqlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useCurrentUser } from '../BootstrapContext';
import { useUploads } from '../../features/uploads/UploadsProvider';
import { PATHS } from './navigation';
import { newMenuEntries, showsNewMenu } from './newMenu';
import type { DataMenuEntry, NewMenuPaths } from './newMenu';

const DatabaseModal = lazy(() => import('../../features/databases/DatabaseModal'));

type MenuItems = NonNullable<MenuProps['items']>;

const MENU_PATHS: NewMenuPaths = {
  datasetAdd: PATHS.datasetAdd,
  sqlLabNew: `${PATHS.sqlLab}?new=true`,
  chartAdd: PATHS.chartAdd,
  dashboardNew: '/dashboard/new/',
};

const ICONS = {
  sql: <ConsoleSqlOutlined />,
  chart: <BarChartOutlined />,
  dashboard: <DashboardOutlined />,
};

/**
 * The "+" (New) menu of the top bar: Data (connect a database, create a dataset, uploads),
 * SQL query, Chart, Dashboard, as the user's permissions allow. Which databases take uploads is
 * asked when the menu opens.
 */
export function NewMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { databases, checkDatabases, open } = useUploads();
  const [connecting, setConnecting] = useState(false);

  const items = useMemo<MenuItems>(() => {
    const dataItem = (entry: DataMenuEntry): MenuItems[number] => {
      switch (entry.kind) {
        case 'connect':
          return { key: entry.key, label: entry.label, onClick: () => setConnecting(true) };
        case 'link':
          return { key: entry.key, label: <Link to={entry.path}>{entry.label}</Link> };
        case 'divider':
          return { type: 'divider', key: entry.key };
        case 'upload':
          return { key: entry.key, label: entry.label, onClick: () => open(entry.type) };
        default:
          return { key: entry.key, label: entry.label, disabled: true };
      }
    };
    return newMenuEntries(user, databases, MENU_PATHS).map((entry) =>
      entry.kind === 'data'
        ? {
            key: entry.key,
            label: entry.label,
            icon: <DatabaseOutlined />,
            children: entry.children.map(dataItem),
          }
        : {
            key: entry.key,
            icon: ICONS[entry.key],
            label: <Link to={entry.path}>{entry.label}</Link>,
          },
    );
  }, [user, databases, open]);

  if (!showsNewMenu(user)) return null;
  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{ items }}
        onOpenChange={(next) => {
          if (next) checkDatabases();
        }}
      >
        <Button type="text" shape="circle" icon={<PlusOutlined />} aria-label="New" />
      </Dropdown>
      {connecting ? (
        <Suspense fallback={null}>
          <DatabaseModal
            open
            item={null}
            onClose={() => setConnecting(false)}
            onSaved={() => {
              setConnecting(false);
              void navigate(PATHS.databases);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
