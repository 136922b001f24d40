import type { ChartMetadata } from '../../plugin.js';
import { bandRects } from './bands.js';

/** Four rows of folded bands, drawn with the chart's own band geometry. */
function thumbnailRows(): string {
  const waves = [
    (i: number) => Math.sin(i / 2.2) * 9 + 3,
    (i: number) => Math.cos(i / 3) * 7 - 2,
    (i: number) => (i - 8) * 1.1,
    (i: number) => Math.sin(i / 1.6 + 1) * 6 + 5,
  ];
  const paths = new Map<string, string>();
  const rows: string[] = [];
  waves.forEach((wave, row) => {
    const top = 10 + row * 21;
    const values = Array.from({ length: 17 }, (_, i) => Math.round(wave(i)));
    const extent = Math.max(...values.map(Math.abs));
    for (const r of bandRects(values, extent, 136, 18)) {
      const d = `M${12 + r.x},${+(top + r.y).toFixed(1)}h${r.width}v${+r.height.toFixed(1)}h-${r.width}z`;
      paths.set(r.color, (paths.get(r.color) ?? '') + d);
    }
    rows.push(`<rect x="12" y="${top + 18}" width="136" height="1" fill="#DDDDDD"/>`);
    rows.push(
      `<rect x="14" y="${top + 2}" width="${18 + row * 4}" height="4" rx="2" fill="#666666"/>`,
    );
  });
  const bands = [...paths].map(([color, d]) => `<path d="${d}" fill="${color}"/>`).join('');
  return bands + rows.join('');
}

const thumbnail =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
  thumbnailRows() +
  '</svg>';

export const metadata: ChartMetadata = {
  name: 'Horizon Chart',
  category: 'Distribution',
  description:
    'Compares how a metric moves over time across many groups in little height: each group is a thin row, its values folded into bands of deepening colour, warm above zero and blue below.',
  tags: ['Legacy'],
  thumbnail,
};
