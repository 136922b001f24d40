/**
 * Temporary DuckDB macros the catalogue's `select` expressions may use. They are created on
 * the loader's connection only (never stored in the database) and are pure integer and list
 * arithmetic, so the values they give do not depend on the DuckDB version or on `random()`.
 *
 * Lambda parameters carry a `strata_` prefix: macro arguments are substituted as expressions,
 * and a short name could capture a column or an outer lambda's parameter.
 */
export const EXAMPLE_SQL_MACROS: readonly string[] = [
  // A 32-bit integer hash (two multiply-xorshift rounds) of a non-negative integer.
  `CREATE OR REPLACE TEMP MACRO strata_mix32(x) AS (xor(x >> 16, x) * 73244475) % 4294967296`,
  `CREATE OR REPLACE TEMP MACRO strata_hash32(x) AS
     xor(strata_mix32(strata_mix32(x % 4294967296)) >> 16, strata_mix32(strata_mix32(x % 4294967296)))`,
  // A uniform value in [0, 1) for row `n` (< 67,108,864) and one of 64 independent streams.
  `CREATE OR REPLACE TEMP MACRO strata_unit(n, stream) AS
     strata_hash32(n * 64 + stream) / 4294967296.0`,

  // Geohash of (lat, lon) at 12 characters, as python-geohash's `encode` gives it.
  `CREATE OR REPLACE TEMP MACRO strata_geohash_bits(latq, lonq) AS CAST(list_sum(list_transform(
     range(30),
     lambda strata_k: (((lonq >> strata_k) & 1) << (2 * strata_k + 1))
       | (((latq >> strata_k) & 1) << (2 * strata_k)))) AS BIGINT)`,
  `CREATE OR REPLACE TEMP MACRO strata_geohash(lat, lon) AS list_transform(
     [strata_geohash_bits(
       CAST(floor((lat + 90.0) / 180.0 * 1073741824) AS BIGINT),
       CAST(floor((lon + 180.0) / 360.0 * 1073741824) AS BIGINT))],
     lambda strata_h: array_to_string(list_transform(
       range(12),
       lambda strata_c: substr('0123456789bcdefghjkmnpqrstuvwxyz',
         1 + CAST((strata_h >> (55 - 5 * strata_c)) & 31 AS INTEGER), 1)), ''))[1]`,

  // Google's encoded polyline (precision 5) of a list of pairs, as the `polyline` package's
  // `encode` gives it: the pairs are encoded in the order given.
  `CREATE OR REPLACE TEMP MACRO strata_polyline_value(z) AS list_transform([z], lambda strata_z:
     array_to_string(list_transform(
       list_filter(range(8), lambda strata_g: strata_g = 0 OR (strata_z >> (5 * strata_g)) > 0),
       lambda strata_g: chr(CAST(((strata_z >> (5 * strata_g)) & 31)
         + CASE WHEN (strata_z >> (5 * (strata_g + 1))) > 0 THEN 32 ELSE 0 END + 63 AS INTEGER))),
       ''))[1]`,
  `CREATE OR REPLACE TEMP MACRO strata_polyline_delta(d) AS
     strata_polyline_value(CASE WHEN d < 0 THEN -2 * d - 1 ELSE 2 * d END)`,
  `CREATE OR REPLACE TEMP MACRO strata_polyline(path) AS list_transform(
     [list_transform(flatten(path), lambda strata_x: CAST(round(strata_x * 100000) AS BIGINT))],
     lambda strata_r: array_to_string(list_transform(strata_r, lambda strata_v, strata_i:
       strata_polyline_delta(strata_v - CASE WHEN strata_i > 2 THEN strata_r[strata_i - 2] ELSE 0 END)),
       ''))[1]`,
];
