import { jsonSafeValue } from '../shared/values.js';
import { decimalValue } from '../shared/decimal.js';

/**
 * PostgreSQL's text output turned into JSON-safe values. The driver hands every value over as
 * the server's text (see `RAW_TYPES` in the client), so nothing depends on pg's global type
 * parsers and no value goes through a local-time `Date`.
 */

export { decimalValue };

export type Converter = (text: string) => unknown;

/** `2024-01-02 03:04:05.5` -> `2024-01-02T03:04:05.5` (BC dates and infinities unchanged). */
export function timestampToIso(text: string): string {
  return /^\d{4,}-\d\d-\d\d \d/.test(text) && !text.endsWith(' BC') ? text.replace(' ', 'T') : text;
}

const TIMESTAMPTZ =
  /^(\d{4,})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(\.\d+)?([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?$/;

/**
 * A timestamp with time zone (ISO DateStyle, in the session's zone) as UTC ISO-8601 with `Z`,
 * keeping the microseconds: `2024-01-02 05:04:05.123456+02` -> `2024-01-02T03:04:05.123456Z`.
 */
export function timestamptzToIso(text: string): string {
  const m = TIMESTAMPTZ.exec(text);
  if (!m) return text;
  const [, y, mo, d, h, mi, s, frac = '', sign, oh, om = '0', os = '0'] = m;
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(s), 0);
  const offset = (Number(oh) * 3600 + Number(om) * 60 + Number(os)) * (sign === '-' ? -1 : 1);
  const utc = new Date(date.getTime() - offset * 1000);
  const year = utc.getUTCFullYear();
  if (year < 1 || year > 9999) return text;
  const iso = utc.toISOString(); // YYYY-MM-DDTHH:MM:SS.000Z
  return `${iso.slice(0, 19)}${frac}Z`;
}

/** bytea text (hex `\x…` or the old escape format) as base64. */
export function byteaToBase64(text: string): string {
  if (text.startsWith('\\x')) return Buffer.from(text.slice(2), 'hex').toString('base64');
  const bytes: number[] = [];
  for (let i = 0; i < text.length;) {
    if (text[i] === '\\') {
      if (text[i + 1] === '\\') {
        bytes.push(0x5c);
        i += 2;
      } else {
        bytes.push(parseInt(text.slice(i + 1, i + 4), 8));
        i += 4;
      }
    } else {
      bytes.push(text.charCodeAt(i));
      i++;
    }
  }
  return Buffer.from(bytes).toString('base64');
}

export type ArrayItem = string | null | ArrayItem[];

/** Parses an array literal (`{1,NULL,"a \"b\""}`, nested, with an optional `[1:2]=` prefix). */
export function parseArrayLiteral(text: string, delimiter = ','): ArrayItem[] | null {
  let i = text.startsWith('[') ? text.indexOf('=') + 1 : 0;
  if (text[i] !== '{') return null;
  const parse = (): ArrayItem[] => {
    const items: ArrayItem[] = [];
    i++; // {
    if (text[i] === '}') {
      i++;
      return items;
    }
    for (;;) {
      if (text[i] === '{') items.push(parse());
      else if (text[i] === '"') {
        let s = '';
        i++;
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\') i++;
          s += text[i] ?? '';
          i++;
        }
        i++;
        items.push(s);
      } else {
        let j = i;
        while (j < text.length && text[j] !== delimiter && text[j] !== '}') j++;
        const raw = text.slice(i, j).trim();
        items.push(raw === 'NULL' ? null : raw);
        i = j;
      }
      if (text[i] === delimiter) i++;
      else {
        i++; // }
        return items;
      }
    }
  };
  return parse();
}

/** What the converters need to know of a type (its base type when it is a domain). */
export interface PgTypeInfo {
  /** `format_type` name: `integer`, `timestamp with time zone`, `text[]`… */
  display: string;
  /** Internal name of the base type: `int4`, `timestamptz`, `_text`… */
  base: string;
  /** pg_type.typcategory of the base type (`A` for arrays). */
  category: string;
  /** Element type of an array, else 0. */
  elem: number;
}

const SCALARS: Record<string, Converter> = {
  bool: (t) => t === 't',
  int2: Number,
  int4: Number,
  oid: Number,
  int8: (t) => jsonSafeValue(BigInt(t)),
  float4: (t) => jsonSafeValue(Number(t)),
  float8: (t) => jsonSafeValue(Number(t)),
  numeric: decimalValue,
  timestamp: timestampToIso,
  timestamptz: timestamptzToIso,
  bytea: byteaToBase64,
};

const identity: Converter = (t) => t;

function mapItems(items: ArrayItem[], convert: Converter): unknown[] {
  return items.map((it) =>
    it === null ? null : Array.isArray(it) ? mapItems(it, convert) : convert(it),
  );
}

/**
 * The converter of a type. Arrays become JSON text of their converted elements; dates, times,
 * intervals, json, uuid, enums and everything else stay the server's text.
 */
export function converterFor(
  info: PgTypeInfo | undefined,
  elementInfo: (oid: number) => PgTypeInfo | undefined,
): Converter {
  if (!info) return identity;
  if (info.category === 'A' && info.elem) {
    const element = converterFor(elementInfo(info.elem), elementInfo);
    return (t) => {
      const items = parseArrayLiteral(t);
      return items === null ? t : JSON.stringify(mapItems(items, element));
    };
  }
  return SCALARS[info.base] ?? identity;
}
