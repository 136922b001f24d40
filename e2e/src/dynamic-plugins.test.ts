import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  csrfTokenOf,
  datasetIdOf,
  launchBrowser,
  loginAs,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

/**
 * A chart plugin as a plain ES module, in the contract of packages/charts/README.md: a factory
 * given the app's React, drawing one SVG bar per row of the first metric by the first dimension.
 */
const BUNDLE = `
export default function plugin(host) {
  const h = host.React.createElement;
  function Bars(props) {
    const max = Math.max(1, ...props.rows.map((r) => Number(r[props.metric]) || 0));
    const barWidth = Math.max(1, Math.floor(props.width / Math.max(1, props.rows.length)) - 8);
    return h(
      'svg',
      { 'data-test': 'dyn-bars', width: props.width, height: props.height },
      props.rows.map((row, i) => {
        const value = Number(row[props.metric]) || 0;
        const height = Math.round(((props.height - 30) * value) / max);
        return h(
          'g',
          { key: i, 'data-test': 'dyn-bar' },
          h('rect', {
            x: i * (barWidth + 8) + 4,
            y: props.height - 20 - height,
            width: barWidth,
            height,
            fill: i % 2 ? '#e0728b' : '#1f77b4',
          }),
          h('text', { x: i * (barWidth + 8) + 8, y: props.height - 4 }, String(row[props.dimension])),
        );
      }),
    );
  }
  return {
    metadata: { name: 'Dynamic Bars', description: 'Bars from a dynamic plugin', tags: ['Dynamic'] },
    Chart: Bars,
    transformProps(chartProps) {
      const fd = chartProps.formData;
      const metric = fd.metrics[0];
      return {
        width: chartProps.width,
        height: chartProps.height,
        rows: chartProps.queriesData[0].data,
        metric: typeof metric === 'string' ? metric : metric.label,
        dimension: fd.groupby[0],
      };
    },
  };
}
`;

/** Serves the bundle from another origin (with CORS, as a CDN would); anything else is 404. */
async function startPluginHost(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.url === '/bars.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(BUNDLE);
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function addSavedMetric(page: Page, controlLabel: string, metric: string): Promise<void> {
  await page.getByRole('button', { name: `Add ${controlLabel}` }).click();
  const editor = page.locator('[data-test="metric-editor"]');
  await editor.getByRole('tab', { name: 'Saved' }).click();
  await editor.getByRole('combobox', { name: 'Saved metric' }).click();
  await page.locator('.ant-select-item-option', { hasText: metric }).last().click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await editor.waitFor({ state: 'hidden' });
}

describe('Dynamic plugins: a bundle from another origin drawn in Explore, a broken one only logged', () => {
  let host: Awaited<ReturnType<typeof startPluginHost>>;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  before(async () => {
    host = await startPluginHost();
    server = await startServer({
      STRATA_FEATURE_FLAGS: JSON.stringify({ DYNAMIC_PLUGINS: true }),
      STRATA_DYNAMIC_PLUGIN_ORIGINS: host.origin,
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    const csrf = await csrfTokenOf(page, server.baseUrl);
    for (const body of [
      { name: 'Dynamic Bars', key: 'dyn_bars', bundle_url: `${host.origin}/bars.js` },
      { name: 'Broken plugin', key: 'broken_plugin', bundle_url: `${host.origin}/missing.js` },
    ]) {
      const res = await page.request.post(`${server.baseUrl}/api/v1/dynamic_plugin/`, {
        data: body,
        headers: { 'X-CSRFToken': csrf },
      });
      assert.equal(res.status(), 201, await res.text());
    }
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
    await host?.close();
  });

  it('allows the plugin origin in the page CSP', async () => {
    const res = await page.request.get(`${server.baseUrl}/chart/list/`);
    assert.match(
      res.headers()['content-security-policy'] ?? '',
      new RegExp(`script-src 'self' ${host.origin};`),
    );
  });

  it('offers the plugin in the gallery and draws it in Explore', async () => {
    const datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
    await page.goto(`${server.baseUrl}/explore/?datasource_id=${datasetId}&datasource_type=table`);
    await page.getByRole('button', { name: 'View all charts' }).click();
    const gallery = page.getByRole('dialog', { name: 'Select a visualization type' });
    await gallery.getByPlaceholder('Search all charts').fill('dynamic');
    await gallery.locator('[data-test="viztype-dyn_bars"]').dblclick();
    await gallery.waitFor({ state: 'hidden' });
    await page.getByRole('combobox', { name: 'Dimensions' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'gender' }).first().click();
    await page.keyboard.press('Escape');
    await addSavedMetric(page, 'Metrics', 'sum__num');
    await page.getByRole('button', { name: /(Create|Update) chart/ }).click();
    const chart = page.locator('[data-test="dyn-bars"]');
    await chart.getByText('boy').waitFor();
    await chart.getByText('girl').waitFor();
    assert.equal(await chart.locator('[data-test="dyn-bar"]').count(), 2);
    await snap(page, 'dynamic-plugins-01-explore');
  });

  it('logs the broken plugin and nothing else fails', async () => {
    const logged = errors.filter((e) => e.includes('Failed to load dynamic plugin broken_plugin'));
    assert.equal(logged.length >= 1, true, errors.join('\n'));
    const others = errors.filter(
      (e) =>
        !e.includes('broken_plugin') &&
        !e.includes('missing.js') &&
        // Chromium's own line for the 404 response of the broken bundle.
        !/Failed to load resource: .*404/.test(e),
    );
    assert.deepEqual(others, []);
  });

  it('lists the plugins with their load status on the admin page', async () => {
    await page.goto(`${server.baseUrl}/dynamic-plugins/list/`);
    const row = (name: string) => page.locator('tr', { hasText: name });
    await row('Dynamic Bars').getByText('Loaded').waitFor();
    await row('Broken plugin').getByText('Failed').waitFor();
    await page.locator('header, nav').getByText('Settings').first().hover();
    await snap(page, 'dynamic-plugins-02-list');
  });

  it('edits a plugin through the modal and refuses an origin the operator did not allow', async () => {
    await page.locator('tr', { hasText: 'Broken plugin' }).hover();
    await page
      .locator('tr', { hasText: 'Broken plugin' })
      .getByRole('button', { name: 'Edit' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit plugin Broken plugin' });
    const url = dialog.getByRole('textbox', { name: 'Bundle URL' });
    await url.fill('https://cdn.elsewhere.example/x.js');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('is not allowed').waitFor();
    await snap(page, 'dynamic-plugins-03-refused');
    await url.fill('/static/missing.js');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .locator('tr', { hasText: 'Broken plugin' })
      .getByText('/static/missing.js')
      .waitFor();
  });
});
