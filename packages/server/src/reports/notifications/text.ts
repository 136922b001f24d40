/**
 * Pure text helpers shared by the notifiers (issue 18): recipient lists, attachment file
 * names, HTML and Slack escaping, the TEXT format's table as HTML and as a monospace block.
 */
import type { NotificationContent } from './types.js';

/** The link text back to the chart or dashboard (Superset's "Explore in Superset"). */
export const CALL_TO_ACTION = 'Explore in Strata';

/** The line an alert's message opens with. */
export function alertLine(name: string): string {
  return `Alert "${name}" was triggered.`;
}

export type ReportTable = NonNullable<NotificationContent['table']>;
type Cell = ReportTable['rows'][number][number];

/** `a@x.org; b@x.org,c@x.org` → three addresses (Superset's recipients_string_to_list). */
export function splitRecipients(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

// eslint-disable-next-line no-control-regex -- control characters are what it removes
const UNSAFE_FILE_CHARS = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

/**
 * A file name for an attachment made of the report's name: path separators, control and
 * reserved characters replaced by `_`, no leading or trailing dots/spaces, at most 100
 * characters before the extension; `report` when nothing is left.
 */
export function safeFileName(name: string, extension: string): string {
  let base = name.replace(UNSAFE_FILE_CHARS, '_').replace(/\s+/g, ' ');
  base = base.replace(/^[\s.]+|[\s.]+$/g, '');
  base = Array.from(base).slice(0, 100).join('').trim();
  if (base === '' || /^_+$/.test(base)) base = 'report';
  return `${base}.${extension}`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an HTML element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * Slack's three control characters escaped (its documented rule for message text), so a
 * report's name, description or data cannot mention `<!channel>` or forge a link.
 */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A cell as text: null is empty (pandas' `na_rep=""`), the rest as JavaScript prints it. */
export function cellText(value: Cell): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The TEXT format's table as an HTML table, every header and cell escaped. */
export function tableHtml(table: ReportTable): string {
  const head = table.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const body = table.rows
    .map((row) => {
      const cells = table.columns.map((_, i) => `<td>${escapeHtml(cellText(row[i] ?? null))}</td>`);
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<table border="1" class="dataframe">\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** Tab-separated lines of the table, for a mail's plain-text part. */
export function tableTsv(table: ReportTable): string {
  const clean = (s: string): string => s.replace(/[\t\r\n]+/g, ' ');
  const lines = [table.columns.map(clean).join('\t')];
  for (const row of table.rows) {
    lines.push(table.columns.map((_, i) => clean(cellText(row[i] ?? null))).join('\t'));
  }
  return lines.join('\n');
}

/**
 * The first `count` rows as a pipe table padded to the widest cell (pandas' `to_markdown`
 * look), with a row of `...` after them when `ellipsis`.
 */
export function markdownTable(table: ReportTable, count: number, ellipsis = false): string {
  const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|');
  const rows = table.rows
    .slice(0, count)
    .map((row) => table.columns.map((_, i) => oneLine(cellText(row[i] ?? null))));
  if (ellipsis) rows.push(table.columns.map(() => '...'));
  const header = table.columns.map(oneLine);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/**
 * The table as a code block for a message whose total length must stay within `limit`
 * (Slack's markdown is rendered up to 4,000 characters): `render(block)` builds the whole
 * message. All rows when they fit; else as many as fit followed by a `...` row and
 * "(table was truncated)"; no table at all when not even the header fits.
 */
export function fitTableBlock(
  table: ReportTable,
  render: (block: string) => string,
  limit: number,
): string {
  const full = render(`\`\`\`\n${markdownTable(table, table.rows.length)}\n\`\`\``);
  if (full.length <= limit) return full;
  const truncated = (k: number): string =>
    render(`\`\`\`\n${markdownTable(table, k, true)}\n\`\`\`\n\n(table was truncated)`);
  // The message grows with the rows kept: the largest k that fits, by bisection.
  let lo = -1;
  let hi = table.rows.length - 1;
  while (lo < hi) {
    const mid = lo + Math.ceil((hi - lo) / 2);
    if (truncated(mid).length <= limit) lo = mid;
    else hi = mid - 1;
  }
  return lo >= 0 ? truncated(lo) : render('');
}
