/** deck.gl 3D Grid (`deck_grid`): points binned into square cells, optionally extruded. */
import { gridPlugin } from '../deck-shared/grid.js';
import { DECK_TAGS, deckThumbnail } from '../deck-shared/plugin.js';

const bars = [
  [30, 40],
  [50, 24],
  [70, 52],
  [90, 16],
  [110, 44],
  [130, 30],
]
  .map(
    ([x, h]) =>
      `<rect x="${x}" y="${80 - h!}" width="16" height="${h}" fill="#FCC700" opacity="0.9"/>`,
  )
  .join('');

export const deckGridPlugin = gridPlugin('grid', {
  name: 'deck.gl 3D Grid',
  category: 'Map',
  description: 'Visualize geospatial data like 3D buildings, landscapes, or objects in grid view.',
  tags: [...DECK_TAGS, '3D', 'Comparison'],
  thumbnail: deckThumbnail(bars),
});
