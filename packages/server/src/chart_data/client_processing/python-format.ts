/**
 * The table chart's `column_config[…].d3NumberFormat` as Superset 4/5's `table` client processing
 * applies it: as a Python format spec (`"{:" + format + "}".format(value)`) over the whole
 * column, the column left as it is when Python would refuse the spec or a value.
 *
 * The subset understood: `[sign][,|_][.precision]type` with type `d` (whole numbers only),
 * `f`/`F`, `%`, `e`/`E`. Other specs (d3's `$`, `s`, `~`, widths and fills) leave the column
 * as it is, as Python refuses most of them.
 */
export type FormatCell = number | string | boolean | null;

interface Spec {
  sign: '+' | '-' | ' ';
  group: ',' | '_' | '';
  precision: number | null;
  type: 'd' | 'f' | 'F' | '%' | 'e' | 'E';
}

const SPEC = /^([+\- ])?([,_])?(?:\.(\d{1,2}))?([dfF%eE])$/;

function parseSpec(text: string): Spec | null {
  const m = SPEC.exec(text);
  if (!m) return null;
  const type = m[4] as Spec['type'];
  if (type === 'd' && m[3] !== undefined) return null; // Python: precision not allowed with 'd'
  return {
    sign: (m[1] as Spec['sign'] | undefined) ?? '-',
    group: (m[2] as Spec['group'] | undefined) ?? '',
    precision: m[3] === undefined ? null : Number(m[3]),
    type,
  };
}

function grouped(digits: string, sep: string): string {
  if (!sep) return digits;
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

function formatOne(value: number, spec: Spec): string {
  const negative = value < 0 || Object.is(value, -0);
  const abs = Math.abs(value);
  let body: string;
  if (Number.isNaN(value)) body = spec.type === 'F' || spec.type === 'E' ? 'NAN' : 'nan';
  else if (!Number.isFinite(value)) body = spec.type === 'F' || spec.type === 'E' ? 'INF' : 'inf';
  else if (spec.type === 'e' || spec.type === 'E') {
    const [mantissa = '', exp = '0'] = abs.toExponential(spec.precision ?? 6).split('e');
    const n = Number(exp);
    body = `${mantissa}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
    if (spec.type === 'E') body = body.toUpperCase();
  } else {
    const scaled = spec.type === '%' ? abs * 100 : abs;
    const fixed = spec.type === 'd' ? scaled.toFixed(0) : scaled.toFixed(spec.precision ?? 6);
    const [int = '', frac] = fixed.split('.');
    body = grouped(int, spec.group) + (frac !== undefined ? `.${frac}` : '');
    if (spec.type === '%') body += '%';
  }
  const sign = negative && !Number.isNaN(value) ? '-' : spec.sign === '-' ? '' : spec.sign;
  return sign + body;
}

/**
 * The column formatted, or null when Superset would send it as it is (a spec Python refuses,
 * a value it cannot format: text, a missing value in a column of whole numbers, a fraction
 * with `d`).
 */
export function pythonFormatColumn(values: readonly FormatCell[], format: string): string[] | null {
  const spec = parseSpec(format);
  if (!spec) return null;
  const numbers = values.filter((v) => v !== null);
  if (numbers.length === 0 || numbers.some((v) => typeof v !== 'number')) return null;
  // pandas holds a column of numbers with missing values as floats: NaN, which 'd' refuses.
  if (
    spec.type === 'd' &&
    (numbers.length < values.length || numbers.some((v) => !Number.isInteger(v)))
  )
    return null;
  return values.map((v) => formatOne(typeof v === 'number' ? v : Number.NaN, spec));
}
