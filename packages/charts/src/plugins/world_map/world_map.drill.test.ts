import { describe, expect, it } from 'vitest';
import type { ChartProps, DrillFilter } from '../../plugin.js';
import { worldMapPlugin } from './index.js';
import type { WorldMapProps } from './transformProps.js';

const calls: DrillFilter[][] = [];
const props: ChartProps = {
  width: 600,
  height: 400,
  formData: {
    datasource: '1__table',
    viz_type: 'world_map',
    entity: 'country',
    country_fieldtype: 'cca2',
    metric: 'sum__pop',
  },
  queriesData: [
    {
      data: [{ country: 'FR', sum__pop: 60 }],
      colnames: ['country', 'sum__pop'],
      coltypes: [1, 0],
      rowcount: 1,
    },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
  hooks: { onContextMenu: (_x, _y, filters) => calls.push(filters) },
};

describe('world map drill', () => {
  it("gives a right-clicked country its row's own value for the country column", () => {
    calls.length = 0;
    const p = worldMapPlugin.transformProps(props) as WorldMapProps;
    // France's ISO numeric id is the region's name.
    p.onCountryContextMenu!('250', 0, 0);
    p.onCountryContextMenu!('276', 0, 0);
    expect(calls).toEqual([[{ col: 'country', op: '==', val: 'FR', formattedVal: 'FR' }], []]);
  });
});
