import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  launchBrowser,
  loginAs,
  logout,
  snap,
  startServer,
  type RunningServer,
  openSubmenu,
} from './harness.js';

describe('users and roles admin in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  before(async () => {
    server = await startServer({ STRATA_LOAD_EXAMPLES: 'false' });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a Gamma user through the Users page', async () => {
    await page.goto(`${server.baseUrl}/users/list/`);
    await page.getByRole('button', { name: 'User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.waitFor();
    await dialog.getByLabel('Username').fill('gwen');
    await dialog.getByLabel('First name').fill('Gwen');
    await dialog.getByLabel('Last name').fill('Gamma');
    await dialog.getByLabel('Email').fill('gwen@example.com');
    await dialog.getByLabel('Password').fill('gwen-password-1');
    await dialog.getByLabel('Roles').click();
    await page.locator('.ant-select-item-option', { hasText: 'Gamma' }).click();
    await dialog.getByLabel('Username').click(); // closes the dropdown
    await snap(page, 'admin-01-add-user');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'gwen', exact: true }).waitFor();
    await snap(page, 'admin-02-user-added');
  });

  it("opens a role's permissions and shows what it holds", async () => {
    await page.goto(`${server.baseUrl}/roles/list/`);
    const row = page.getByRole('row', { name: /sql_lab/ });
    await row.getByRole('button', { name: /permissions/i }).click();
    const drawer = page.getByRole('dialog', { name: 'Permissions of sql_lab' });
    await drawer.getByText(/^\d+ of \d+ permissions selected$/).waitFor();
    await drawer.getByPlaceholder('Search permissions').fill('SQLLab');
    await drawer.getByText('SQLLab').first().waitFor();
    await snap(page, 'admin-03-role-permissions');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
  });

  it('gives the Gamma user no security pages', async () => {
    await logout(page, server.baseUrl);
    await loginAs(page, server.baseUrl, 'gwen', 'gwen-password-1');
    await page.getByRole('menuitem', { name: 'Dashboards', exact: true }).first().waitFor();
    assert.equal(await page.getByRole('menuitem', { name: 'SQL', exact: true }).count(), 0);
    await openSubmenu(
      page,
      page.getByRole('menuitem', { name: 'Settings', exact: true }).first(),
      page.getByRole('menuitem', { name: 'Databases', exact: true }).first(),
    );
    assert.equal(await page.getByRole('menuitem', { name: 'Users', exact: true }).count(), 0);
    await page.goto(`${server.baseUrl}/users/list/`);
    await page.getByText('Sorry, you are not authorized to access this page.').waitFor();
    await snap(page, 'admin-04-gamma-forbidden');
    const api = await page.request.get(`${server.baseUrl}/api/v1/security/users/`);
    assert.equal(api.status(), 403);
    assert.deepEqual(
      errors.filter((e) => !/status of 40[13]/.test(e)),
      [],
    );
  });
});
