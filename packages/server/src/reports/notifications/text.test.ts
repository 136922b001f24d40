import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  escapeSlack,
  fitTableBlock,
  markdownTable,
  safeFileName,
  splitRecipients,
  tableHtml,
} from './text.js';

describe('splitRecipients', () => {
  it('splits on , and ; and trims, dropping empty entries', () => {
    expect(splitRecipients(' a@x.org;b@x.org , c@x.org;; ')).toEqual([
      'a@x.org',
      'b@x.org',
      'c@x.org',
    ]);
    expect(splitRecipients(undefined)).toEqual([]);
    expect(splitRecipients('')).toEqual([]);
  });
});

describe('safeFileName', () => {
  it('keeps letters, digits, spaces and accents; replaces separators and reserved characters', () => {
    expect(safeFileName('Ventes été 2026', 'pdf')).toBe('Ventes été 2026.pdf');
    expect(safeFileName('../../etc/passwd', 'csv')).toBe('_.._etc_passwd.csv');
    expect(safeFileName('a\\b:c*d?e"f<g>h|i\u0000j', 'png')).toBe('a_b_c_d_e_f_g_h_i_j.png');
    expect(safeFileName('  .hidden. ', 'csv')).toBe('hidden.csv');
  });
  it('falls back to "report" and caps the length', () => {
    expect(safeFileName('///', 'pdf')).toBe('report.pdf');
    expect(safeFileName('', 'pdf')).toBe('report.pdf');
    expect(safeFileName('x'.repeat(300), 'pdf')).toBe(`${'x'.repeat(100)}.pdf`);
  });
});

describe('escaping', () => {
  it('escapes HTML text and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
  it("escapes Slack's control characters only", () => {
    expect(escapeSlack('<!channel> & *bold* "q"')).toBe('&lt;!channel&gt; &amp; *bold* "q"');
  });
});

describe('tables', () => {
  const table = {
    columns: ['name', 'n'],
    rows: [
      ['<b>', 1],
      [null, true],
    ] as Array<Array<string | number | boolean | null>>,
  };

  it('renders an escaped HTML table, null as empty', () => {
    const html = tableHtml(table);
    expect(html).toContain('<tr><td>&lt;b&gt;</td><td>1</td></tr>');
    expect(html).toContain('<tr><td></td><td>true</td></tr>');
  });

  it('renders a padded pipe table', () => {
    expect(markdownTable(table, 2)).toBe(
      ['| name | n    |', '|------|------|', '| <b>  | 1    |', '|      | true |'].join('\n'),
    );
    expect(markdownTable(table, 1, true).split('\n').at(-1)).toBe('| ...  | ... |');
  });

  it('keeps the whole table when it fits, else as many rows as fit and says so', () => {
    const render = (block: string) => `*Title*\n\n${block}`;
    expect(fitTableBlock(table, render, 4000)).toBe(
      render('```\n' + markdownTable(table, 2) + '\n```'),
    );
    const big = {
      columns: ['id', 'label'],
      rows: Array.from({ length: 500 }, (_, i) => [i, `row number ${i}`]),
    };
    const message = fitTableBlock(big, render, 4000);
    expect(message.length).toBeLessThanOrEqual(4000);
    expect(message).toContain('(table was truncated)');
    expect(message).toContain('| ... | ...');
    const kept = message.split('\n').filter((l) => /^\| \d+ /.test(l)).length;
    expect(kept).toBeGreaterThan(50);
    // one more row would not have fitted
    expect(
      render('```\n' + markdownTable(big, kept + 1, true) + '\n```\n\n(table was truncated)')
        .length,
    ).toBeGreaterThan(4000);
  });

  it('leaves the table out when not even its header fits', () => {
    const wide = { columns: ['x'.repeat(5000)], rows: [['1']] };
    expect(fitTableBlock(wide, (b) => `T${b}`, 4000)).toBe('T');
  });
});
