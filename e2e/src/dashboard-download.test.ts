import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  chooseMenuItem,
  collectPageErrors,
  launchBrowser,
  loginAs,
  snap,
  startServer,
  type RunningServer,
  openSubmenu,
} from './harness.js';

describe('Downloading a dashboard as an image and as a PDF, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-e2e-download-'));

  before(async () => {
    // Superset's example dashboards, Sales Dashboard among them.
    server = await startServer({ STRATA_LOAD_EXAMPLE_DASHBOARDS: 'true' });
    browser = await launchBrowser();
    page = await browser.newPage({
      viewport: { width: 1440, height: 1000 },
      acceptDownloads: true,
    });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(downloads, { recursive: true, force: true });
  });

  /** Waits until no menu of the page is shown (a closing one must not take the next click). */
  const menusClosed = async () => {
    const shown = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    for (let i = 0; i < 50 && (await shown.count()) > 0; i += 1) {
      // One left open by an earlier step that failed: Escape closes it.
      if (i === 20) await page.keyboard.press('Escape');
      await page.waitForTimeout(100);
    }
    assert.equal(await shown.count(), 0, 'a menu stays open');
  };

  const download = async (item: string): Promise<{ name: string; bytes: Buffer }> => {
    await menusClosed();
    await page.locator('[data-test="dashboard-menu"]').click();
    const entry = page.getByRole('menuitem', { name: item });
    await openSubmenu(
      page,
      page.locator('.ant-dropdown-menu-submenu-title', { hasText: 'Download' }),
      entry,
    );
    const started = page.waitForEvent('download', { timeout: 60_000 });
    await chooseMenuItem(entry);
    const file = await started.catch(async (e: unknown) => {
      // Say why: the product's failure toast, if it showed one.
      const failed = await page.getByText('Sorry, something went wrong. Try again later.').count();
      throw new Error(
        `no download of "${item}"${failed ? ' (the page said it failed)' : ''}: ${String(e)}`,
      );
    });
    const target = path.join(downloads, file.suggestedFilename());
    await file.saveAs(target);
    await page.keyboard.press('Escape');
    return { name: file.suggestedFilename(), bytes: fs.readFileSync(target) };
  };

  it('opens the Sales Dashboard with its charts drawn', async () => {
    const list = (await (
      await page.request.get(
        `${server.baseUrl}/api/v1/dashboard/?q=(filters:!((col:dashboard_title,opr:eq,value:'Sales Dashboard')))`,
      )
    ).json()) as { result: Array<{ id: number }> };
    await page.goto(`${server.baseUrl}/superset/dashboard/${list.result[0]!.id}/`);
    await page.locator('[data-test="dashboard-chart"]').first().waitFor();
    await page.locator('[data-test="dashboard-chart"] canvas').first().waitFor();
    await page.getByText('10.0M').waitFor();
  });

  it('downloads the dashboard as a JPEG named after it', async () => {
    const { name, bytes } = await download('Download as image');
    assert.match(name, /^sales-dashboard-\d{4}-\d\d-\d\dT\d\d_\d\d_\d\d\.jpg$/);
    // A JPEG (FF D8 FF), of a real size.
    assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    assert.ok(bytes.length > 20_000, `a ${bytes.length}-byte picture`);
  });

  it('exports the dashboard to a PDF of one or more pages holding the picture', async () => {
    const { name, bytes } = await download('Export to PDF');
    assert.match(name, /^sales-dashboard-.*\.pdf$/);
    const text = bytes.toString('latin1');
    assert.ok(text.startsWith('%PDF-'));
    assert.match(text, /\/Subtype \/Image/);
    assert.match(text, /\/Filter \/DCTDecode/);
    assert.ok(/\/Type \/Page\b/.test(text));
    await snap(page, 'dashboard-download');
    assert.deepEqual(errors, []);
  });
});
