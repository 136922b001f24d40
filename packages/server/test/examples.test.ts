import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_TABLES } from '../src/examples/catalogue.js';
import { examplesDataDir, loadExamples, type LoadReport } from '../src/examples/loader.js';

type Row = Record<string, unknown>;

/** Opens a database file, runs `fn`, closes it (the loader needs the file to itself). */
async function withDatabase<T>(
  file: string,
  fn: (query: (sql: string) => Promise<Row[]>) => Promise<T>,
  readOnly = true,
): Promise<T> {
  const instance = await DuckDBInstance.create(
    file,
    readOnly ? { access_mode: 'READ_ONLY' } : undefined,
  );
  let conn: DuckDBConnection | undefined;
  try {
    conn = await instance.connect();
    const c = conn;
    return await fn(async (sql) => (await c.runAndReadAll(sql)).getRowObjectsJson() as Row[]);
  } finally {
    conn?.closeSync();
    instance.closeSync();
  }
}

/** Column name → DuckDB type, in order. */
async function columnTypes(
  query: (sql: string) => Promise<Row[]>,
  table: string,
): Promise<Array<[string, string]>> {
  const rows = await query(
    `SELECT column_name, data_type FROM information_schema.columns
     WHERE table_schema = 'main' AND table_name = '${table}' ORDER BY ordinal_position`,
  );
  return rows.map((r) => [String(r.column_name), String(r.data_type)]);
}

/** Aggregates that pin the generated events table down, row by row. */
const EVENTS_FINGERPRINT = `
  SELECT count(*) AS n,
         count(DISTINCT country) AS countries,
         count(DISTINCT device) AS devices,
         count(DISTINCT channel) AS channels,
         count(DISTINCT product) AS products,
         count(DISTINCT product_category) AS categories,
         count(DISTINCT user_id) AS users,
         sum(quantity) AS units,
         sum(CAST(round(revenue * 100) AS BIGINT)) AS revenue_cents,
         sum(duration_ms) AS duration,
         min(event_time) AS first_event,
         max(event_time) AS last_event,
         bit_xor(hash(event_id, event_time, country, device, channel, product, product_category,
                      user_id, revenue, quantity, duration_ms)) AS row_hash
  FROM events`;

/** The featured-charts bundle's hierarchical_dataset (a virtual dataset), its `sql` verbatim. */
const HIERARCHICAL_DATASET_SQL =
  'SELECT 1 as "id", null as "parent", \'USA\' as "name", 1 as "count"\n' +
  "UNION SELECT 2, 1, 'CA', 10\nUNION SELECT 3, 1, 'NY', 15\nUNION SELECT 4, 1, 'TX', 20\n" +
  "UNION SELECT 5, 1, 'FL', 12\nUNION SELECT 6, 2, 'Los Angeles', 5\n" +
  "UNION SELECT 7, 2, 'San Francisco', 8\nUNION SELECT 8, 3, 'New York City', 18\n" +
  "UNION SELECT 9, 3, 'Buffalo', 3\nUNION SELECT 10, 4, 'Houston', 14\n" +
  "UNION SELECT 11, 4, 'Dallas', 9\nUNION SELECT 12, 5, 'Miami', 6";

/** Reference geohash by bisection (the algorithm's definition). */
function geohash(lat: number, lon: number, length = 12): string {
  const base32 = '0123456789bcdefghjkmnpqrstuvwxyz';
  const latRange = [-90, 90];
  const lonRange = [-180, 180];
  let out = '';
  let bits = 0;
  let value = 0;
  let even = true;
  while (out.length < length) {
    const [range, v] = even ? [lonRange, lon] : [latRange, lat];
    const mid = ((range[0] ?? 0) + (range[1] ?? 0)) / 2;
    value = value * 2 + (v >= mid ? 1 : 0);
    if (v >= mid) range[0] = mid;
    else range[1] = mid;
    even = !even;
    if (++bits === 5) {
      out += base32[value];
      bits = 0;
      value = 0;
    }
  }
  return out;
}

/** Decodes a Google encoded polyline (precision 5) into pairs, in encoded order. */
function decodePolyline(text: string): Array<[number, number]> {
  const values: number[] = [];
  let index = 0;
  while (index < text.length) {
    let shift = 0;
    let result = 0;
    let byte: number;
    do {
      byte = text.charCodeAt(index++) - 63;
      result += (byte & 31) * 2 ** shift;
      shift += 5;
    } while (byte >= 32);
    values.push(result % 2 === 1 ? -(result + 1) / 2 : result / 2);
  }
  const pairs: Array<[number, number]> = [];
  let a = 0;
  let b = 0;
  for (let i = 0; i + 1 < values.length; i += 2) {
    a += values[i] ?? 0;
    b += values[i + 1] ?? 0;
    pairs.push([a / 1e5, b / 1e5]);
  }
  return pairs;
}

describe('example data loader', () => {
  let dir: string;
  let dbFile: string;
  let first: LoadReport;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'strata-examples-'));
    dbFile = join(dir, 'examples.duckdb');
    first = await loadExamples(dbFile, examplesDataDir());
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('loads every catalogue table', () => {
    expect(first.loaded.map((t) => t.table_name)).toEqual(EXAMPLE_TABLES.map((t) => t.table_name));
    expect(first.loaded.every((t) => t.reason === 'missing')).toBe(true);
    expect(first.present).toEqual([]);
    // About 10 s on an idle 2-core machine (budget: 20 s); this only catches a runaway load
    // without failing when other work shares the machine.
    expect(first.ms).toBeLessThan(60_000);
  });

  it('has the row counts of the bundle README', async () => {
    const counts = Object.fromEntries(first.loaded.map((t) => [t.table_name, t.rows]));
    expect(counts).toMatchObject({
      birth_names: 75_691,
      cleaned_sales_data: 2_823,
      video_game_sales: 16_595,
      covid_vaccines: 265,
      events: 5_000_000,
    });
    await withDatabase(dbFile, async (query) => {
      const [games] = await query(
        'SELECT count(*) AS n, count(*) FILTER (WHERE year IS NULL) AS null_years FROM video_game_sales',
      );
      expect(games).toEqual({ n: '16595', null_years: '271' });
      for (const table of EXAMPLE_TABLES) {
        const [row] = await query(`SELECT count(*) AS n FROM main."${table.table_name}"`);
        expect(Number(row?.n), table.table_name).toBe(table.rows);
      }
    });
  });

  it('creates the exact column types', async () => {
    await withDatabase(dbFile, async (query) => {
      expect(await columnTypes(query, 'birth_names')).toEqual([
        ['ds', 'TIMESTAMP'],
        ['gender', 'VARCHAR'],
        ['name', 'VARCHAR'],
        ['num', 'BIGINT'],
        ['state', 'VARCHAR'],
        ['num_boys', 'BIGINT'],
        ['num_girls', 'BIGINT'],
      ]);
      const text = (names: string[]) => names.map((n): [string, string] => [n, 'VARCHAR']);
      expect(await columnTypes(query, 'cleaned_sales_data')).toEqual([
        ['order_number', 'BIGINT'],
        ['quantity_ordered', 'BIGINT'],
        ['price_each', 'DOUBLE'],
        ['order_line_number', 'BIGINT'],
        ['sales', 'DOUBLE'],
        ['order_date', 'TIMESTAMP'],
        ['status', 'VARCHAR'],
        ['quarter', 'BIGINT'],
        ['month', 'BIGINT'],
        ['year', 'BIGINT'],
        ['product_line', 'VARCHAR'],
        ['msrp', 'BIGINT'],
        ...text([
          'product_code',
          'customer_name',
          'phone',
          'address_line1',
          'address_line2',
          'city',
          'state',
          'postal_code',
          'country',
          'territory',
          'contact_last_name',
          'contact_first_name',
          'deal_size',
        ]),
      ]);
      expect(await columnTypes(query, 'video_game_sales')).toEqual([
        ['rank', 'BIGINT'],
        ['name', 'VARCHAR'],
        ['platform', 'VARCHAR'],
        ['year', 'BIGINT'],
        ['genre', 'VARCHAR'],
        ['publisher', 'VARCHAR'],
        ['na_sales', 'DOUBLE'],
        ['eu_sales', 'DOUBLE'],
        ['jp_sales', 'DOUBLE'],
        ['other_sales', 'DOUBLE'],
        ['global_sales', 'DOUBLE'],
      ]);
      expect(await columnTypes(query, 'covid_vaccines')).toEqual(
        text([
          'developer_researcher',
          'stage_of_development',
          'product_category',
          'country_name',
          'ioc_country_code',
          'date_last_updated',
          'anticipated_next_steps',
          'funder',
        ]),
      );
      for (const table of EXAMPLE_TABLES) {
        expect(await columnTypes(query, table.table_name), table.table_name).toEqual(
          table.columns.map((c) => [c.column_name, c.type]),
        );
      }
    });
  });

  it('converts values as Superset’s loaders do', async () => {
    await withDatabase(dbFile, async (query) => {
      expect(
        await query(
          `SELECT ds, num FROM birth_names
           WHERE name = 'Aaron' AND state = 'CA' AND gender = 'boy' ORDER BY ds LIMIT 1`,
        ),
      ).toEqual([{ ds: '1965-01-01 00:00:00', num: '369' }]);
      expect(await query('SELECT min(ds) AS lo, max(ds) AS hi FROM birth_names')).toEqual([
        { lo: '1965-01-01 00:00:00', hi: '2008-01-01 00:00:00' },
      ]);
      expect(
        await query(
          `SELECT order_date, territory FROM cleaned_sales_data
           WHERE order_number = 10107 AND product_code = 'S10_1678'`,
        ),
      ).toEqual([{ order_date: '2003-02-24 00:00:00', territory: null }]);
      expect(
        await query('SELECT min(order_date) AS lo, max(order_date) AS hi FROM cleaned_sales_data'),
      ).toEqual([{ lo: '2003-01-06 00:00:00', hi: '2005-05-31 00:00:00' }]);
      expect(await query('SELECT name, year FROM video_game_sales WHERE rank = 1')).toEqual([
        { name: 'Wii Sports', year: '2006' },
      ]);
      expect(
        await query(
          `SELECT ds, "AIRPORT", "AIRPORT_DEST", "DEPARTURE_TIME" FROM flights
           WHERE "FLIGHT_NUMBER" = 98 AND "AIRLINE" = 'AS' ORDER BY ds LIMIT 1`,
        ),
      ).toEqual([
        {
          ds: '2015-01-01 00:00:00',
          AIRPORT: 'Ted Stevens Anchorage International Airport',
          AIRPORT_DEST: 'Seattle-Tacoma International Airport',
          DEPARTURE_TIME: 2354,
        },
      ]);
      expect(
        await query(
          'SELECT ds, ds2, epoch_s FROM multiformat_time_series WHERE epoch_s = 1500470613',
        ),
      ).toEqual([{ ds: '2017-07-19', ds2: '2017-07-19 13:23:33', epoch_s: '1500470613' }]);
      expect(
        await query(
          `SELECT time_start FROM fcc_2018_survey WHERE "ID" = 'bc030166e4c7f8cb045c28ee98d5a6cd'`,
        ),
      ).toEqual([{ time_start: '2018-10-24 19:55:23' }]);
    });
  });

  it('computes geohash, polyline and JSON text as Superset’s loaders do', async () => {
    await withDatabase(dbFile, async (query) => {
      const points = await query(
        'SELECT "LAT" AS lat, "LON" AS lon, geohash, delimited FROM long_lat USING SAMPLE 200 ROWS',
      );
      for (const p of points) {
        expect(p.geohash).toBe(geohash(Number(p.lat), Number(p.lon)));
        expect(p.delimited).toBe(`${String(p.lat)},${String(p.lon)}`);
      }
      const lines = await query('SELECT path_json, polyline FROM bart_lines');
      expect(lines).toHaveLength(5);
      for (const line of lines) {
        const path = JSON.parse(String(line.path_json)) as Array<[number, number]>;
        expect(String(line.path_json)).toMatch(/^\[\[-12\d\.\d+, 3\d\.\d+\], \[/);
        const decoded = decodePolyline(String(line.polyline));
        expect(decoded).toHaveLength(path.length);
        // Each coordinate is rounded to 5 decimals: at most half a unit of 1e-5 away.
        decoded.forEach(([a, b], i) => {
          expect(Math.abs(a - (path[i]?.[0] ?? NaN))).toBeLessThanOrEqual(0.5e-5 + 1e-9);
          expect(Math.abs(b - (path[i]?.[1] ?? NaN))).toBeLessThanOrEqual(0.5e-5 + 1e-9);
        });
      }
    });
  });

  it('runs every computed column (with its declared type) and every metric', async () => {
    await withDatabase(dbFile, async (query) => {
      for (const table of EXAMPLE_TABLES) {
        const name = `main."${table.table_name}"`;
        for (const computed of table.dataset.computed_columns) {
          const [row] = await query(
            `SELECT typeof(${computed.expression}) AS t FROM ${name} LIMIT 1`,
          );
          expect(row?.t, `${table.table_name}.${computed.column_name}`).toBe(computed.result_type);
        }
        const metrics = table.dataset.metrics.map((m, i) => `${m.expression} AS m${i}`).join(', ');
        const [row] = await query(`SELECT ${metrics} FROM ${name}`);
        expect(row?.m0, table.table_name).not.toBeNull();
      }
      const [stages] = await query(
        `SELECT count(*) FILTER (WHERE ${
          EXAMPLE_TABLES.find((t) => t.table_name === 'covid_vaccines')?.dataset.computed_columns[0]
            ?.expression
        } IS NULL) AS unstaged FROM covid_vaccines`,
      );
      expect(stages).toEqual({ unstaged: '8' });
    });
  });

  it('runs the hierarchical_dataset SQL of the featured-charts bundle', async () => {
    await withDatabase(dbFile, async (query) => {
      const rows = await query(`SELECT * FROM (${HIERARCHICAL_DATASET_SQL}) ORDER BY id`);
      expect(rows).toHaveLength(12);
      expect(rows[0]).toEqual({ id: 1, parent: null, name: 'USA', count: 1 });
      expect(rows[11]).toEqual({ id: 12, parent: 5, name: 'Miami', count: 6 });
    });
  });

  it('builds a deterministic events table: the same on every load', async () => {
    const fingerprint = await withDatabase(dbFile, async (query) => query(EVENTS_FINGERPRINT));
    expect(fingerprint[0]).toMatchObject({
      n: '5000000',
      countries: '50',
      devices: '4',
      channels: '8',
      products: '2000',
      categories: '12',
    });
    const users = Number(fingerprint[0]?.users);
    expect(users).toBeGreaterThan(495_000);
    expect(users).toBeLessThanOrEqual(500_000);
    expect(String(fingerprint[0]?.first_event) >= '2023-01-01').toBe(true);
    expect(String(fingerprint[0]?.last_event) < '2025-01-01').toBe(true);

    const otherFile = join(dir, 'events-only.duckdb');
    const report = await loadExamples(otherFile, examplesDataDir(), { tables: ['events'] });
    expect(report.loaded.map((t) => t.table_name)).toEqual(['events']);
    expect(await withDatabase(otherFile, async (query) => query(EVENTS_FINGERPRINT))).toEqual(
      fingerprint,
    );
  }, 120_000);

  it('does nothing on a second load, in under a second', async () => {
    const second = await loadExamples(dbFile, examplesDataDir());
    expect(second.loaded).toEqual([]);
    expect(second.present).toEqual(EXAMPLE_TABLES.map((t) => t.table_name));
    expect(second.ms).toBeLessThan(1_000);
  });

  it('reloads a table whose catalogue version changed, and only that one', async () => {
    await withDatabase(
      dbFile,
      async (query) =>
        query(`UPDATE main._strata_examples SET version = 0 WHERE table_name = 'energy_usage'`),
      false,
    );
    const report = await loadExamples(dbFile, examplesDataDir());
    expect(report.loaded.map((t) => [t.table_name, t.reason, t.rows])).toEqual([
      ['energy_usage', 'outdated', 85],
    ]);
  });

  it('leaves no half table when a load fails, and keeps the previous one', async () => {
    // A data directory whose energy file has 2 records instead of 85.
    const badDir = join(dir, 'bad-data');
    await mkdir(badDir);
    const records = [
      { source: 'a', target: 'b', value: '1.0' },
      { source: 'b', target: 'c', value: '2.0' },
    ];
    await writeFile(join(badDir, 'energy.json.gz'), gzipSync(JSON.stringify(records)));
    await copyFile(join(examplesDataDir(), 'airports.csv.gz'), join(badDir, 'airports.csv.gz'));

    const freshFile = join(dir, 'failing.duckdb');
    await expect(
      loadExamples(freshFile, badDir, { tables: ['airports', 'energy_usage'] }),
    ).rejects.toThrow(/energy_usage: expected 85 rows, got 2/);
    await withDatabase(freshFile, async (query) => {
      const tables = await query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' ORDER BY 1`,
      );
      expect(tables.map((t) => t.table_name)).toEqual(['_strata_examples', 'airports']);
      expect(await query('SELECT table_name FROM main._strata_examples')).toEqual([
        { table_name: 'airports' },
      ]);
    });

    await withDatabase(
      dbFile,
      async (query) =>
        query(`UPDATE main._strata_examples SET version = 0 WHERE table_name = 'energy_usage'`),
      false,
    );
    await expect(loadExamples(dbFile, badDir, { tables: ['energy_usage'] })).rejects.toThrow(
      /expected 85 rows/,
    );
    await withDatabase(dbFile, async (query) => {
      expect(await query('SELECT count(*) AS n FROM energy_usage')).toEqual([{ n: '85' }]);
    });
  });
});
