/** Plain decimal notation of a finite number (no exponent). */
function plainDecimal(n: number): string {
  const s = String(n);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, lead, frac = '', expText] = m;
  const digits = lead! + frac;
  const point = 1 + Number(expText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A decimal text without redundant zeros: `-001.500` -> `-1.5`, `-0.0` -> `0`. */
function canonicalDecimal(s: string): string {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(s.trim());
  if (!m) return s;
  const int = (m[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return body === '0' || m[1] !== '-' ? body : `-${body}`;
}

/**
 * A DECIMAL/NUMERIC value: a number when the double holds exactly the same decimal value,
 * else the decimal text (`NaN` and infinities stay text too).
 */
export function decimalValue(text: string): number | string {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text.trim())) return text;
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  return canonicalDecimal(plainDecimal(n)) === canonicalDecimal(text) ? n : text;
}
