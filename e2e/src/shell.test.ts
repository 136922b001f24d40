import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  chooseMenuItem,
  collectPageErrors,
  launchBrowser,
  snap,
  startServer,
  type RunningServer,
  openSubmenu,
} from './harness.js';

const LIST_PAGES: Array<{ path: string; title: string; menu: string[] }> = [
  { path: '/dashboard/list/', title: 'Dashboards', menu: ['Dashboards'] },
  { path: '/chart/list/', title: 'Charts', menu: ['Charts'] },
  { path: '/tablemodelview/list/', title: 'Datasets', menu: ['Datasets'] },
  { path: '/sqllab/history/', title: 'Query history', menu: ['SQL', 'Query history'] },
  { path: '/savedqueryview/list/', title: 'Saved queries', menu: ['SQL', 'Saved queries'] },
  { path: '/databaseview/list/', title: 'Databases', menu: ['Settings', 'Databases'] },
  { path: '/users/list/', title: 'Users', menu: ['Settings', 'Users'] },
  { path: '/roles/list/', title: 'Roles', menu: ['Settings', 'Roles'] },
];

describe('web shell in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
    errors = collectPageErrors(page);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends a visitor to the login page and refuses a wrong password', async () => {
    await page.goto(`${server.baseUrl}/dashboard/list/`);
    await page.waitForURL(/\/login\/\?next=/);
    await page.locator('#username').waitFor();
    await snap(page, '01-login');
    await page.fill('#username', 'admin');
    await page.fill('#password', 'wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/error=invalid/);
    await page.getByText('Invalid login. Please try again.').waitFor();
    await snap(page, '02-login-invalid');
  });

  it('logs the admin in through the real login page and lands where they were going', async () => {
    await page.fill('#username', 'admin');
    await page.fill('#password', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard/list/`);
    await page.getByRole('heading', { name: 'Dashboards' }).waitFor();
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'session');
    assert.ok(session, 'a session cookie is set');
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Lax');
    await page.goto(`${server.baseUrl}/`);
    await page
      .getByRole('heading', { name: /Home|Welcome/ })
      .first()
      .waitFor();
    await snap(page, '03-home');
  });

  for (const [i, list] of LIST_PAGES.entries()) {
    it(`opens the ${list.title} list page from the navigation`, async () => {
      const [top, sub] = list.menu;
      const topItem = page.getByRole('menuitem', { name: top!, exact: true }).first();
      if (!sub) {
        await topItem.click();
      } else {
        // A submenu opens when the pointer enters its title: move it away first (it may still
        // rest there from the previous step), then hover and click the item once it is shown.
        // Under load a click can land while the popup is still opening or closing: try again.
        for (let attempt = 1; ; attempt += 1) {
          await page.mouse.move(600, 600);
          await topItem.hover();
          const link = page
            .getByRole('link', { name: sub, exact: true })
            .locator('visible=true')
            .first();
          try {
            await link.waitFor({ timeout: 10_000 });
            // Another submenu's popup, still closing, may cover the link: give up the click
            // early and start again from a pointer moved away.
            await link.click({ timeout: 5_000 });
            await page.waitForURL(`${server.baseUrl}${list.path}`, { timeout: 10_000 });
            break;
          } catch (e) {
            if (attempt === 3) throw e;
          }
        }
      }
      await page.waitForURL(`${server.baseUrl}${list.path}`);
      await page.getByRole('heading', { name: list.title, exact: true }).waitFor();
      // The list has loaded: a table with at least its header (or the dashboards' cards, or
      // their empty state), and no spinner left.
      await page.locator('.ant-table, [data-test="list-cards"], .ant-empty').first().waitFor();
      await page
        .locator('.ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await snap(page, `${String(i + 4).padStart(2, '0')}-list-${list.path.split('/')[1]}`);
    });
  }

  it('shows the example datasets loaded on first start', async () => {
    await page.goto(`${server.baseUrl}/tablemodelview/list/`);
    await page.getByRole('link', { name: 'birth_names', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'examples', exact: true }).first().waitFor();
    await snap(page, '12-datasets-examples');
  });

  it('shows the users created on first start in the Users list', async () => {
    await page.goto(`${server.baseUrl}/users/list/`);
    await page.getByRole('cell', { name: 'admin', exact: true }).waitFor();
  });

  it('logs out and is sent back to the login page', async () => {
    // A GET of /logout/ (a link or an image in a markdown block) logs nobody out.
    await page.goto(`${server.baseUrl}/logout/`);
    assert.equal((await page.request.get(`${server.baseUrl}/api/v1/me/`)).status(), 200);
    // The user menu's Logout posts with the CSRF token.
    await page.goto(`${server.baseUrl}/dashboard/list/`);
    await openSubmenu(
      page,
      page.getByRole('menuitem', { name: /admin/i }).first(),
      page.getByRole('menuitem', { name: 'Logout' }).getByRole('link'),
    );
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Logout' }).getByRole('link'));
    await page.waitForURL(/\/login\//);
    await page.locator('#username').waitFor();
    await snap(page, '20-logged-out');
    const res = await page.request.get(`${server.baseUrl}/api/v1/me/`);
    assert.equal(res.status(), 401);
    assert.deepEqual(
      errors.filter((e) => !/status of 401/.test(e)),
      [],
    );
  });
});
