/** deck.gl 3D Hexagon (`deck_hex`): points binned into hexagons, optionally extruded. */
import { gridPlugin } from '../deck-shared/grid.js';
import { DECK_TAGS, deckThumbnail } from '../deck-shared/plugin.js';

const hex = (x: number, y: number, o: number) =>
  `<polygon points="${[0, 1, 2, 3, 4, 5]
    .map((k) => {
      const a = (Math.PI / 3) * k + Math.PI / 6;
      return `${(x + 10 * Math.cos(a)).toFixed(1)},${(y + 10 * Math.sin(a)).toFixed(1)}`;
    })
    .join(' ')}" fill="#5AC189" opacity="${o}"/>`;

const hexes = [
  [50, 40, 0.9],
  [68, 40, 0.5],
  [86, 40, 0.8],
  [59, 56, 0.4],
  [77, 56, 1],
  [95, 56, 0.6],
  [113, 56, 0.3],
]
  .map(([x, y, o]) => hex(x!, y!, o!))
  .join('');

export const deckHexPlugin = gridPlugin('hex', {
  name: 'deck.gl 3D Hexagon',
  category: 'Map',
  description:
    'Overlays a hexagonal grid on a map, and aggregates data within the boundary of each cell.',
  tags: [...DECK_TAGS, '3D', 'Comparison'],
  thumbnail: deckThumbnail(hexes),
});
