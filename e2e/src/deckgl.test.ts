/**
 * The deck.gl charts in Chromium (issue 20 point 11: the geo position, viewport and
 * fixed-or-metric controls reachable): a deck.gl Scatterplot built in Explore on the examples'
 * `long_lat` through the geo position control (its three ways shown, "Invalid lat/long
 * configuration" while a column is missing), its point size changed through the fixed-or-metric
 * control, the map panned (the viewport control follows), saved; a deck.gl Arc on `flights`.
 * The WebGL canvas is checked to draw: pixels of the points' colour are counted on screenshots.
 * With STRATA_DECKGL_TILE_URL set (a tile server on 127.0.0.1 answering one plain tile), the
 * map draws its base map under the points: the page's CSP lets the tiles in.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  datasetIdOf,
  openExploreWith,
  pixelsOf,
  type RunningServer,
  type SignedIn,
  snap,
  startSignedIn,
  stopSignedIn,
  updateChartRows,
} from './harness.js';

const TEAL: [number, number, number] = [0, 122, 135];

describe('deck.gl charts in Explore, in Chromium', () => {
  let signedIn: SignedIn | undefined;
  let server: RunningServer;
  let page: Page;
  let errors: string[];
  let longLat: number;
  let flights: number;

  before(async () => {
    signedIn = await startSignedIn();
    ({ server, page, errors } = signedIn);
    longLat = await datasetIdOf(page, server.baseUrl, 'long_lat');
    flights = await datasetIdOf(page, server.baseUrl, 'flights');
  });

  after(() => stopSignedIn(signedIn));

  it('builds a scatterplot through the geo position control, sizes, pans and saves it', async () => {
    await openExploreWith(
      page,
      server.baseUrl,
      longLat,
      {
        viz_type: 'deck_scatter',
        time_range: 'No filter',
        row_limit: 5000,
      },
      '[data-test="control-spatial"]',
    );
    const spatial = page.locator('[data-test="control-spatial"]');
    const label = spatial.locator('[data-test="spatial-label"]');
    await label.waitFor();
    await label.click();
    const editor = page.locator('[data-test="spatial-editor"]');
    await editor.waitFor();
    const pick = async (name: string, column: string) => {
      await editor.getByRole('combobox', { name }).click();
      // The list is virtual: search for the column.
      await page.keyboard.type(column);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', {
          hasText: new RegExp(`^${column}$`),
        })
        .click();
    };
    // Longitude & latitude columns; a cleared one makes the configuration invalid.
    await pick('Longitude', 'LON');
    await pick('Latitude', 'LAT');
    await label.getByText('LON | LAT').waitFor();
    await editor.getByRole('combobox', { name: 'Latitude' }).hover();
    await editor.locator('.ant-select-clear').last().click();
    await label.getByText('Invalid lat/long configuration').waitFor();
    await snap(page, 'deckgl-spatial-invalid');
    // One delimited column ("LAT,LON": reversed), then a geohash column.
    await editor.getByText('Delimited long & lat single column').click();
    await pick('Column', 'delimited');
    await editor.getByText('Reverse lat/long').click();
    await label.getByText(/^delimited$/).waitFor();
    await snap(page, 'deckgl-spatial-delimited');
    await editor.getByText('Geohash', { exact: true }).click();
    await pick('Column', 'geohash');
    await label.getByText(/^geohash$/).waitFor();
    await snap(page, 'deckgl-spatial-geohash');
    // Back to the two columns.
    await editor.getByText('Longitude & Latitude columns').click();
    await pick('Longitude', 'LON');
    await pick('Latitude', 'LAT');
    await label.getByText('LON | LAT').waitFor();
    await page.keyboard.press('Escape');

    const rows = await updateChartRows(page);
    assert.equal(rows.length, 5000);
    assert.ok('LON' in rows[0]! && 'LAT' in rows[0]!, JSON.stringify(rows[0]));
    const chart = page.locator('[data-test="deck-chart"]');
    await chart.locator('canvas').waitFor();
    await page.waitForTimeout(1000);
    const small = await pixelsOf(page, chart, TEAL);
    await snap(page, 'deckgl-scatter');
    assert.ok(small > 200, `teal pixels drawn: ${small}`);

    // Point size: a fixed 0.2 km² per point draws much bigger circles.
    const size = page.locator('[data-test="control-point_radius_fixed"]');
    const input = size.getByRole('spinbutton');
    await input.fill('200000');
    await input.press('Tab');
    await updateChartRows(page);
    await page.waitForTimeout(1000);
    const big = await pixelsOf(page, chart, TEAL);
    await snap(page, 'deckgl-scatter-bigger');
    assert.ok(big > small * 2, `bigger points: ${small} → ${big} teal pixels`);

    // Panning the map writes the viewport back to its control.
    const viewport = page.locator('[data-test="control-viewport"]').getByRole('button');
    const before = await viewport.innerText();
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2 + 80, { steps: 10 });
    await page.mouse.up();
    await page.waitForFunction(
      ([sel, text]) => document.querySelector(sel)?.textContent?.trim() !== text,
      ['[data-test="control-viewport"] button', before.trim()] as const,
      { timeout: 5000 },
    );
    const after = await viewport.innerText();
    assert.notEqual(after, before);
    await snap(page, 'deckgl-scatter-panned');

    // Saved with its controls.
    await page.locator('[data-test="save-chart"]').click();
    const dialog = page.getByRole('dialog', { name: 'Save chart' });
    await dialog.getByRole('textbox', { name: 'Chart name' }).fill('SF addresses');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Chart [SF addresses] has been saved').waitFor();
    await page.waitForURL(/slice_id=\d+/);
    const sliceId = Number(new URL(page.url()).searchParams.get('slice_id'));
    const saved = (await (
      await page.request.get(`${server.baseUrl}/api/v1/chart/${sliceId}`)
    ).json()) as { result: { viz_type: string; params: string } };
    assert.equal(saved.result.viz_type, 'deck_scatter');
    const params = JSON.parse(saved.result.params) as Record<string, unknown>;
    assert.deepEqual(params.spatial, { type: 'latlong', lonCol: 'LON', latCol: 'LAT' });
    assert.deepEqual(params.point_radius_fixed, { type: 'fix', value: 200000 });
    const vp = params.viewport as { longitude: number; latitude: number; zoom: number };
    assert.ok(after.startsWith(`${vp.longitude.toFixed(2)}°`), `${after} vs ${JSON.stringify(vp)}`);
  });

  it('draws a deck.gl Arc of the flights', async () => {
    await openExploreWith(page, server.baseUrl, flights, {
      viz_type: 'deck_arc',
      time_range: 'No filter',
      row_limit: 2000,
      start_spatial: { type: 'latlong', lonCol: 'LONGITUDE', latCol: 'LATITUDE' },
      end_spatial: { type: 'latlong', lonCol: 'LONGITUDE_DEST', latCol: 'LATITUDE_DEST' },
      color_picker: { r: 0, g: 122, b: 135, a: 1 },
      target_color_picker: { r: 0, g: 122, b: 135, a: 1 },
      stroke_width: 2,
    });
    const chart = page.locator('[data-test="deck-chart"]');
    await chart.locator('canvas').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    const drawn = await pixelsOf(page, chart, TEAL);
    await snap(page, 'deckgl-arc');
    assert.ok(drawn > 200, `arc pixels: ${drawn}`);
    assert.equal(await page.locator('[data-test="chart-error"]').count(), 0);
    assert.deepEqual(errors, []);
  });
});

/** A 256 × 256 PNG of one colour (RGB, no filter). */
function solidPng([r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill([r, g, b]).flat())]);
  const raw = Buffer.concat(Array(size).fill(row) as Buffer[]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('deck.gl base map from STRATA_DECKGL_TILE_URL, in Chromium', () => {
  const LAND: [number, number, number] = [236, 200, 120];
  let tiles: http.Server;
  let tileRequests = 0;
  let signedIn: SignedIn | undefined;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  before(async () => {
    const png = solidPng(LAND);
    tiles = http.createServer((req, res) => {
      tileRequests += 1;
      const ok = /^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '');
      res.writeHead(ok ? 200 : 404, {
        'content-type': 'image/png',
        'access-control-allow-origin': '*',
      });
      res.end(ok ? png : undefined);
    });
    await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
    const port = (tiles.address() as { port: number }).port;
    signedIn = await startSignedIn({
      STRATA_DECKGL_TILE_URL: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    });
    ({ server, page, errors } = signedIn);
  });

  after(async () => {
    await stopSignedIn(signedIn);
    await new Promise((resolve) => tiles?.close(resolve));
  });

  it('offers the tiles as the map style and draws them under the points', async () => {
    const longLat = await datasetIdOf(page, server.baseUrl, 'long_lat');
    await openExploreWith(page, server.baseUrl, longLat, {
      viz_type: 'deck_scatter',
      time_range: 'No filter',
      row_limit: 1000,
      spatial: { type: 'latlong', lonCol: 'LON', latCol: 'LAT' },
    });
    const chart = page.locator('[data-test="deck-chart"]');
    await chart.locator('canvas').waitFor({ timeout: 30_000 });
    await page.locator('[data-test="control-mapbox_style"]').getByText('Base map').waitFor();
    await page.waitForTimeout(2000);
    const land = await pixelsOf(page, chart, LAND, 12);
    const points = await pixelsOf(page, chart, TEAL);
    await snap(page, 'deckgl-base-map');
    assert.ok(tileRequests > 0, 'tiles requested');
    assert.ok(land > 10_000, `base map pixels: ${land}`);
    assert.ok(points > 100, `points over it: ${points}`);
    assert.deepEqual(errors, []);
  });
});
