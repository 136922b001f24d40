import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import TableChart from './TableChart.js';
import type { TableColumn, TableProps } from './transformProps.js';

const format = (v: unknown) => (v === null || v === undefined ? 'N/A' : String(v));
const state: TableColumn = {
  key: 'state',
  label: 'State',
  kind: 'dimension',
  numeric: false,
  temporal: false,
  align: 'left',
  showCellBars: false,
  format,
  range: null,
};
const births: TableColumn = {
  key: 'births',
  label: 'Births',
  kind: 'metric',
  numeric: true,
  temporal: false,
  align: 'right',
  showCellBars: true,
  format,
  range: [-5, 100],
};

function rows(n: number) {
  return Array.from({ length: n }, (_, i) => ({ state: `S${i}`, births: i - 2 }));
}

function render(over: Partial<TableProps> = {}): string {
  const props: TableProps = {
    width: 600,
    height: 400,
    columns: [state, births],
    data: rows(3),
    totals: null,
    pageSize: 0,
    includeSearch: false,
    alignPositiveNegative: false,
    colorPositiveNegative: true,
    allowRearrangeColumns: false,
    cellColor: () => undefined,
    ...over,
  };
  return renderToStaticMarkup(<TableChart {...props} />);
}

const bodyRows = (html: string) => html.split('<tr class="strata-table-row"').length - 1;

describe('TableChart', () => {
  it('renders a sized table with sort buttons in the header and a row per record', () => {
    const html = render();
    expect(html).toMatch(/^<div style="[^"]*width:600px;height:400px" data-test="table-chart">/);
    expect(html).toContain('<table class="strata-table-chart"');
    expect(html.match(/<button type="button"/g)).toHaveLength(2);
    expect(html).toContain('<span style="flex:1 1 auto">State</span>');
    expect(html).toContain('<span style="flex:1 1 auto">Births</span>');
    expect(html).not.toContain('aria-sort');
    expect(bodyRows(html)).toBe(3);
    expect(html).toContain('>S2</td>');
    // The style rule for the hovered row, once.
    expect(html.match(/<style>/g)).toHaveLength(1);
    // Negative metric values in red, with their cell bar.
    expect(html).toMatch(/<td style="[^"]*linear-gradient[^"]*color:#E04355[^"]*">-2<\/td>/);
  });

  it('marks the selected dimension value and makes dimension cells clickable', () => {
    const html = render({
      onDimensionClick: () => undefined,
      isSelected: (column, value) => column === 'state' && value === 'S1',
    });
    expect(html.match(/data-selected="true"/g)).toHaveLength(1);
    expect(html).toMatch(
      /<td style="[^"]*cursor:pointer;background:#d6eef3;font-weight:600" data-selected="true">S1<\/td>/,
    );
  });

  it('colours cells from the conditional formatting', () => {
    const html = render({
      cellColor: (c, v) => (c === 'births' && v === 0 ? '#abcdef' : undefined),
    });
    expect(html).toMatch(/background:#abcdef[^"]*">0<\/td>/);
  });

  it('shows the summary row in the footer', () => {
    const html = render({ totals: { births: 97 } });
    expect(html).toMatch(
      /<tfoot><tr><td [^>]*><strong>Summary<\/strong><\/td><td [^>]*><strong>97<\/strong>/,
    );
  });

  it('shows "No data" without rows and "No columns" without columns', () => {
    const empty = render({ data: [] });
    expect(empty).toContain('No data');
    expect(bodyRows(empty)).toBe(0);
    const none = render({ columns: [] });
    expect(none).toContain('No columns');
    expect(none).toContain('data-test="table-chart"');
    expect(none).not.toContain('<table');
  });

  it('shows the search box', () => {
    const html = render({ includeSearch: true, data: rows(7) });
    expect(html).toContain('placeholder="Search 7 records"');
    expect(html).toContain('aria-label="Search table"');
  });

  it('renders every row of a short unpaged table and only some of a long one', () => {
    expect(bodyRows(render({ data: rows(50) }))).toBe(50);
    const long = render({ data: rows(250) });
    expect(bodyRows(long)).toBeLessThan(250);
    expect(bodyRows(long)).toBeGreaterThan(0);
    // A spacer row stands for the rows not rendered.
    expect(long).toMatch(/<tr aria-hidden="true"><td colspan="2" style="height:\d+px;padding:0">/i);
  });

  it('pages the rows with a pager', () => {
    const html = render({ data: rows(25), pageSize: 10 });
    expect(bodyRows(html)).toBe(10);
    expect(html).toContain('ant-pagination');
    expect(html).toContain('>S9</td>');
    expect(html).not.toContain('>S10</td>');
    // No pager when one page holds them all.
    expect(render({ data: rows(10), pageSize: 10 })).not.toContain('ant-pagination');
  });
});
