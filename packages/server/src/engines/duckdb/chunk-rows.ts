import { endianness } from 'node:os';
import duckdb, { type Vector } from '@duckdb/node-bindings';
import {
  DuckDBArrayType,
  DuckDBDateValue,
  DuckDBDecimalType,
  DuckDBListType,
  DuckDBMapType,
  DuckDBStructType,
  DuckDBTypeId,
  type DuckDBDataChunk,
  type DuckDBType,
} from '@duckdb/node-api';
import { duckdbJsonValue, floatJson } from './values.js';

/**
 * Reads result chunks into rows of JSON-safe values, the same values `duckdbJsonValue` gives,
 * but column by column from the vectors' memory: a writer per column chosen once from its type,
 * numbers read from typed arrays (no value objects, no bigints while a value fits a double),
 * strings decoded a chunk at a time. A value a fast path cannot give exactly (a BIGINT beyond
 * 2^53, an infinite timestamp, a DECIMAL with more than 15 digits…) is read through the
 * library's vector and converted by `duckdbJsonValue`, as are types without a fast path.
 */

/** Writes column `column` of the first `count` rows of `chunk` into `rows` (one array per row). */
type ColumnWriter = (
  chunk: DuckDBDataChunk,
  column: number,
  rows: unknown[][],
  count: number,
) => void;

/** The vectors' memory is read as little-endian words and one-byte booleans. */
const RAW_LAYOUT = endianness() === 'LE' && duckdb.sizeof_bool === 1;

const TWO_32 = 4_294_967_296;
/** High words (signed) of the int64 values that are within ±2^53. */
const HIGH_LIMIT = 0x20_0000;
const MINUS_TWO_53 = -9_007_199_254_740_992;
/** Largest |milliseconds| a JS Date takes. */
const MAX_DATE_MS = 8.64e15;
const MS_PER_DAY = 86_400_000;
/** Decimals whose scaled value is below this have at most 15 digits: a double holds them. */
const EXACT_DECIMAL_LIMIT = 1e15;
/** 10^0 … 10^22: the powers of ten a double holds exactly. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));
/** Above this many bytes of text in one chunk, a VARCHAR column is read value by value. */
const MAX_CHUNK_TEXT = 16 * 1024 * 1024;
/** Distinct dates remembered per DATE column before the memory starts over. */
const DATE_CACHE_SIZE = 100_000;

/** The same decoder settings as the library's (a leading byte order mark is dropped). */
const decoder = new TextDecoder();

function rawVector(chunk: DuckDBDataChunk, column: number): Vector {
  return duckdb.data_chunk_get_vector(chunk.chunk, column);
}

/** The validity bits of a vector's first `count` values; null when all are valid. */
function validityOf(vector: Vector, count: number): Uint8Array | null {
  return duckdb.vector_get_validity(vector, Math.ceil(count / 64) * 8) as Uint8Array | null;
}

function isValid(validity: Uint8Array | null, index: number): boolean {
  return validity === null || (validity[index >> 3]! & (1 << (index & 7))) !== 0;
}

/** 32-bit words over the data of a vector whose values take `wordsPerValue` words each. */
function wordsOf(vector: Vector, count: number, wordsPerValue: number): Uint32Array {
  const data = duckdb.vector_get_data(vector, count * wordsPerValue * 4);
  return new Uint32Array(data.buffer, data.byteOffset, count * wordsPerValue);
}

/** The int64 at `index` as a number when it is a safe integer, else NaN. */
export function safeInt64(words: Uint32Array, index: number): number {
  const high = words[2 * index + 1]! | 0;
  if (high < -HIGH_LIMIT || high >= HIGH_LIMIT) return Number.NaN;
  const value = high * TWO_32 + words[2 * index]!;
  return value === MINUS_TWO_53 ? Number.NaN : value;
}

/** The uint64 at `index` as a number when it is a safe integer, else NaN. */
export function safeUint64(words: Uint32Array, index: number): number {
  const high = words[2 * index + 1]!;
  return high < HIGH_LIMIT ? high * TWO_32 + words[2 * index]! : Number.NaN;
}

/** The int128 (or, `signed` false, uint128) at `index` as a number when safe, else NaN. */
export function safeInt128(words: Uint32Array, index: number, signed: boolean): number {
  const w = 4 * index;
  const top = words[w + 3]!;
  const upper = words[w + 2]!;
  const high = words[w + 1]!;
  if (top === 0 && upper === 0 && high < HIGH_LIMIT) return high * TWO_32 + words[w]!;
  if (signed && top === 0xffff_ffff && upper === 0xffff_ffff && high >= TWO_32 - HIGH_LIMIT) {
    const value = (high - TWO_32) * TWO_32 + words[w]!;
    return value === MINUS_TWO_53 ? Number.NaN : value;
  }
  return Number.NaN;
}

/** Floor division of an int64 given as words by 1000 (`perUnit` 1000) or 10^6, as a number. */
export function int64FloorDiv(words: Uint32Array, index: number, perUnit: 1000 | 1e6): number {
  // 2^32 = q·perUnit + r, so (high·2^32 + low) / perUnit = high·q + (high·r + low) / perUnit,
  // with high·r + low exact in a double; high·q is exact whenever the result is a valid date.
  const high = words[2 * index + 1]! | 0;
  const q = perUnit === 1000 ? 4_294_967 : 4_294;
  const rest = high * (TWO_32 - q * perUnit) + words[2 * index]!;
  const remainder = rest % perUnit;
  return high * q + (rest - remainder) / perUnit - (remainder < 0 ? 1 : 0);
}

/** Earliest and (exclusive) latest milliseconds whose ISO text has a four-digit year. */
const MIN_PLAIN_MS = -62_167_219_200_000;
const MAX_PLAIN_MS = 253_402_300_800_000;

/**
 * `new Date(ms).toISOString()`, faster for runs of timestamps: the date part is made once per
 * day and the text is built from character codes (one flat string, no Date object).
 */
export class IsoTimestamps {
  private day = Number.NaN;
  private readonly prefix = new Uint8Array(11);

  format(ms: number): string {
    if (!(ms >= MIN_PLAIN_MS && ms < MAX_PLAIN_MS)) return new Date(ms).toISOString();
    const day = Math.floor(ms / MS_PER_DAY);
    if (day !== this.day) {
      const text = new Date(day * MS_PER_DAY).toISOString();
      for (let i = 0; i < 11; i++) this.prefix[i] = text.charCodeAt(i);
      this.day = day;
    }
    let rest = ms - day * MS_PER_DAY;
    const milli = rest % 1000;
    rest = (rest - milli) / 1000;
    const second = rest % 60;
    rest = (rest - second) / 60;
    const minute = rest % 60;
    const hour = (rest - minute) / 60;
    const p = this.prefix;
    return String.fromCharCode(
      p[0]!,
      p[1]!,
      p[2]!,
      p[3]!,
      p[4]!,
      p[5]!,
      p[6]!,
      p[7]!,
      p[8]!,
      p[9]!,
      p[10]!,
      48 + ((hour / 10) | 0),
      48 + (hour % 10),
      58,
      48 + ((minute / 10) | 0),
      48 + (minute % 10),
      58,
      48 + ((second / 10) | 0),
      48 + (second % 10),
      46,
      48 + ((milli / 100) | 0),
      48 + (((milli / 10) | 0) % 10),
      48 + (milli % 10),
      90,
    );
  }
}

/** Any type: each value through the library's vector and `duckdbJsonValue`. */
function anyValues(type: DuckDBType): ColumnWriter {
  return (chunk, column, rows, count) => {
    const vector = chunk.getColumnVector(column);
    for (let i = 0; i < count; i++) rows[i]![column] = duckdbJsonValue(vector.getItem(i), type);
  };
}

/** One value through the library, for values a fast path cannot give exactly. */
function slowValue(chunk: DuckDBDataChunk, column: number, type: DuckDBType, index: number) {
  return duckdbJsonValue(chunk.getColumnVector(column).getItem(index), type);
}

type NumberArrayMaker = (data: Uint8Array, count: number) => ArrayLike<number>;

/** Numbers stored as they are read (integers of up to 32 bits). */
function plainNumbers(bytesPerValue: number, make: NumberArrayMaker): ColumnWriter {
  return (chunk, column, rows, count) => {
    const vector = rawVector(chunk, column);
    const values = make(duckdb.vector_get_data(vector, count * bytesPerValue), count);
    const validity = validityOf(vector, count);
    for (let i = 0; i < count; i++) rows[i]![column] = isValid(validity, i) ? values[i] : null;
  };
}

function doubles(): ColumnWriter {
  return (chunk, column, rows, count) => {
    const vector = rawVector(chunk, column);
    const data = duckdb.vector_get_data(vector, count * 8);
    const values = new Float64Array(data.buffer, data.byteOffset, count);
    const validity = validityOf(vector, count);
    for (let i = 0; i < count; i++) {
      const v = values[i]!;
      rows[i]![column] = !isValid(validity, i) ? null : Number.isFinite(v) ? v : String(v);
    }
  };
}

function floats(): ColumnWriter {
  return (chunk, column, rows, count) => {
    const vector = rawVector(chunk, column);
    const data = duckdb.vector_get_data(vector, count * 4);
    const values = new Float32Array(data.buffer, data.byteOffset, count);
    const validity = validityOf(vector, count);
    for (let i = 0; i < count; i++) {
      rows[i]![column] = isValid(validity, i) ? floatJson(values[i]!) : null;
    }
  };
}

function booleans(): ColumnWriter {
  return (chunk, column, rows, count) => {
    const vector = rawVector(chunk, column);
    const values = duckdb.vector_get_data(vector, count);
    const validity = validityOf(vector, count);
    for (let i = 0; i < count; i++) {
      rows[i]![column] = isValid(validity, i) ? values[i] !== 0 : null;
    }
  };
}

/**
 * Values of `wordsPerValue` 32-bit words each, converted by `convert` (NaN when it cannot give
 * the value exactly, which then goes through the library).
 */
function wordValues(
  type: DuckDBType,
  wordsPerValue: number,
  convert: (words: Uint32Array, index: number) => unknown,
): ColumnWriter {
  return (chunk, column, rows, count) => {
    const vector = rawVector(chunk, column);
    const words = wordsOf(vector, count, wordsPerValue);
    const validity = validityOf(vector, count);
    for (let i = 0; i < count; i++) {
      if (!isValid(validity, i)) {
        rows[i]![column] = null;
        continue;
      }
      const value = convert(words, i);
      rows[i]![column] = Number.isNaN(value) ? slowValue(chunk, column, type, i) : value;
    }
  };
}

/** TIMESTAMP, TIMESTAMP_TZ, _S, _MS and _NS: ISO-8601 text at millisecond precision. */
function timestamps(type: DuckDBType): ColumnWriter {
  const iso = new IsoTimestamps();
  const toMs: (words: Uint32Array, index: number) => number =
    type.typeId === DuckDBTypeId.TIMESTAMP_S
      ? (words, i) => safeInt64(words, i) * 1000
      : type.typeId === DuckDBTypeId.TIMESTAMP_MS
        ? safeInt64
        : type.typeId === DuckDBTypeId.TIMESTAMP_NS
          ? (words, i) => int64FloorDiv(words, i, 1e6)
          : (words, i) => int64FloorDiv(words, i, 1000);
  return wordValues(type, 2, (words, i) => {
    const ms = toMs(words, i);
    // Beyond what a Date takes (infinities too): DuckDB's own text, through the library.
    return Math.abs(ms) <= MAX_DATE_MS ? iso.format(ms) : Number.NaN;
  });
}

function dates(): ColumnWriter {
  const known = new Map<number, string>();
  return (chunk, column, rows, count) => {
    const vector = rawVector(chunk, column);
    const data = duckdb.vector_get_data(vector, count * 4);
    const days = new Int32Array(data.buffer, data.byteOffset, count);
    const validity = validityOf(vector, count);
    for (let i = 0; i < count; i++) {
      if (!isValid(validity, i)) {
        rows[i]![column] = null;
        continue;
      }
      const day = days[i]!;
      let text = known.get(day);
      if (text === undefined) {
        if (known.size >= DATE_CACHE_SIZE) known.clear();
        text = String(new DuckDBDateValue(day));
        known.set(day, text);
      }
      rows[i]![column] = text;
    }
  };
}

/** DECIMALs of up to 9 digits (16- and 32-bit scaled integers): always exact as doubles. */
function smallDecimals(
  bytesPerValue: number,
  make: NumberArrayMaker,
  divisor: number,
): ColumnWriter {
  return (chunk, column, rows, count) => {
    const vector = rawVector(chunk, column);
    const values = make(duckdb.vector_get_data(vector, count * bytesPerValue), count);
    const validity = validityOf(vector, count);
    for (let i = 0; i < count; i++) {
      rows[i]![column] = isValid(validity, i) ? values[i]! / divisor : null;
    }
  };
}

/**
 * DECIMAL: a number when it has at most 15 digits (the scaled integer divided by 10^scale is
 * then the double nearest the decimal, as parsing its text gives), else through the library.
 */
function decimals(type: DuckDBDecimalType): ColumnWriter {
  const { width, scale } = type;
  const divisor = POWERS_OF_TEN[scale];
  if (divisor === undefined || width < 1 || width > 38) return anyValues(type);
  if (width <= 4) {
    return smallDecimals(2, (d, n) => new Int16Array(d.buffer, d.byteOffset, n), divisor);
  }
  if (width <= 9) {
    return smallDecimals(4, (d, n) => new Int32Array(d.buffer, d.byteOffset, n), divisor);
  }
  const read =
    width <= 18 ? safeInt64 : (words: Uint32Array, i: number): number => safeInt128(words, i, true);
  return wordValues(type, width <= 18 ? 2 : 4, (words, i) => {
    const scaled = read(words, i);
    return Math.abs(scaled) < EXACT_DECIMAL_LIMIT ? scaled / divisor : Number.NaN;
  });
}

/**
 * VARCHAR. A value is a 16-byte record: its length, then up to 12 bytes inline, or else a
 * pointer to its bytes. A chunk's bytes are gathered into one buffer (strings stored one after
 * the other are copied out in one call), decoded once, and each value cut out of the text when
 * it is all ASCII; otherwise each value is decoded on its own, as the library does.
 */
function varchars(type: DuckDBType): ColumnWriter {
  const fallback = anyValues(type);
  let buffer = new Uint8Array(64 * 1024);
  let starts = new Int32Array(0);
  return (chunk, column, rows, count) => {
    const vector = rawVector(chunk, column);
    const data = duckdb.vector_get_data(vector, count * 16);
    const words = new Uint32Array(data.buffer, data.byteOffset, count * 4);
    const validity = validityOf(vector, count);
    let total = 0;
    for (let i = 0; i < count; i++) if (isValid(validity, i)) total += words[4 * i]!;
    if (total > MAX_CHUNK_TEXT) {
      fallback(chunk, column, rows, count);
      return;
    }
    if (buffer.length < total) buffer = new Uint8Array(Math.max(total, buffer.length * 2));
    if (starts.length < count) starts = new Int32Array(count);
    let at = 0;
    for (let i = 0; i < count;) {
      if (!isValid(validity, i)) {
        i++;
        continue;
      }
      const length = words[4 * i]!;
      starts[i] = at;
      if (length <= 12) {
        const from = 16 * i + 4;
        for (let k = 0; k < length; k++) buffer[at + k] = data[from + k]!;
        at += length;
        i++;
        continue;
      }
      // The following values whose bytes come right after these ones join the same copy.
      let run = length;
      let endLow = words[4 * i + 2]! + length;
      let endHigh = words[4 * i + 3]!;
      if (endLow >= TWO_32) {
        endLow -= TWO_32;
        endHigh += 1;
      }
      let next = i + 1;
      while (next < count && isValid(validity, next)) {
        const nextLength = words[4 * next]!;
        if (nextLength <= 12 || words[4 * next + 2] !== endLow || words[4 * next + 3] !== endHigh)
          break;
        starts[next] = at + run;
        run += nextLength;
        endLow += nextLength;
        if (endLow >= TWO_32) {
          endLow -= TWO_32;
          endHigh += 1;
        }
        next++;
      }
      const bytes = duckdb.get_data_from_pointer(
        data.buffer as ArrayBuffer,
        data.byteOffset + 16 * i + 8,
        run,
      );
      buffer.set(bytes, at);
      at += run;
      i = next;
    }
    const text = decoder.decode(buffer.subarray(0, at));
    // Valid UTF-8 decodes to as many characters as bytes only when it is all ASCII.
    const ascii = text.length === at && !text.includes('\uFFFD');
    for (let i = 0; i < count; i++) {
      if (!isValid(validity, i)) {
        rows[i]![column] = null;
        continue;
      }
      const start = starts[i]!;
      const end = start + words[4 * i]!;
      rows[i]![column] = ascii
        ? text.slice(start, end)
        : decoder.decode(buffer.subarray(start, end));
    }
  };
}

function columnWriter(type: DuckDBType): ColumnWriter {
  if (!RAW_LAYOUT) return anyValues(type);
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return booleans();
    case DuckDBTypeId.TINYINT:
      return plainNumbers(1, (d, n) => new Int8Array(d.buffer, d.byteOffset, n));
    case DuckDBTypeId.UTINYINT:
      return plainNumbers(1, (d, n) => new Uint8Array(d.buffer, d.byteOffset, n));
    case DuckDBTypeId.SMALLINT:
      return plainNumbers(2, (d, n) => new Int16Array(d.buffer, d.byteOffset, n));
    case DuckDBTypeId.USMALLINT:
      return plainNumbers(2, (d, n) => new Uint16Array(d.buffer, d.byteOffset, n));
    case DuckDBTypeId.INTEGER:
      return plainNumbers(4, (d, n) => new Int32Array(d.buffer, d.byteOffset, n));
    case DuckDBTypeId.UINTEGER:
      return plainNumbers(4, (d, n) => new Uint32Array(d.buffer, d.byteOffset, n));
    case DuckDBTypeId.BIGINT:
      return wordValues(type, 2, safeInt64);
    case DuckDBTypeId.UBIGINT:
      return wordValues(type, 2, safeUint64);
    case DuckDBTypeId.HUGEINT:
      return wordValues(type, 4, (words, i) => safeInt128(words, i, true));
    case DuckDBTypeId.UHUGEINT:
      return wordValues(type, 4, (words, i) => safeInt128(words, i, false));
    case DuckDBTypeId.FLOAT:
      return floats();
    case DuckDBTypeId.DOUBLE:
      return doubles();
    case DuckDBTypeId.DECIMAL:
      return type instanceof DuckDBDecimalType ? decimals(type) : anyValues(type);
    case DuckDBTypeId.DATE:
      return dates();
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_TZ:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS:
      return timestamps(type);
    case DuckDBTypeId.VARCHAR:
      return varchars(type);
    default:
      return anyValues(type);
  }
}

/** The bytes a vector's first `count` values hold, read from its records; see chunkPayloadSizer. */
type VectorSizer = (vector: Vector, count: number) => number;

function vectorSizer(type: DuckDBType): VectorSizer | null {
  switch (type.typeId) {
    case DuckDBTypeId.VARCHAR:
    case DuckDBTypeId.BLOB:
      // A 16-byte record per value, its length first.
      return (vector, count) => {
        const words = wordsOf(vector, count, 4);
        const validity = validityOf(vector, count);
        let total = 0;
        for (let i = 0; i < count; i++) if (isValid(validity, i)) total += words[4 * i]!;
        return total;
      };
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.MAP: {
      // An entry per value (offset, length); the elements are in the child vector.
      const child =
        type instanceof DuckDBListType
          ? vectorSizer(type.valueType)
          : type instanceof DuckDBMapType
            ? structSizer([type.keyType, type.valueType])
            : null;
      return (vector, count) => {
        const words = wordsOf(vector, count, 4);
        const validity = validityOf(vector, count);
        let total = 0;
        for (let i = 0; i < count; i++)
          if (isValid(validity, i)) total += 8 * (words[4 * i + 2]! + words[4 * i + 3]! * TWO_32);
        if (child) {
          const size = duckdb.list_vector_get_size(vector);
          if (size > 0) total += child(duckdb.list_vector_get_child(vector), size);
        }
        return total;
      };
    }
    case DuckDBTypeId.STRUCT:
      return type instanceof DuckDBStructType ? structSizer(type.entryTypes) : null;
    case DuckDBTypeId.ARRAY: {
      if (!(type instanceof DuckDBArrayType)) return null;
      const child = vectorSizer(type.valueType);
      const length = type.length;
      return (vector, count) =>
        8 * count * length +
        (child ? child(duckdb.array_vector_get_child(vector), count * length) : 0);
    }
    default:
      return null;
  }
}

function structSizer(types: readonly DuckDBType[]): VectorSizer | null {
  const children = types.map((t, i) => [i, vectorSizer(t)] as const).filter(([, f]) => f);
  if (children.length === 0) return null;
  return (vector, count) => {
    let total = 0;
    for (const [index, sizer] of children)
      total += sizer!(duckdb.struct_vector_get_child(vector, index), count);
    return total;
  };
}

/**
 * What a chunk's first `count` rows hold, read from the vectors' records without building a
 * value: the bytes of text of its VARCHAR and BLOB values (each length is in its 16-byte
 * record), 8 bytes per element of its LIST, MAP and ARRAY values, with the text of their
 * elements, and the same inside STRUCTs (for nested values, all of the chunk's elements are
 * counted). Null when no column has a size to read (or the layout is not the one the raw reads
 * know). A caller's byte budget is checked against it before any string is made.
 */
export function chunkPayloadSizer(
  types: readonly DuckDBType[],
): ((chunk: DuckDBDataChunk, count: number) => number) | null {
  if (!RAW_LAYOUT) return null;
  const sizers = types
    .map((type, column) => [column, vectorSizer(type)] as const)
    .filter(([, f]) => f);
  if (sizers.length === 0) return null;
  return (chunk, count) => {
    let total = 0;
    for (const [column, sizer] of sizers) total += sizer!(rawVector(chunk, column), count);
    return total;
  };
}

/**
 * A reader of the chunks of a result whose columns have `types`: `read(chunk, count)` gives the
 * chunk's first `count` rows as arrays of JSON-safe values (as `duckdbJsonValue` makes them).
 * A reader keeps buffers between chunks: one per result, not shared between results.
 */
export function chunkRowReader(
  types: readonly DuckDBType[],
): (chunk: DuckDBDataChunk, count: number) => unknown[][] {
  const writers = types.map(columnWriter);
  const width = writers.length;
  return (chunk, count) => {
    const rows = new Array<unknown[]>(count);
    for (let i = 0; i < count; i++) rows[i] = [];
    for (let column = 0; column < width; column++) {
      writers[column]!(chunk, column, rows, count);
    }
    return rows;
  };
}
