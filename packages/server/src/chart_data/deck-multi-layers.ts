/**
 * What deck.gl Multiple Layers' explore_json answer reads from the store and the chart data
 * service: the chosen charts the user may read (the chart list's rule, `canReadChart`), and each
 * layer's legacy data run as its own explore_json would run it.
 */
import type { MetadataDb } from '../metadata/db.js';
import type { Principal } from '../security/principal.js';
import type { Versions } from '../metadata/versions.js';
import { loadOwners } from '../api/user-summaries.js';
import { canReadChart } from './saved-chart.js';
import { legacyData, legacyQueryContext, type FormData } from './legacy.js';
import type { DeckMultiDeps, LayerChart } from './legacy_viz/deck-multi.js';
import type { ChartDataService } from './service.js';

export function deckMultiDeps(
  db: MetadataDb,
  service: ChartDataService,
  principal: Principal,
  versions: Versions | undefined,
): DeckMultiDeps {
  return {
    now: new Date(),
    async readableCharts(ids) {
      const rows = await db
        .selectFrom('slices as s')
        .leftJoin('tables as d', 'd.id', 's.datasource_id')
        .selectAll('s')
        .select(['d.table_name', 'd.schema'])
        .where('s.id', 'in', ids)
        .execute();
      const readable = [];
      for (const r of rows) if (await canReadChart(db, principal, r)) readable.push(r);
      const owners = await loadOwners(
        db,
        'slice_user',
        'slice_id',
        readable.map((r) => r.id),
      );
      return readable.map((r): LayerChart => ({
        ...r,
        datasource_name: r.table_name
          ? r.schema
            ? `${r.schema}.${r.table_name}`
            : r.table_name
          : null,
        owners: (owners.get(r.id) ?? []).map((o) => o.id),
      }));
    },
    async layerData(formData: FormData, datasetId: number) {
      const answer = await service.run(
        principal,
        legacyQueryContext(formData, datasetId, {}),
        undefined,
        {
          ...(versions ? { versions } : {}),
        },
      );
      return legacyData(answer.queries[0]!, formData);
    },
  };
}
