/**
 * Issue 21 point 16: the settings pages — CSS templates (and loading one into a dashboard's CSS
 * editor), annotation layers and their annotations, the action log, and tags (TAGGING_SYSTEM:
 * tagging a dashboard, finding it through the list's Tag filter and the tag's page).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  csrfTokenOf,
  launchBrowser,
  loginAs,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

const SPA = { timeout: 15_000 };
const TEMPLATE_CSS = '.dashboard-content { background: #fdf6e3; }';

describe('settings pages', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let dashboardId: number;

  const toast = (text: string) =>
    page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
  const shot = (name: string) => snap(page, `settings-${name}`);

  /** Deletes the list row named `name` through the confirmation. */
  async function deleteRow(name: string): Promise<void> {
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await dialog.getByRole('textbox').fill('DELETE');
    const answer = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const res = await answer;
    assert.equal(res.status(), 200, `${res.url()}: ${await res.text()}`);
    await row.waitFor({ state: 'detached' });
  }

  /** Opens a page through the Settings menu. */
  async function openSettings(label: string): Promise<void> {
    await page.getByRole('menuitem', { name: 'Settings' }).hover();
    await page.getByRole('menuitem', { name: label, exact: true }).click();
  }

  before(async () => {
    server = await startServer({
      STRATA_LOAD_EXAMPLES: 'false',
      STRATA_FEATURE_FLAGS: JSON.stringify({ TAGGING_SYSTEM: true }),
    });
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    const token = await csrfTokenOf(page, server.baseUrl);
    const made = await page.request.post(`${server.baseUrl}/api/v1/dashboard/`, {
      headers: { 'X-CSRFToken': token },
      data: { dashboard_title: 'Settings e2e dashboard', published: true },
    });
    assert.equal(made.status(), 201, await made.text());
    dashboardId = ((await made.json()) as { id: number }).id;
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds, edits and deletes a CSS template', async () => {
    await openSettings('CSS templates');
    await page.waitForURL(`${server.baseUrl}/csstemplatemodelview/list/`, SPA);
    await page.getByText('No CSS templates yet').waitFor();
    await shot('01-css-templates-empty');
    await page.getByRole('button', { name: 'CSS template' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Add CSS template' });
    await modal.getByLabel('Name').fill('Solarized');
    await modal.locator('.cm-content').click();
    await page.keyboard.insertText(TEMPLATE_CSS);
    await shot('02-css-template-modal');
    const added = toast('Added: Solarized');
    await modal.getByRole('button', { name: 'Save' }).click();
    await added;
    const row = page.getByRole('row', { name: /Solarized/ });
    await row.waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit CSS template properties' });
    await edit.getByLabel('Name').fill('Solarized light');
    const saved = toast('Saved: Solarized light');
    await edit.getByRole('button', { name: 'Save' }).click();
    await saved;
    await page.getByRole('row', { name: /Solarized light/ }).waitFor();
    await shot('03-css-templates-list');
    // A second one, deleted with confirmation.
    await page.getByRole('button', { name: 'CSS template' }).first().click();
    const second = page.getByRole('dialog', { name: 'Add CSS template' });
    await second.getByLabel('Name').fill('Throwaway');
    const addedSecond = toast('Added: Throwaway');
    await second.getByRole('button', { name: 'Save' }).click();
    await addedSecond;
    await deleteRow('Throwaway');
  });

  it("loads a CSS template into a dashboard's CSS editor", async () => {
    await page.goto(`${server.baseUrl}/superset/dashboard/${dashboardId}/`);
    await page.locator('[data-test="dashboard-menu"]').click();
    await page.getByRole('menuitem', { name: 'Edit CSS' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit CSS' });
    await modal.getByRole('button', { name: /Load a CSS template/ }).click();
    await page.getByRole('menuitem', { name: 'Solarized light' }).click();
    assert.equal(await modal.getByLabel('CSS').inputValue(), TEMPLATE_CSS);
    await shot('04-dashboard-css-template-loaded');
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('adds an annotation layer and manages its annotations', async () => {
    await page.goto(`${server.baseUrl}/`);
    await openSettings('Annotation layers');
    await page.waitForURL(`${server.baseUrl}/annotationlayer/list/`, SPA);
    await page.getByText('No annotation layers yet').waitFor();
    await page.getByRole('button', { name: 'Annotation layer' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Add annotation layer' });
    await modal.getByLabel('Annotation layer name').fill('Releases');
    await modal.getByLabel('Description').fill('Product releases');
    const added = toast('Added: Releases');
    await modal.getByRole('button', { name: 'Save' }).click();
    await added;
    await page.getByRole('row', { name: /Releases/ }).waitFor();
    await shot('05-annotation-layers');

    await page.getByRole('link', { name: 'Releases' }).click();
    await page.waitForURL(/\/annotationlayer\/\d+\/annotation\/$/, SPA);
    await page.getByText('Annotation layer Releases').waitFor();
    await page.getByText('No annotation yet').waitFor();
    await page.getByRole('button', { name: 'Annotation' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add annotation' });
    await add.getByLabel('Name').fill('v2.0');
    // The range picker takes typed dates, each confirmed with Enter.
    await add.getByPlaceholder('Start date').click();
    await add.getByPlaceholder('Start date').fill('2026-11-02 09:00');
    await page.keyboard.press('Enter');
    await add.getByPlaceholder('End date').fill('2026-11-03 18:00');
    await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    assert.equal(await add.getByPlaceholder('End date').inputValue(), '2026-11-03 18:00');
    await add.getByLabel('Description').fill('The big one');
    await add.locator('.cm-content').click();
    await page.keyboard.insertText('{"team": "core"}');
    await shot('06-annotation-modal');
    const addedAnnotation = toast('Added: v2.0');
    await add.getByRole('button', { name: 'Save' }).click();
    await addedAnnotation;
    const row = page.getByRole('row', { name: /v2\.0/ });
    await row.waitFor();
    assert.match(await row.innerText(), /2026-11-02 09:00/);
    assert.match(await row.innerText(), /The big one/);
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit annotation' });
    await edit.getByLabel('Name').fill('v2.0.1');
    const saved = toast('Saved: v2.0.1');
    await edit.getByRole('button', { name: 'Save' }).click();
    await saved;
    await shot('07-annotations');
    await deleteRow('v2.0.1');
    await page.getByText('No annotation yet').waitFor();
  });

  it('shows the action log with its filters', async () => {
    await openSettings('Action log');
    await page.waitForURL(`${server.baseUrl}/actionlog/list/`, SPA);
    // Opening the dashboard logged its mount.
    const mount = page.getByRole('row', { name: /mount_dashboard/ }).first();
    await mount.waitFor();
    await page.locator('#filter-action').click();
    await page.keyboard.type('mount_dash');
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/v1/log/?q=') && r.url().includes('mount_dashboard'),
    );
    await page.locator('.ant-select-item-option', { hasText: 'mount_dashboard' }).first().click();
    await page.waitForURL(/filters=.*action/, SPA);
    await filtered;
    await page.waitForTimeout(300);
    const rows = page.locator('.ant-table-row');
    await rows.first().waitFor();
    for (const text of await rows.allInnerTexts()) assert.match(text, /mount_dashboard/);
    await page.mouse.move(700, 700);
    await shot('08-action-log');
  });

  it('tags a dashboard and finds it by the Tag filter and on the tag page', async () => {
    await page.goto(`${server.baseUrl}/superset/dashboard/${dashboardId}/`);
    await page.locator('[data-test="dashboard-menu"]').click();
    await page.getByRole('menuitem', { name: 'Edit properties' }).click();
    const modal = page.getByRole('dialog', { name: 'Dashboard properties' });
    const tags = modal.getByLabel('Tags');
    await tags.click();
    await page.keyboard.type('finance');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await shot('09-dashboard-tags');
    const applied = toast('The dashboard has been saved');
    await modal.getByRole('button', { name: 'Apply' }).click();
    await applied;
    const stored = await page.request.get(`${server.baseUrl}/api/v1/dashboard/${dashboardId}`);
    const tagNames = (
      (await stored.json()) as { result: { tags: Array<{ name: string }> } }
    ).result.tags.map((t) => t.name);
    assert.deepEqual(tagNames, ['finance']);

    await page.goto(`${server.baseUrl}/dashboard/list/?viewMode=table`);
    await page.getByRole('row', { name: /Settings e2e dashboard/ }).waitFor();
    await page.locator('#filter-tags').click();
    await page.keyboard.type('fin');
    await page.locator('.ant-select-item-option', { hasText: 'finance' }).first().click();
    await page.waitForURL(/filters=.*tags/, SPA);
    // The filtered list (cards by default): the tagged dashboard alone; its Tags in the table.
    await page.getByText('1-1 of 1').waitFor();
    await page.locator('[title="List view"]').click();
    const row = page.getByRole('row', { name: /Settings e2e dashboard/ });
    await row.waitFor();
    await row.getByText('finance').waitFor();
    assert.equal(await page.locator('.ant-table-row').count(), 1);
    await shot('10-dashboard-list-tag-filter');

    await openSettings('Tags');
    await page.waitForURL(`${server.baseUrl}/superset/tags/`, SPA);
    await page.getByRole('row', { name: /finance/ }).waitFor();
    await shot('11-tags-list');
    await page.getByRole('link', { name: 'finance' }).click();
    await page.waitForURL(/\/superset\/all_entities\/\?id=\d+$/, SPA);
    const dashboards = page.locator('[data-test="tag-section-dashboards"]');
    await dashboards.getByRole('link', { name: 'Settings e2e dashboard' }).waitFor();
    await page.getByText('No charts yet').waitFor();
    await shot('12-tag-page');
  });

  it('logged no page errors', () => {
    assert.deepEqual(errors, []);
  });
});
