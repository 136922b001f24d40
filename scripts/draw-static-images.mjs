// Draws the images served at /static/assets/images/ (packages/server/static/assets/images/) from
// their SVG sources in packages/server/static/sources/, with the Chromium the browser tests use:
//   node scripts/draw-static-images.mjs
// The drawings are the project's own; the names are those Superset's example dashboards' markdown
// refers to.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = path.join(root, 'packages/server/static/sources');
const out = path.join(root, 'packages/server/static/assets/images');

const browser = await chromium.launch({
  executablePath: process.env.STRATA_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
  headless: true,
});
try {
  for (const name of fs.readdirSync(sources).filter((f) => f.endsWith('.svg'))) {
    const svg = fs.readFileSync(path.join(sources, name), 'utf8');
    const width = Number(/width="(\d+)"/.exec(svg)?.[1] ?? 800);
    const height = Number(/height="(\d+)"/.exec(svg)?.[1] ?? 400);
    const page = await browser.newPage({ viewport: { width, height } });
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    const target = path.join(out, name.replace(/\.svg$/, '.png'));
    await page.locator('svg').screenshot({ path: target, omitBackground: true });
    await page.close();
    console.log(`drew ${path.relative(root, target)}`);
  }
} finally {
  await browser.close();
}
