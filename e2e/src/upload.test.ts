import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  launchBrowser,
  loginAs,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

describe('uploading a CSV file into a database, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-e2e-upload-'));
  const target = path.join(dir, 'target.db');
  const csv = path.join(dir, 'Sales 2024.csv');

  before(async () => {
    new BetterSqlite3(target).close();
    fs.writeFileSync(
      csv,
      'id,region,amount,day\n1,North,10.5,2024-01-02\n2,"South, East",7,2024-01-03\n3,West,,2024-01-04\n',
    );
    // File databases must be inside a configured folder (issue 16 point 8): the test's own.
    server = await startServer({ STRATA_LOAD_EXAMPLES: 'false', STRATA_FILE_DATABASE_DIRS: dir });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 950 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    const csrf = (await (
      await page.request.get(`${server.baseUrl}/api/v1/security/csrf_token/`)
    ).json()) as { result: string };
    const created = await page.request.post(`${server.baseUrl}/api/v1/database/`, {
      headers: { 'X-CSRFToken': csrf.result },
      data: {
        database_name: 'Upload target',
        sqlalchemy_uri: `sqlite:///${target}`,
        allow_file_upload: true,
      },
    });
    assert.equal(created.status(), 201);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a CSV from the Datasets list and gets a dataset on the new table', async () => {
    await page.goto(`${server.baseUrl}/tablemodelview/list/`);
    await page.getByRole('button', { name: /Upload file/ }).click();
    await page.getByRole('menuitem', { name: 'Upload CSV to database' }).click();
    const dialog = page.getByRole('dialog', { name: 'CSV upload' });
    await dialog.locator('input[type=file]').setInputFiles(csv);
    await dialog.getByText('4 columns').waitFor();
    assert.equal(await dialog.getByLabel('Table name').inputValue(), 'sales_2024');
    await snap(page, 'upload-01-csv-chosen');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'sales_2024', exact: true }).waitFor();
    await snap(page, 'upload-02-dataset-listed');
    const db = new BetterSqlite3(target, { readonly: true });
    const rows = db.prepare('SELECT id, region, amount FROM sales_2024 ORDER BY id').all();
    db.close();
    assert.deepEqual(rows, [
      { id: 1, region: 'North', amount: 10.5 },
      { id: 2, region: 'South, East', amount: 7 },
      { id: 3, region: 'West', amount: null },
    ]);
  });

  it('shows the server message when the table already exists, keeping the form', async () => {
    await page.getByRole('button', { name: /Upload file/ }).click();
    await page.getByRole('menuitem', { name: 'Upload CSV to database' }).click();
    const dialog = page.getByRole('dialog', { name: 'CSV upload' });
    await dialog.locator('input[type=file]').setInputFiles(csv);
    await dialog.getByText('4 columns').waitFor();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog
      .getByText(/Table already exists/)
      .first()
      .waitFor();
    assert.equal(await dialog.getByLabel('Table name').inputValue(), 'sales_2024');
    await snap(page, 'upload-03-exists');
    assert.deepEqual(
      errors.filter((e) => !/status of 4\d\d/.test(e)),
      [],
    );
  });
});
