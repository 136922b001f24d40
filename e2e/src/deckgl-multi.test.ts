/**
 * deck.gl Multiple Layers in Chromium (issue 20 point 11: the async select control reachable):
 * a saved scatterplot (SF addresses, teal) and a saved arc (flights, orange) chosen by typing in
 * the "deck.gl charts" async select of a new deck_multi chart; both layers are drawn in one map
 * (pixels of each colour counted on screenshots); the chart is saved with its layers and opens
 * again drawn. A layer that cannot load names its error over the map while the others draw.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  csrfTokenOf,
  datasetIdOf,
  openExploreWith,
  pixelsOf,
  type RunningServer,
  saveChart,
  type SignedIn,
  snap,
  startSignedIn,
  stopSignedIn,
} from './harness.js';

const TEAL: [number, number, number] = [0, 122, 135];
const ORANGE: [number, number, number] = [255, 127, 68];

/** A chosen value of a multiple select, as its tag shows it. */
const chosen = (control: Locator, label: string) =>
  control.locator('.ant-select-selection-item-content', { hasText: label });

describe('deck.gl Multiple Layers in Explore, in Chromium', () => {
  let signedIn: SignedIn | undefined;
  let server: RunningServer;
  let page: Page;
  let errors: string[];
  let longLat: number;
  let scatterId: number;
  let arcId: number;
  let multiId: number;

  before(async () => {
    signedIn = await startSignedIn();
    ({ server, page, errors } = signedIn);
    longLat = await datasetIdOf(page, server.baseUrl, 'long_lat');
    const flights = await datasetIdOf(page, server.baseUrl, 'flights');
    const token = await csrfTokenOf(page, server.baseUrl);
    scatterId = await saveChart(page, server.baseUrl, token, longLat, 'Layer one: SF addresses', {
      viz_type: 'deck_scatter',
      row_limit: 2000,
      spatial: { type: 'latlong', lonCol: 'LON', latCol: 'LAT' },
      point_radius_fixed: { type: 'fix', value: 2000 },
      min_radius: 12,
      color_picker: { r: TEAL[0], g: TEAL[1], b: TEAL[2], a: 1 },
    });
    arcId = await saveChart(page, server.baseUrl, token, flights, 'Layer two: flights', {
      viz_type: 'deck_arc',
      row_limit: 500,
      start_spatial: { type: 'latlong', lonCol: 'LONGITUDE', latCol: 'LATITUDE' },
      end_spatial: { type: 'latlong', lonCol: 'LONGITUDE_DEST', latCol: 'LATITUDE_DEST' },
      color_picker: { r: ORANGE[0], g: ORANGE[1], b: ORANGE[2], a: 1 },
      target_color_picker: { r: ORANGE[0], g: ORANGE[1], b: ORANGE[2], a: 1 },
      stroke_width: 3,
    });
  });

  after(() => stopSignedIn(signedIn));

  it('chooses two saved deck charts through the async select and draws both layers', async () => {
    await openExploreWith(
      page,
      server.baseUrl,
      longLat,
      { viz_type: 'deck_multi' },
      '[data-test="control-deck_slices"]',
    );
    const control = page.locator('[data-test="control-deck_slices"]');
    const select = control.getByRole('combobox', { name: 'deck.gl charts' });
    // Typing searches the saved deck charts by name (on the server too).
    const searched = page.waitForResponse(
      (r) => r.url().includes('/api/v1/chart/?q=') && r.url().includes('slice_name'),
    );
    await select.click();
    await page.keyboard.type('Layer t');
    assert.equal((await searched).status(), 200);
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await dropdown.locator('.ant-select-item-option', { hasText: 'Layer two: flights' }).waitFor();
    assert.equal(
      await dropdown.locator('.ant-select-item-option', { hasText: 'Layer one' }).count(),
      0,
      'the typed text narrows the choices',
    );
    await snap(page, 'deckgl-multi-search');
    await dropdown.locator('.ant-select-item-option', { hasText: 'Layer two: flights' }).click();
    await page.keyboard.type('SF addr');
    await dropdown
      .locator('.ant-select-item-option', { hasText: 'Layer one: SF addresses' })
      .click();
    await page.keyboard.press('Escape');
    await chosen(control, 'Layer two: flights').waitFor();
    await chosen(control, 'Layer one: SF addresses').waitFor();

    // The layers load as their own charts: their saved form data, then their queries.
    const layerQueries = ['deck_scatter', 'deck_arc'].map((vizType) =>
      page.waitForResponse(
        (r) =>
          r.url().includes('/api/v1/chart/data') &&
          r.request().method() === 'POST' &&
          String(r.request().postData()).includes(`"viz_type":"${vizType}"`),
      ),
    );
    await page.getByRole('button', { name: /Update chart|Create chart/ }).click();
    for (const q of layerQueries) assert.equal((await q).status(), 200);
    const chart = page.locator('[data-test="deck-chart"]');
    await chart.locator('canvas').waitFor({ timeout: 30_000 });
    await page.locator('[data-test="deck-multi-loading"]').waitFor({ state: 'detached' });
    await page.waitForTimeout(1500);
    const teal = await pixelsOf(page, chart, TEAL);
    const orange = await pixelsOf(page, chart, ORANGE);
    await snap(page, 'deckgl-multi-layers');
    assert.ok(teal > 100, `scatter layer pixels: ${teal}`);
    assert.ok(orange > 200, `arc layer pixels: ${orange}`);
    assert.equal(await page.locator('[data-test="deck-multi-layer-error"]').count(), 0);
    assert.equal(await page.locator('[data-test="chart-error"]').count(), 0);

    // Saved with its layers in the chosen order.
    await page.locator('[data-test="save-chart"]').click();
    const dialog = page.getByRole('dialog', { name: 'Save chart' });
    await dialog.getByRole('textbox', { name: 'Chart name' }).fill('Flights over SF');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Chart [Flights over SF] has been saved').waitFor();
    await page.waitForURL(/slice_id=\d+/);
    multiId = Number(new URL(page.url()).searchParams.get('slice_id'));
    const saved = (await (
      await page.request.get(`${server.baseUrl}/api/v1/chart/${multiId}`)
    ).json()) as { result: { viz_type: string; params: string } };
    assert.equal(saved.result.viz_type, 'deck_multi');
    assert.deepEqual(JSON.parse(saved.result.params).deck_slices, [arcId, scatterId]);
    assert.deepEqual(errors, []);
  });

  it('opens the saved chart drawn, its choices named', async () => {
    await page.goto(`${server.baseUrl}/explore/?slice_id=${multiId}`);
    const control = page.locator('[data-test="control-deck_slices"]');
    await chosen(control, 'Layer two: flights').waitFor();
    await chosen(control, 'Layer one: SF addresses').waitFor();
    const chart = page.locator('[data-test="deck-chart"]');
    await chart.locator('canvas').waitFor({ timeout: 30_000 });
    await page.locator('[data-test="deck-multi-loading"]').waitFor({ state: 'detached' });
    await page.waitForTimeout(1500);
    assert.ok((await pixelsOf(page, chart, ORANGE)) > 200, 'arcs drawn');
    assert.ok((await pixelsOf(page, chart, TEAL)) > 100, 'points drawn');
    assert.deepEqual(errors, []);
  });

  it('names a layer that cannot load and draws the others', async () => {
    const token = await csrfTokenOf(page, server.baseUrl);
    const broken = await saveChart(page, server.baseUrl, token, longLat, 'Layer three: broken', {
      viz_type: 'deck_scatter',
      spatial: { type: 'latlong', lonCol: 'NO_SUCH_COLUMN', latCol: 'LAT' },
    });
    await openExploreWith(
      page,
      server.baseUrl,
      longLat,
      { viz_type: 'deck_multi', deck_slices: [arcId, broken] },
      '[data-test="deck-chart"] canvas',
    );
    const error = page.locator('[data-test="deck-multi-layer-error"]');
    await error.waitFor({ timeout: 30_000 });
    assert.match(await error.innerText(), /^Layer three: broken: /);
    await page.waitForTimeout(1500);
    const chart = page.locator('[data-test="deck-chart"]');
    const orange = await pixelsOf(page, chart, ORANGE);
    await snap(page, 'deckgl-multi-layer-error');
    assert.ok(orange > 200, `the arc layer still drawn: ${orange}`);
    // The failed query is the browser's logged 400, nothing else.
    assert.deepEqual(
      errors.filter(
        (e) => !/Failed to load resource: the server responded with a status of 400/.test(e),
      ),
      [],
    );
  });
});
