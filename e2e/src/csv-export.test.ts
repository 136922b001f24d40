import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  launchBrowser,
  loginAs,
  snap,
  startServer,
  type RunningServer,
  setSql,
} from './harness.js';

describe("SQL Lab's Download to CSV gives every row, past the display limit, in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('downloads 25,000 rows of a query shown with the limit of 1,000', async () => {
    await page.goto(`${server.baseUrl}/sqllab/`);
    await page.getByRole('tab', { name: /Untitled Query 1/ }).waitFor();
    await setSql(page, "SELECT range AS n, 'row ' || range AS label FROM range(25000) ORDER BY n");
    await page.getByRole('button', { name: /^(caret-right )?Run$/ }).click();
    const csvButton = page.getByLabel('Download to CSV');
    await csvButton.waitFor({ timeout: 60_000 });
    await snap(page, 'csv-export-01-results');
    const [download] = await Promise.all([page.waitForEvent('download'), csvButton.click()]);
    const file = await download.path();
    assert.ok(file, 'the download was saved');
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.trimEnd().split('\r\n');
    // The header and every row, not the 1,000 rows on screen.
    assert.equal(lines.length, 25_001);
    assert.equal(lines[0], 'n,label');
    assert.equal(lines[25_000], '24999,row 24999');
    assert.match(download.suggestedFilename(), /\.csv$/);
    assert.deepEqual(errors, []);
  });
});
