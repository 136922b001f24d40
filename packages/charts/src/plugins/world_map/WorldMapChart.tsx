import { useContext, useEffect, useMemo, useState } from 'react';
import type { Topology } from 'topojson-specification';
import { MapChart as MapSeries } from 'echarts/charts';
import { GeoComponent, VisualMapComponent } from 'echarts/components';
import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import { echarts } from '../../echarts/echarts-core.js';
import { ChartColorSchemeContext, useChartDrawing } from '../../render-context.js';
import {
  countryCenters,
  paintWorld,
  placeBubbles,
  prepareWorld,
  WORLD_MAP,
  type Centers,
} from './geo.js';
import type { WorldMapProps } from './transformProps.js';

// This chart type's own ECharts parts (the common ones are in echarts-core).
echarts.use([MapSeries, GeoComponent, VisualMapComponent]);

let world: Promise<Centers> | null = null;

/** Loads the world's shapes once (lazily: the JSON is large), registers them, gives the centres. */
function loadWorld(): Promise<Centers> {
  world ??= Promise.all([
    import('world-atlas/countries-110m.json', { with: { type: 'json' } }),
    import('topojson-client'),
  ]).then(([atlas, topojson]) => {
    const topology = atlas.default as unknown as Topology;
    const countries = topology.objects.countries!;
    const shapes = prepareWorld(topojson.feature(topology, countries) as GeoJSON.FeatureCollection);
    // ECharts' own GeoJSON typing is narrower than the standard one; the data is standard GeoJSON.
    echarts.registerMap(WORLD_MAP, shapes as unknown as Parameters<typeof echarts.registerMap>[1]);
    return countryCenters(shapes);
  });
  world.catch(() => {
    world = null;
  });
  return world;
}

export default function WorldMapChart({
  width,
  height,
  echartOptions,
  empty,
  unmatched,
  onCountryClick,
  onCountryContextMenu,
}: WorldMapProps) {
  const [centers, setCenters] = useState<Centers | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadWorld().then(
      (c) => live && setCenters(c),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, []);
  const scheme = useContext(ChartColorSchemeContext);
  const option = useMemo(
    () => (centers ? paintWorld(placeBubbles(echartOptions, centers), scheme) : null),
    [echartOptions, centers, scheme],
  );
  // Drawn once the shapes have arrived (or failed to).
  useChartDrawing(!empty && !option && !error);
  if (!empty && !option)
    return (
      <div
        style={{
          width,
          height,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: '#888',
        }}
      >
        {error ? `The world map could not be loaded: ${error}` : 'Loading map…'}
      </div>
    );
  return (
    <div style={{ position: 'relative', width, height }}>
      <EchartsOrEmpty
        width={width}
        height={height}
        option={option ?? {}}
        empty={empty}
        onItemClick={onCountryClick ? (p) => p.name && onCountryClick(p.name) : undefined}
        onItemContextMenu={
          onCountryContextMenu
            ? (p, x, y) => p.name && onCountryContextMenu(p.name, x, y)
            : undefined
        }
      />
      {!empty && unmatched.length > 0 && (
        <div
          title={unmatched.slice(0, 50).join(', ')}
          style={{ position: 'absolute', right: 8, bottom: 4, fontSize: 11, color: '#888' }}
        >
          {unmatched.length === 1
            ? '1 row matches no country and is not shown'
            : `${unmatched.length} rows match no country and are not shown`}
        </div>
      )}
    </div>
  );
}
