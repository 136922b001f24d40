import { describe, expect, it } from 'vitest';
import { GenericDataType } from '@strata/core';
import type { ResultColumn } from '@strata/core';
import {
  CELL_TEXT_MAX,
  LruPageCache,
  MAX_SCROLL_HEIGHT,
  RowPager,
  cellDisplay,
  columnKind,
  compareValues,
  columnWidthPlan,
  estimateColumnWidths,
  fitColumnWidths,
  nextWidthSample,
  headerTextWidth,
  exportText,
  filterRowIndexes,
  nextSort,
  rowNumberWidth,
  rowSearchTexts,
  rowTop,
  sampleRows,
  scrollTopForRow,
  scrollWindow,
  sortRowIndexes,
  toCsv,
  toTsv,
  valueText,
} from './resultsGrid';
import type { Row } from './resultsGrid';

function col(name: string, type_generic: number | null = null, type: string | null = null) {
  const c: ResultColumn = { column_name: name, name, type, type_generic, is_dttm: false };
  return c;
}

describe('cells', () => {
  it('shows values as text: NULL, JSON, ISO dates', () => {
    expect(valueText(null)).toBe('NULL');
    expect(valueText(undefined)).toBe('NULL');
    expect(valueText(12.5)).toBe('12.5');
    expect(valueText(true)).toBe('true');
    expect(valueText(10n)).toBe('10');
    expect(valueText({ a: [1, 2], b: null })).toBe('{"a":[1,2],"b":null}');
    expect(valueText({ big: 2n })).toBe('{"big":"2"}');
    expect(valueText(new Date('2024-01-02T03:04:05Z'))).toBe('2024-01-02T03:04:05.000Z');
  });

  it('keeps display text on one line and short', () => {
    expect(cellDisplay(null)).toEqual({ text: 'NULL', isNull: true, truncated: false });
    expect(cellDisplay('a\nb\tc')).toEqual({ text: 'a b c', isNull: false, truncated: false });
    const long = cellDisplay('x'.repeat(CELL_TEXT_MAX + 5));
    expect(long.text).toHaveLength(CELL_TEXT_MAX);
    expect(long.truncated).toBe(true);
  });

  it('exports NULL as an empty field', () => {
    expect(exportText(null)).toBe('');
    expect(exportText('NULL')).toBe('NULL');
  });
});

describe('column kinds', () => {
  it('follows the generic type first', () => {
    expect(columnKind(col('a', GenericDataType.NUMERIC))).toBe('number');
    expect(columnKind(col('a', GenericDataType.TEMPORAL))).toBe('temporal');
    expect(columnKind(col('a', GenericDataType.BOOLEAN))).toBe('boolean');
    expect(columnKind(col('a', GenericDataType.STRING), [1, 2])).toBe('string');
  });

  it('then the database type, then the values', () => {
    expect(columnKind(col('a', null, 'BIGINT'))).toBe('number');
    expect(columnKind(col('a', null, 'DECIMAL(10,2)'))).toBe('number');
    expect(columnKind(col('a', null, 'TIMESTAMP WITH TIME ZONE'))).toBe('temporal');
    expect(columnKind(col('a', null, 'INTERVAL'))).toBe('string');
    expect(columnKind(col('a', null, 'BOOLEAN'))).toBe('boolean');
    expect(columnKind(col('a'), [1, null, 2.5])).toBe('number');
    expect(columnKind(col('a'), [true, false])).toBe('boolean');
    expect(columnKind(col('a'), [1, 'x'])).toBe('string');
    expect(columnKind(col('a'), [null])).toBe('string');
  });
});

describe('sorting', () => {
  it('cycles a header through ascending, descending and none', () => {
    let s = nextSort(null, 'a');
    expect(s).toEqual({ column: 'a', direction: 'asc' });
    s = nextSort(s, 'a');
    expect(s).toEqual({ column: 'a', direction: 'desc' });
    expect(nextSort(s, 'a')).toBeNull();
    expect(nextSort(s, 'b')).toEqual({ column: 'b', direction: 'asc' });
  });

  it('compares numbers, numeric text, dates and text; nulls last', () => {
    expect(compareValues(2, 10, 'number')).toBeLessThan(0);
    expect(compareValues('9', '10', 'number')).toBeLessThan(0); // BIGINT as text
    expect(compareValues(null, 1, 'number')).toBeGreaterThan(0);
    expect(compareValues(1, undefined, 'number')).toBeLessThan(0);
    expect(compareValues(null, null, 'number')).toBe(0);
    expect(compareValues('2024-02-01', '2024-10-01', 'temporal')).toBeLessThan(0);
    expect(
      compareValues(new Date('2025-01-01'), new Date('2024-01-01'), 'temporal'),
    ).toBeGreaterThan(0);
    expect(compareValues('item 2', 'item 10', 'string')).toBeLessThan(0);
    expect(compareValues('apple', 'Banana', 'string')).toBeLessThan(0);
    expect(compareValues(false, true, 'boolean')).toBeLessThan(0);
    // Numbers come before text that is not a number.
    expect(compareValues(5, 'n/a', 'number')).toBeLessThan(0);
  });

  it('sorts row positions stably with nulls last in both directions', () => {
    const rows: Row[] = [{ v: 3 }, { v: null }, { v: 1 }, { v: 3 }, { v: 2 }];
    expect(sortRowIndexes(rows, 'v', 'asc', 'number')).toEqual([2, 4, 0, 3, 1]);
    expect(sortRowIndexes(rows, 'v', 'desc', 'number')).toEqual([0, 3, 4, 2, 1]);
    expect(sortRowIndexes(rows, 'v', 'asc', 'number', [1, 3, 2])).toEqual([2, 3, 1]);
  });

  it('sorts a hundred thousand rows quickly', () => {
    const rows: Row[] = Array.from({ length: 100_000 }, (_, i) => ({ v: (i * 7919) % 100_003 }));
    const started = performance.now();
    const sorted = sortRowIndexes(rows, 'v', 'asc', 'number');
    // Far above the usual time: catches a quadratic sort, not a busy machine.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(rows[sorted[0]!]!.v).toBe(0);
  });
});

describe('filtering', () => {
  const rows: Row[] = [
    { name: 'Alice', city: 'Paris', n: 1 },
    { name: 'Bob', city: null, n: 22 },
    { name: 'Carol', city: 'Lyon', n: { x: 'paris' } },
  ];

  it('keeps rows with the text in any cell, ignoring case', () => {
    expect(filterRowIndexes(rows, ['name', 'city', 'n'], 'paris')).toEqual([0, 2]);
    expect(filterRowIndexes(rows, ['name', 'city', 'n'], '22')).toEqual([1]);
    expect(filterRowIndexes(rows, ['name', 'city', 'n'], 'null')).toEqual([1]);
    expect(filterRowIndexes(rows, ['name'], 'paris')).toEqual([]);
    expect(filterRowIndexes(rows, ['name'], '  ')).toEqual([0, 1, 2]);
  });

  it('filters on prepared row texts the same way', () => {
    const names = ['name', 'city', 'n'];
    const texts = rowSearchTexts(rows, names);
    for (const needle of ['paris', '22', 'null', 'ALICE', 'x']) {
      expect(filterRowIndexes(rows, names, needle, texts)).toEqual(
        filterRowIndexes(rows, names, needle),
      );
    }
  });
});

describe('column widths', () => {
  it('fits the header or the values, within bounds', () => {
    const rows: Row[] = Array.from({ length: 100 }, (_, i) => ({
      id: i,
      a_rather_long_column_name: 1,
      text: i === 0 ? 'x'.repeat(5000) : 'short text',
    }));
    const [id, longHeader, text] = estimateColumnWidths(
      [col('id'), col('a_rather_long_column_name'), col('text')],
      rows,
    );
    expect(id).toBeLessThan(72);
    expect(longHeader).toBeGreaterThan(200);
    // One huge value does not widen the column to the maximum.
    expect(text).toBeLessThan(150);
    const [wide] = estimateColumnWidths([col('t')], [{ t: 'y'.repeat(500) }]);
    expect(wide).toBe(420);
  });

  it('makes room for capital headers and the sort icon', () => {
    const [country, longitude] = estimateColumnWidths(
      [col('COUNTRY'), col('LONGITUDE')],
      [{ COUNTRY: 'USA', LONGITUDE: -75.4404 }],
    );
    expect(country).toBeGreaterThanOrEqual(7 * 9.8 + 30);
    expect(longitude).toBeGreaterThanOrEqual(9 * 9.8 + 30);
    expect(headerTextWidth('abc')).toBeLessThan(headerTextWidth('ABC'));
  });

  it('fits the longest number, with room to grow', () => {
    const rows: Row[] = [{ n: 5 }, { n: 1234567890 }, { n: 7 }];
    const [asText] = estimateColumnWidths([col('n')], rows);
    const [asNumber] = estimateColumnWidths([col('n')], rows, {}, ['number']);
    expect(asNumber).toBeGreaterThan(asText!);
    expect(asNumber).toBeGreaterThanOrEqual(12 * 7.4);
  });

  it('samples rows across the whole array', () => {
    const rows: Row[] = Array.from({ length: 1000 }, (_, i) => ({ i }));
    const sample = sampleRows(rows, 10);
    expect(sample).toHaveLength(10);
    expect(sample[0]).toBe(rows[0]);
    expect(sample[9]!.i as number).toBeGreaterThan(800);
    expect(sampleRows(rows.slice(0, 3), 10)).toHaveLength(3);
  });

  it('sizes the row number column for the count', () => {
    expect(rowNumberWidth(9)).toBe(44);
    expect(rowNumberWidth(1_000_000)).toBeGreaterThan(rowNumberWidth(1000));
  });
});

describe('page cache', () => {
  it('evicts the least recently used page beyond its capacity', () => {
    const cache = new LruPageCache<string>(2);
    cache.set(1, 'one');
    cache.set(2, 'two');
    expect(cache.get(1)).toBe('one'); // 1 is now the most recent
    expect(cache.set(3, 'three')).toEqual([2]);
    expect(cache.has(2)).toBe(false);
    expect(cache.keys()).toEqual([1, 3]);
    expect(cache.size).toBe(2);
  });

  it('keeps pages on screen even when over capacity', () => {
    const cache = new LruPageCache<string>(1);
    cache.set(1, 'one');
    expect(cache.set(2, 'two', new Set([1]))).toEqual([]);
    expect(cache.size).toBe(2);
    expect(cache.set(3, 'three')).toEqual([1, 2]);
    expect(cache.peek(3)).toBe('three');
  });

  it('refuses a capacity below one', () => {
    expect(() => new LruPageCache(0)).toThrow();
  });
});

describe('row pager', () => {
  const PAGE = 10;
  const makeRows = (from: number, n: number): Row[] =>
    Array.from({ length: n }, (_, k) => ({ i: from + k }));

  function pager(total: number, initial: number, maxPages = 3, fail?: (offset: number) => boolean) {
    const calls: Array<[number, number]> = [];
    let changes = 0;
    const resolvers: Array<() => void> = [];
    const p = new RowPager({
      initialRows: makeRows(0, initial),
      totalRows: total,
      pageSize: PAGE,
      maxPages,
      concurrency: 2,
      loadRows: (offset, limit) => {
        calls.push([offset, limit]);
        return new Promise<Row[]>((resolve, reject) => {
          resolvers.push(() =>
            fail?.(offset)
              ? reject(new Error(`no rows at ${offset}`))
              : resolve(makeRows(offset, Math.min(limit, total - offset))),
          );
        });
      },
      onChange: () => {
        changes += 1;
      },
    });
    const flush = async () => {
      while (resolvers.length) {
        resolvers.shift()!();
        await new Promise((r) => setTimeout(r, 0));
      }
    };
    return { p, calls, flush, changes: () => changes };
  }

  it('serves the initial rows without fetching', () => {
    const { p, calls } = pager(100, 10);
    p.ensureRange(0, 5);
    expect(calls).toEqual([]);
    expect(p.row(5)).toEqual({ i: 5 });
    expect(p.status(5)).toBe('ready');
    expect(p.reachableRows).toBe(100);
    expect(p.complete).toBe(false);
  });

  it('fetches the pages in view, and the next one near the end of a page', async () => {
    const { p, calls, flush, changes } = pager(100, 10);
    p.ensureRange(25, 38);
    expect(calls).toEqual([
      [20, 10],
      [30, 10],
    ]);
    expect(p.status(25)).toBe('loading');
    await flush();
    // The next page (40…49) was wanted too, and fetched once a slot was free.
    expect(calls).toEqual([
      [20, 10],
      [30, 10],
      [40, 10],
    ]);
    expect(p.row(25)).toEqual({ i: 25 });
    expect(p.row(45)).toEqual({ i: 45 });
    expect(changes()).toBe(3);
  });

  it('forgets pages scrolled past before their turn', async () => {
    const { p, calls, flush } = pager(1000, 10);
    p.ensureRange(100, 105);
    p.ensureRange(300, 305);
    p.ensureRange(900, 905);
    // Two slots: pages 10 and 30 started; page 90 waits, page 30's neighbours are forgotten.
    expect(calls.map((c) => c[0])).toEqual([100, 300]);
    await flush();
    expect(calls.map((c) => c[0])).toEqual([100, 300, 900]);
  });

  it('holds at most maxPages pages', async () => {
    const { p, flush } = pager(1000, 0, 2);
    for (const start of [0, 100, 200, 300]) {
      p.ensureRange(start, start + 2);
      await flush();
    }
    expect(p.cachedPages).toBe(2);
    expect(p.row(1)).toBeUndefined();
    expect(p.row(301)).toEqual({ i: 301 });
  });

  it('reports failed pages and fetches them again on retry', async () => {
    let failing = true;
    const { p, calls, flush } = pager(100, 10, 3, () => failing);
    p.ensureRange(12, 14);
    await flush();
    expect(p.status(12)).toBe('error');
    expect(p.error).toBe('no rows at 10');
    failing = false;
    p.retry();
    await flush();
    expect(calls.map((c) => c[0])).toEqual([10, 10]);
    expect(p.status(12)).toBe('ready');
    expect(p.error).toBeNull();
  });

  it('loads every row for sorting a small result', async () => {
    const { p, flush } = pager(35, 10);
    const all = p.loadAll();
    await flush();
    const rows = await all;
    expect(rows.map((r) => r.i)).toEqual(Array.from({ length: 35 }, (_, i) => i));
    expect(p.complete).toBe(true);
    expect(p.row(34)).toEqual({ i: 34 });
  });

  it('gives the rows held without a gap', async () => {
    const { p, flush } = pager(100, 10);
    p.ensureRange(10, 12);
    await flush();
    p.ensureRange(40, 42);
    await flush();
    expect(p.contiguousRows()).toHaveLength(20);
  });

  it('drops answers after dispose, and works again once activated', async () => {
    const { p, calls, flush, changes } = pager(100, 0);
    p.ensureRange(0, 5);
    p.dispose();
    await flush();
    expect(changes()).toBe(0);
    expect(p.row(0)).toBeUndefined();
    p.activate();
    p.ensureRange(0, 5);
    await flush();
    expect(calls.map((c) => c[0])).toEqual([0, 0]);
    expect(p.row(0)).toEqual({ i: 0 });
  });

  it('reaches only the initial rows without a loader', () => {
    const p = new RowPager({
      initialRows: makeRows(0, 5),
      totalRows: 50,
      pageSize: 10,
      maxPages: 2,
    });
    expect(p.reachableRows).toBe(5);
    p.ensureRange(0, 40);
    expect(p.status(20)).toBe('missing');
  });
});

describe('scroll window', () => {
  it('renders the rows in view plus overscan', () => {
    const w = scrollWindow({
      count: 1000,
      rowHeight: 20,
      viewport: 200,
      scrollTop: 400,
      overscan: 2,
    });
    expect(w.factor).toBe(1);
    expect(w.spacerHeight).toBe(20_000);
    expect([w.first, w.last]).toEqual([18, 32]);
    expect(rowTop(20, 20, w, 400)).toBe(400);
  });

  it('handles an empty grid', () => {
    const w = scrollWindow({ count: 0, rowHeight: 20, viewport: 200, scrollTop: 0 });
    expect([w.first, w.last, w.spacerHeight]).toEqual([0, -1, 0]);
  });

  it('maps the scroll bar onto rows taller than the browser allows', () => {
    const count = 1_000_000;
    const rowHeight = 28;
    const viewport = 500;
    const top = scrollWindow({ count, rowHeight, viewport, scrollTop: 0 });
    expect(top.spacerHeight).toBe(MAX_SCROLL_HEIGHT);
    expect(top.factor).toBeCloseTo((count * rowHeight - viewport) / (MAX_SCROLL_HEIGHT - viewport));
    expect(top.factor).toBeGreaterThan(1);
    expect(top.first).toBe(0);
    const bottom = scrollWindow({
      count,
      rowHeight,
      viewport,
      scrollTop: MAX_SCROLL_HEIGHT - viewport,
    });
    expect(bottom.last).toBe(count - 1);
    // The last row sits at the bottom of the viewport.
    expect(rowTop(count - 1, rowHeight, bottom, MAX_SCROLL_HEIGHT - viewport) + rowHeight).toBe(
      MAX_SCROLL_HEIGHT,
    );
  });

  it('finds the scroll position that shows a row', () => {
    const w = scrollWindow({ count: 100, rowHeight: 20, viewport: 100, scrollTop: 200 });
    expect(scrollTopForRow(12, 20, 100, w)).toBeNull();
    expect(scrollTopForRow(5, 20, 100, w)).toBe(100);
    expect(scrollTopForRow(20, 20, 100, w)).toBe(320);
    const tall = scrollWindow({ count: 1_000_000, rowHeight: 28, viewport: 500, scrollTop: 0 });
    const target = scrollTopForRow(500_000, 28, 500, tall)!;
    const after = scrollWindow({
      count: 1_000_000,
      rowHeight: 28,
      viewport: 500,
      scrollTop: target,
    });
    expect(after.first).toBeLessThanOrEqual(500_000);
    expect(after.last).toBeGreaterThanOrEqual(500_000);
  });
});

describe('CSV and TSV', () => {
  const rows: Row[] = [
    { a: 1, b: 'plain', c: null },
    { a: 2, b: 'with, comma', c: 'say "hi"' },
    { a: 3, b: 'two\nlines', c: { k: 'v' } },
  ];

  it('writes RFC 4180 CSV', () => {
    expect(toCsv(['a', 'b', 'c'], rows)).toBe(
      'a,b,c\r\n1,plain,\r\n2,"with, comma","say ""hi"""\r\n3,"two\nlines","{""k"":""v""}"',
    );
  });

  it('writes TSV for the clipboard', () => {
    expect(toTsv(['j', 'q'], [{ j: { k: 'v' }, q: '"quoted" start' }])).toBe(
      'j\tq\n{"k":"v"}\t"""quoted"" start"',
    );
    expect(toTsv(['a', 'b'], [{ a: 'x\ty', b: 'with, comma' }])).toBe('a\tb\n"x\ty"\twith, comma');
  });
});

describe('column widths that fill the grid', () => {
  const names = (n: number) => Array.from({ length: n }, (_, i) => col(`c${i}`));

  it('plans a base (most values) and a full width (the widest value)', () => {
    const rows: Row[] = Array.from({ length: 100 }, (_, i) => ({
      name: i === 0 ? 'Christopher Columbus the Younger' : 'Ann',
    }));
    const plan = columnWidthPlan([col('name')], rows);
    expect(plan.full[0]).toBeGreaterThan(plan.base[0]!);
    expect(plan.full[0]).toBe(Math.round(32 * 7.4 + 24));
    const huge = columnWidthPlan([col('t')], [{ t: 'z'.repeat(500) }]);
    expect(huge).toEqual({ base: [420], full: [900] });
  });

  it('measures with the given function when there is one', () => {
    const wide = columnWidthPlan([col('t')], [{ t: 'abc' }], { measure: (t) => t.length * 30 });
    const narrow = columnWidthPlan([col('t')], [{ t: 'abc' }], { measure: (t) => t.length * 2 });
    expect(wide.base[0]).toBe(114);
    expect(narrow.base[0]).toBe(64);
  });

  it('grows columns to their widest value when the grid has room', () => {
    expect(fitColumnWidths({ base: [100, 80], full: [200, 80] }, 1000)).toEqual([200, 80]);
  });

  it('shares the room in proportion to what each column lacks', () => {
    const w = fitColumnWidths({ base: [100, 100], full: [300, 200] }, 350);
    expect(w).toEqual([200, 150]);
    expect(w[0]! + w[1]!).toBeLessThanOrEqual(350);
  });

  it('never goes below the base widths in a narrow grid', () => {
    expect(fitColumnWidths({ base: [100, 100], full: [300, 300] }, 120)).toEqual([100, 100]);
    expect(fitColumnWidths({ base: [], full: [] }, 500)).toEqual([]);
  });

  it('keeps the first rows of a result as the sample while more rows stream in', () => {
    const first: Row[] = [{ a: 'x' }];
    const more: Row[] = [{ a: 'x' }, { a: 'a much longer value' }];
    const empty = { key: 'a', rows: [] as Row[] };
    const started = nextWidthSample(empty, 'a', first);
    expect(started).toEqual({ key: 'a', rows: first });
    expect(nextWidthSample(started, 'a', more)).toBe(started);
    expect(nextWidthSample(started, 'a\u0000b', more)).toEqual({ key: 'a\u0000b', rows: more });
    expect(nextWidthSample(empty, 'a', [])).toBe(empty);
  });

  it('keeps the base when no value is wider than it', () => {
    const plan = columnWidthPlan(names(3), [{ c0: 1, c1: 2, c2: 3 }]);
    expect(fitColumnWidths(plan, 2000)).toEqual(plan.base);
  });
});
