import { airports } from './tables/airports.js';
import { bartLines } from './tables/bart-lines.js';
import { birthFranceByRegion } from './tables/birth-france-by-region.js';
import { birthNames } from './tables/birth-names.js';
import { cleanedSalesData } from './tables/cleaned-sales-data.js';
import { covidVaccines } from './tables/covid-vaccines.js';
import { energyUsage } from './tables/energy-usage.js';
import { events } from './tables/events.js';
import { fcc2018Survey } from './tables/fcc-2018-survey.js';
import { flights } from './tables/flights.js';
import { longLat } from './tables/long-lat.js';
import { multiformatTimeSeries } from './tables/multiformat-time-series.js';
import { randomTimeSeries } from './tables/random-time-series.js';
import { sfPopulationPolygons } from './tables/sf-population-polygons.js';
import { tutorialFlights } from './tables/tutorial-flights.js';
import { unicodeTest } from './tables/unicode-test.js';
import { videoGameSales } from './tables/video-game-sales.js';
import type { ExampleColumnType, ExampleFile, ExampleTable } from './types.js';

export type {
  CsvFile,
  ExampleColumn,
  ExampleColumnType,
  ExampleComputedColumn,
  ExampleDataset,
  ExampleFile,
  ExampleJoin,
  ExampleMetric,
  ExampleSource,
  ExampleTable,
  GeneratedRows,
  JsonFile,
} from './types.js';

/**
 * Every table of the examples database: Superset's example tables, named as Superset names
 * them and typed as its loaders make them, plus one generated table (`events`) for scale.
 *
 * The files are Superset's examples-data files (packages/server/examples-data; the plain CSVs
 * there are gzipped, DuckDB reads them as they are). Each table module says where it follows
 * Superset and where it departs from it.
 */
export const EXAMPLE_TABLES: readonly ExampleTable[] = [
  birthNames,
  cleanedSalesData,
  videoGameSales,
  covidVaccines,
  flights,
  airports,
  energyUsage,
  randomTimeSeries,
  multiformatTimeSeries,
  sfPopulationPolygons,
  bartLines,
  longLat,
  birthFranceByRegion,
  unicodeTest,
  fcc2018Survey,
  tutorialFlights,
  events,
];

export function findExampleTable(tableName: string): ExampleTable | undefined {
  return EXAMPLE_TABLES.find((table) => table.table_name === tableName);
}

/** The examples-data files a table reads (main source first, then joins; no duplicates). */
export function exampleFiles(table: ExampleTable): string[] {
  const files: ExampleFile[] = [];
  if (table.source.from.format !== 'generated') files.push(table.source.from);
  for (const join of table.source.joins) files.push(join.file);
  return [...new Set(files.map((f) => f.file))];
}

/** Whether a column type is a date or a timestamp. */
export function isTemporalType(type: ExampleColumnType): boolean {
  return type === 'DATE' || type === 'TIMESTAMP';
}
