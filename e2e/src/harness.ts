import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(here, '../..');
export const ARTIFACTS = path.join(REPO, 'e2e', 'artifacts');
export const ADMIN_PASSWORD = 'e2e-admin-password';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}

const SERVER_MAIN = path.join(REPO, 'packages/server/dist/main.js');

/**
 * The examples' DuckDB file, loaded once by `main.js init` and copied into each test server's
 * data dir: every server would otherwise load the examples again (15 s on an idle 2-core
 * machine, over a minute on a busy one). Keyed by the built examples catalogue, so a changed
 * catalogue gets a new one; the loader still reloads any table it finds outdated.
 */
function examplesTemplate(): string | null {
  const catalogue = path.join(REPO, 'packages/server/dist/examples/catalogue.js');
  if (!fs.existsSync(catalogue)) return null;
  const key = createHash('sha256').update(fs.readFileSync(catalogue)).digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), `strata-e2e-examples-${key}`);
  const file = path.join(dir, 'examples.duckdb');
  if (fs.existsSync(path.join(dir, 'done'))) return file;
  // One test process builds it at a time (the directory is the lock); the others wait for it.
  const lock = `${dir}.lock`;
  try {
    fs.mkdirSync(lock);
  } catch {
    for (let i = 0; i < 600 && !fs.existsSync(path.join(dir, 'done')); i += 1)
      execFileSync('sleep', ['0.5']);
    return fs.existsSync(path.join(dir, 'done')) ? file : null;
  }
  try {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    execFileSync(process.execPath, [SERVER_MAIN, 'init'], {
      env: {
        ...process.env,
        STRATA_DATA_DIR: dir,
        STRATA_ADMIN_PASSWORD: ADMIN_PASSWORD,
        STRATA_LOG_LEVEL: 'warn',
        STRATA_LOAD_EXAMPLE_DASHBOARDS: 'false',
      },
      stdio: 'ignore',
      timeout: 600_000,
    });
    fs.writeFileSync(path.join(dir, 'done'), '');
    return file;
  } catch {
    return null; // each server loads its own, as before
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Starts the built server (packages/server/dist/main.js) on a free port with a fresh data dir. */
export async function startServer(
  env: Record<string, string> = {},
  options: { healthyWithinMs?: number } = {},
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-e2e-'));
  if (env.STRATA_LOAD_EXAMPLES !== 'false') {
    const template = examplesTemplate();
    if (template) fs.copyFileSync(template, path.join(dataDir, 'examples.duckdb'));
  }
  const port = await freePort();
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      STRATA_PORT: String(port),
      STRATA_HOST: '127.0.0.1',
      STRATA_DATA_DIR: dataDir,
      STRATA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      STRATA_LOG_LEVEL: 'warn',
      // As the supervisor (`npm start`) starts the server.
      UV_THREADPOOL_SIZE: '16',
      // The browser tests count dashboards and charts in lists, and import sales-dashboard
      // themselves: no example dashboards unless a test asks for them.
      STRATA_LOAD_EXAMPLE_DASHBOARDS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // E2E_SERVER_START_MS: more time to start on a machine shared with others.
  const deadline =
    Date.now() + (options.healthyWithinMs ?? (Number(process.env.E2E_SERVER_START_MS) || 90_000));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${baseUrl}/health`);
      if (res.ok && (await res.text()) === 'OK') break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Stop it: a child left running keeps this test file's process (and the suite) waiting.
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.STRATA_CHROMIUM ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: run scripts/test.sh, which installs it`,
    );
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

/** Saves a screenshot of the page under e2e/artifacts/. */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Fails the test on errors the page logs or throws. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

/** Logs in through the real login page and waits for the home page. */
export async function loginAs(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login/`);
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** Picks an option of an antd Select (found by its placeholder) by typing into it. */
export async function chooseOption(
  page: Page,
  placeholder: string | RegExp,
  option: string,
): Promise<void> {
  const select = page.locator('.ant-select', { has: page.getByText(placeholder) }).first();
  await select.click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-item-option', { hasText: option }).first().click();
}

/** The id of the example dataset on `tableName`, through the API (the page's session). */
export async function datasetIdOf(page: Page, baseUrl: string, tableName: string): Promise<number> {
  const res = await page.request.get(
    `${baseUrl}/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:${tableName})))`,
  );
  const found = (await res.json()) as { result: Array<{ id: number }> };
  if (!found.result[0]) throw new Error(`no dataset on ${tableName}`);
  return found.result[0].id;
}

/** The session's CSRF token, for API writes made from the test with the page's cookies. */
export async function csrfTokenOf(page: Page, baseUrl: string): Promise<string> {
  const r = await page.request.get(`${baseUrl}/api/v1/security/csrf_token/`);
  return ((await r.json()) as { result: string }).result;
}

/**
 * Logs the page's session out as the app does (POST /logout/ with the CSRF token; a GET logs
 * nobody out), then opens the login page.
 */
export async function logout(page: Page, baseUrl: string): Promise<void> {
  const token = await csrfTokenOf(page, baseUrl);
  const res = await page.request.post(`${baseUrl}/logout/`, { headers: { 'X-CSRFToken': token } });
  if (res.status() !== 200) throw new Error(`logout answered ${res.status()}`);
  await page.goto(`${baseUrl}/login/`);
}

/**
 * Chooses an item of a menu that may still be sliding in: a click event on the item itself, since
 * a pointer click at its final place can land while the opening animation moves it (seen: the
 * click swallowed, the menu left open).
 */
export async function chooseMenuItem(item: Locator): Promise<void> {
  await item.waitFor();
  await item.dispatchEvent('click');
}

/**
 * Opens a submenu (antd opens one when the pointer enters its title) and waits for `shown`, an
 * entry of it. On a slow or busy machine the pointer can reach the title while its menu is still
 * moving in, and the popup never opens: the pointer then leaves and enters again, up to three
 * times.
 */
export async function openSubmenu(page: Page, title: Locator, shown: Locator): Promise<void> {
  const height = page.viewportSize()?.height ?? 600;
  for (let attempt = 1; ; attempt += 1) {
    await page.mouse.move(2, height - 2);
    await title.hover();
    try {
      await shown.waitFor({ timeout: 10_000 });
      return;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}

/** A native select filter "Gender" on the dataset's `gender` column, over the whole dashboard. */
export function genderSelectFilter(datasetId: number) {
  return {
    id: 'NATIVE_FILTER-gender',
    type: 'NATIVE_FILTER',
    name: 'Gender',
    filterType: 'filter_select',
    targets: [{ datasetId, column: { name: 'gender' } }],
    controlValues: { multiSelect: true },
    defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
  };
}

/** Saves a chart on a table dataset (params as Explore saves them, no time filter); its id. */
export async function saveChart(
  page: Page,
  baseUrl: string,
  token: string,
  datasetId: number,
  name: string,
  params: { viz_type: string } & Record<string, unknown>,
): Promise<number> {
  const res = await page.request.post(`${baseUrl}/api/v1/chart/`, {
    headers: { 'X-CSRFToken': token },
    data: {
      slice_name: name,
      viz_type: params.viz_type,
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({
        ...params,
        datasource: `${datasetId}__table`,
        time_range: 'No filter',
      }),
    },
  });
  if (res.status() !== 201) throw new Error(`chart not saved: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/**
 * Saves one chart per entry on a table dataset (params as Explore would save them, no time
 * filter) and a published dashboard holding them side by side in one row; answers the
 * dashboard's address.
 */
export async function createDashboardOfCharts(
  page: Page,
  baseUrl: string,
  token: string,
  datasetId: number,
  title: string,
  charts: Array<{ name: string; params: { viz_type: string } & Record<string, unknown> }>,
): Promise<string> {
  const ids: number[] = [];
  for (const { name, params } of charts) {
    ids.push(await saveChart(page, baseUrl, token, datasetId, name, params));
  }
  return (await saveDashboardOfChartIds(page, baseUrl, token, title, ids)).url;
}

/**
 * Saves a published dashboard holding the charts `ids` in one row, each `width` columns wide;
 * gives its id and address.
 */
export async function saveDashboardOfChartIds(
  page: Page,
  baseUrl: string,
  token: string,
  title: string,
  ids: number[],
  width = 6,
): Promise<{ id: number; url: string }> {
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
    'ROW-1': {
      id: 'ROW-1',
      type: 'ROW',
      children: ids.map((id) => `CHART-${id}`),
      parents: ['ROOT_ID', 'GRID_ID'],
    },
    ...Object.fromEntries(
      ids.map((id) => [
        `CHART-${id}`,
        {
          id: `CHART-${id}`,
          type: 'CHART',
          children: [],
          parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
          meta: { chartId: id, width, height: 50 },
        },
      ]),
    ),
  };
  const res = await page.request.post(`${baseUrl}/api/v1/dashboard/`, {
    headers: { 'X-CSRFToken': token },
    data: { dashboard_title: title, position_json: JSON.stringify(position), published: true },
  });
  if (res.status() !== 201) throw new Error(`dashboard not saved: ${await res.text()}`);
  const id = ((await res.json()) as { id: number }).id;
  return { id, url: `${baseUrl}/superset/dashboard/${id}/` };
}

/** Chooses the column of the open filter editor by typing its name. */
export async function chooseFilterColumn(page: Page, editor: Locator, name: string): Promise<void> {
  await editor.getByLabel('Filter column', { exact: true }).click();
  await page.keyboard.type(name);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: new RegExp(`^${name}$`),
    })
    .first()
    .click();
}

/**
 * The operators the operator list offers, read once its options are drawn. Under load the list
 * can close again as the column list closing takes the focus: it is opened again, up to 3 times.
 */
export async function offeredOperators(
  page: Page,
  editor: Locator,
  shown: RegExp,
): Promise<string[]> {
  const option = page.locator('.filter-operators-popup:visible .ant-select-item-option');
  for (let attempt = 1; ; attempt += 1) {
    await editor.getByLabel('Operator', { exact: true }).click();
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const offered = (await option.allTextContents()).map((t) => t.trim());
      if (offered.some((t) => shown.test(t))) {
        await page.keyboard.press('Escape');
        await option.first().waitFor({ state: 'hidden' });
        return offered;
      }
      await page.waitForTimeout(100);
    }
    if (attempt === 3) throw new Error('the operator list did not show');
  }
}

/**
 * How many pixels of a screenshot of `target` are within `tolerance` of `rgb` (decoded in the
 * page: the WebGL canvas is read as the screen shows it).
 */
export async function pixelsOf(
  page: Page,
  target: Locator,
  rgb: [number, number, number],
  tolerance = 40,
): Promise<number> {
  const png = (await target.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, rgb, tolerance }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (
          Math.abs(data[i]! - rgb[0]) <= tolerance &&
          Math.abs(data[i + 1]! - rgb[1]) <= tolerance &&
          Math.abs(data[i + 2]! - rgb[2]) <= tolerance
        )
          n += 1;
      }
      return n;
    },
    { png, rgb, tolerance },
  );
}

/** A server, a browser and a page signed in as the admin: what most browser tests start from. */
export interface SignedIn {
  server: RunningServer;
  browser: Browser;
  page: Page;
  /** The page's errors (see collectPageErrors). */
  errors: string[];
}

/** Starts a server (with `env`) and a browser, and signs the admin in on a 1440×900 page. */
export async function startSignedIn(env: Record<string, string> = {}): Promise<SignedIn> {
  const server = await startServer(env);
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = collectPageErrors(page);
  await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
  return { server, browser, page, errors };
}

/** Ends what startSignedIn started (either may be missing when the start failed). */
export async function stopSignedIn(s: SignedIn | undefined): Promise<void> {
  await s?.browser.close();
  await s?.server.stop();
}

/** Opens Explore on `formData` over a dataset (kept through the form data API) and waits for `ready`. */
export async function openExploreWith(
  page: Page,
  baseUrl: string,
  datasetId: number,
  formData: Record<string, unknown>,
  ready = '[data-test="chart-container"]',
): Promise<void> {
  const res = await page.request.post(`${baseUrl}/api/v1/explore/form_data`, {
    headers: { 'X-CSRFToken': await csrfTokenOf(page, baseUrl) },
    data: {
      datasource_id: datasetId,
      datasource_type: 'table',
      form_data: JSON.stringify({ datasource: `${datasetId}__table`, ...formData }),
    },
  });
  if (res.status() !== 201) throw new Error(`form data not kept: ${await res.text()}`);
  const { key } = (await res.json()) as { key: string };
  await page.goto(`${baseUrl}/explore/?form_data_key=${key}`);
  await page.locator(ready).waitFor();
}

/** Clicks "Update chart" (or "Create chart") and gives the rows of the chart data answer. */
export async function updateChartRows(page: Page): Promise<Array<Record<string, unknown>>> {
  const answer = page.waitForResponse(
    (r) => r.url().includes('/api/v1/chart/data') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /Update chart|Create chart/ }).click();
  const res = await answer;
  if (res.status() !== 200) throw new Error(`chart data ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { result: Array<{ data: Array<Record<string, unknown>> }> })
    .result[0]!.data;
}

/** Replaces a SQL editor's text (typed as one insertion, so completion does not interfere). */
export async function setSql(page: Page, sql: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(sql);
  await page.keyboard.press('Escape');
}
