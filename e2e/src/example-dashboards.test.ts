/**
 * Superset's example dashboards, as the server loads them (STRATA_LOAD_EXAMPLE_DASHBOARDS): each
 * one opens, every chart on it draws (no chart error, no page error), and a screenshot of each
 * is kept under e2e/artifacts/example-<slug>.png to be looked at (issue 20, point 6: charts of
 * these dashboards that drew wrong).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  ARTIFACTS,
  collectPageErrors,
  launchBrowser,
  loginAs,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

interface DashboardRow {
  id: number;
  dashboard_title: string;
}

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

describe('example dashboards', { timeout: 900_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  before(async () => {
    // Loading every example table and the five dashboards takes minutes on a busy machine.
    server = await startServer(
      { STRATA_LOAD_EXAMPLE_DASHBOARDS: 'true' },
      { healthyWithinMs: 300_000 },
    );
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens each example dashboard with every chart drawn', async () => {
    const res = await page.request.get(`${server.baseUrl}/api/v1/dashboard/?q=(page_size:100)`);
    const dashboards = ((await res.json()) as { result: DashboardRow[] }).result;
    assert.ok(dashboards.length >= 5, `${dashboards.length} example dashboards`);
    let imagesSeen = 0;
    for (const d of dashboards) {
      await page.goto(`${server.baseUrl}/superset/dashboard/${d.id}/`);
      await page.locator('[data-test="dashboard-chart"]').first().waitFor({ timeout: 30_000 });
      // Charts below the fold draw when scrolled to: walk down the dashboard (its grid scrolls
      // inside the page), then back up.
      await page.mouse.move(800, 600);
      for (let i = 0; i < 8; i++) {
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(250);
      }
      for (let i = 0; i < 8; i++) {
        await page.mouse.wheel(0, -600);
        await page.waitForTimeout(100);
      }
      // Every chart has finished loading (no spinner left).
      await page
        .locator('[data-test="dashboard-chart"] .ant-spin')
        .first()
        .waitFor({ state: 'detached', timeout: 60_000 })
        .catch(() => undefined);
      await page.waitForTimeout(2500);
      // Every picture of the markdown loaded (Superset's examples show /static/assets/images/…).
      const images = await page
        .locator('[data-test="dashboard-markdown"] img')
        .evaluateAll((imgs) =>
          imgs.map((img) => {
            const i = img as HTMLImageElement;
            return { src: i.getAttribute('src'), complete: i.complete, width: i.naturalWidth };
          }),
        );
      for (const img of images)
        assert.ok(img.complete && img.width > 0, `${d.dashboard_title}: ${img.src} did not load`);
      imagesSeen += images.length;
      await snap(page, `example-${slugOf(d.dashboard_title)}`);
      // The second screen: the dashboard scrolled down.
      await page.mouse.wheel(0, 750);
      await page.waitForTimeout(2000);
      await page.screenshot({
        path: `${ARTIFACTS}/example-${slugOf(d.dashboard_title)}-2.png`,
      });
      const failed = await page.locator('[data-test="dashboard-chart"] [role="alert"]').count();
      assert.equal(failed, 0, `${d.dashboard_title}: ${failed} chart(s) in error`);
    }
    // The births dashboard's markdown has one (babies.png).
    assert.ok(imagesSeen >= 1, `${imagesSeen} markdown images`);
    assert.deepEqual(errors, []);
  });
});
