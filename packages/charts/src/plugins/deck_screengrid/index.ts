/** deck.gl Screen Grid (`deck_screengrid`): points binned into square cells of the screen. */
import { gridPlugin } from '../deck-shared/grid.js';
import { DECK_TAGS, deckThumbnail } from '../deck-shared/plugin.js';

const cells = [0, 1, 2, 3, 4, 5]
  .flatMap((i) =>
    [0, 1, 2, 3].map(
      (j) =>
        `<rect x="${28 + i * 18}" y="${14 + j * 18}" width="16" height="16" fill="#1FA8C9" opacity="${(((i * 7 + j * 3) % 5) + 1) / 6}"/>`,
    ),
  )
  .join('');

export const deckScreengridPlugin = gridPlugin('screengrid', {
  name: 'deck.gl Screen Grid',
  category: 'Map',
  description:
    'Aggregates data within the boundary of grid cells and maps the aggregated values to a dynamic color scale',
  tags: [...DECK_TAGS, 'Comparison', 'Intensity', 'Density'],
  thumbnail: deckThumbnail(cells),
});
