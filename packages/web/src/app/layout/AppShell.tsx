import { Suspense, useEffect, useMemo } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { CheckOutlined, UserOutlined } from '@ant-design/icons';
import { THEME_SETTINGS, THEME_SETTING_LABELS, userDisplayName } from '@strata/core';
import { logout } from '../../features/login/authApi';
import {
  DATE_PICKER_LOCALES,
  DATE_PICKER_LOCALE_NAMES,
  chooseDatePickerLocaleInMenu,
  useChosenDatePickerLocale,
} from '../../features/explore/controls/timeRange';
import { UploadsProvider } from '../../features/uploads/UploadsProvider';
import { useBootstrap, useCurrentUser } from '../BootstrapContext';
import { errorMessage } from '../api';
import { ErrorBoundary } from '../ErrorBoundary';
import { useToasts } from '../toasts';
import { logEvent } from '../logger/eventLogger';
import { chooseThemeInMenu } from '../theme/chooseTheme';
import { useThemeSetting } from '../theme/themeSetting';
import { NewMenu } from './NewMenu';
import { PageLoading } from './PageLoading';
import {
  PATHS,
  buildNavItems,
  isFullBleedPath,
  isStandaloneSearch,
  pageKey,
  selectedNavKey,
} from './navigation';
import type { NavItem } from './navigation';

type MenuItems = NonNullable<MenuProps['items']>;

/** Ends the session (POST with the CSRF token), then opens the login page; says so if it failed. */
async function logoutAndLeave(onError: (text: string) => void): Promise<void> {
  try {
    await logout();
  } catch (e) {
    onError(`Logging out failed: ${errorMessage(e)}`);
    return;
  }
  window.location.assign('/login/');
}

function toMenuItems(items: NavItem[]): MenuItems {
  return items.map((item) =>
    item.children
      ? { key: item.key, label: item.label, children: toMenuItems(item.children) }
      : { key: item.key, label: <Link to={item.path ?? '/'}>{item.label}</Link> },
  );
}

/**
 * The frame of every logged-in page: top navigation (with the "+" menu), and the page in an
 * error boundary; the upload dialog is mounted here for the whole app.
 */
export function AppShell() {
  const user = useCurrentUser();
  const toasts = useToasts();
  const location = useLocation();
  const flags = useBootstrap().common.feature_flags;
  const navItems = useMemo(() => buildNavItems(user, flags), [user, flags]);
  const menuItems = useMemo(() => toMenuItems(navItems), [navItems]);
  const selected = selectedNavKey(navItems, location.pathname);
  // SQL Lab and Explore take the whole window under the top bar; their panes scroll inside.
  const fullBleed = isFullBleedPath(location.pathname);
  // Embedded pages (`?standalone=1`) show no top bar.
  const standalone = isStandaloneSearch(location.search);

  useEffect(() => {
    if (user) logEvent('spa_navigation', { path: location.pathname });
  }, [user, location.pathname]);

  const dateLocale = useChosenDatePickerLocale();
  const themeSetting = useThemeSetting();
  const displayName = user
    ? userDisplayName({
        first_name: user.firstName,
        last_name: user.lastName,
        username: user.username,
      })
    : '';
  const userMenu: MenuItems = [
    {
      key: 'user',
      label: displayName,
      icon: <UserOutlined />,
      children: [
        { key: 'info', label: 'Info', disabled: true },
        {
          key: 'theme',
          label: 'Theme',
          children: THEME_SETTINGS.map((t) => ({
            key: `theme-${t}`,
            label: THEME_SETTING_LABELS[t],
            icon: t === themeSetting ? <CheckOutlined /> : <span style={{ width: 14 }} />,
            onClick: () => void chooseThemeInMenu(t, toasts.addDangerToast),
          })),
        },
        {
          key: 'date-locale',
          label: 'Date picker language',
          children: DATE_PICKER_LOCALES.map((l) => ({
            key: `date-locale-${l}`,
            label: DATE_PICKER_LOCALE_NAMES[l],
            icon: l === dateLocale ? <CheckOutlined /> : <span style={{ width: 14 }} />,
            onClick: () => chooseDatePickerLocaleInMenu(l),
          })),
        },
        {
          key: 'logout',
          label: (
            <a
              href={PATHS.logout}
              onClick={(e) => {
                // Logging out is a POST with the CSRF token; the link's own GET logs nobody out.
                e.preventDefault();
                void logoutAndLeave(toasts.addDangerToast);
              }}
            >
              Logout
            </a>
          ),
        },
      ],
    },
  ];

  return (
    <UploadsProvider>
      <Layout style={fullBleed ? { height: '100vh', overflow: 'hidden' } : { minHeight: '100vh' }}>
        <Layout.Header
          hidden={standalone}
          style={{
            // The inline display would win over `hidden`: standalone pages set none themselves.
            display: standalone ? 'none' : 'flex',
            alignItems: 'center',
            gap: 16,
            borderBottom: '1px solid var(--ant-color-border-secondary)',
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <Link
            to={PATHS.home}
            aria-label="Strata home"
            style={{ fontWeight: 700, fontSize: 20, letterSpacing: 0.5, whiteSpace: 'nowrap' }}
          >
            Strata
          </Link>
          <nav aria-label="Main" style={{ flex: 1, minWidth: 0 }}>
            <Menu
              mode="horizontal"
              items={menuItems}
              selectedKeys={selected ? [selected] : []}
              style={{ borderBottom: 'none' }}
            />
          </nav>
          <NewMenu />
          <Menu
            mode="horizontal"
            items={userMenu}
            selectedKeys={[]}
            style={{ borderBottom: 'none', minWidth: 160, justifyContent: 'flex-end' }}
          />
        </Layout.Header>
        <Layout.Content
          style={
            fullBleed
              ? { padding: 0, flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }
              : { padding: 24 }
          }
        >
          <ErrorBoundary key={pageKey(location.pathname)}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </Layout.Content>
      </Layout>
    </UploadsProvider>
  );
}
