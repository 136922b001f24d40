import { describe, expect, it } from 'vitest';
import { categoricalScheme } from '../../color/schemes.js';
import type { ChartProps } from '../../plugin.js';
import { wordCloudPlugin } from './index.js';
import {
  MAX_SCALE_FACTOR,
  nextScaleFactor,
  requiredTexts,
  seededRandom,
  wordRotation,
} from './layout.js';

const fd = {
  datasource: '3__table',
  viz_type: 'word_cloud',
  series: 'name',
  metric: 'count',
  adhoc_filters: [
    {
      expressionType: 'SIMPLE' as const,
      subject: 'gender',
      operator: '==',
      comparator: 'girl',
      clause: 'WHERE' as const,
    },
  ],
  row_limit: 100,
  sort_by_metric: true,
  time_range: 'No filter',
};

const props = (extra: Record<string, unknown> = {}, data?: Array<Record<string, unknown>>) =>
  ({
    width: 600,
    height: 400,
    formData: { ...fd, ...extra },
    queriesData: [
      {
        data: data ?? [
          { name: 'Anna', count: 50 },
          { name: 'Zoe', count: 100 },
          { name: null, count: 0 },
          { name: 'Mia', count: 25 },
        ],
        colnames: ['name', 'count'],
        coltypes: [1, 0],
        rowcount: 4,
      },
    ],
    datasource: { id: 3, type: 'table', columns: [], metrics: [] },
  }) as ChartProps;

describe('word_cloud buildQuery', () => {
  it('queries the metric by the single dimension, sorted by the metric', () => {
    const ctx = wordCloudPlugin.buildQuery(fd);
    expect(ctx.datasource).toEqual({ id: 3, type: 'table' });
    expect(ctx.queries).toHaveLength(1);
    expect(ctx.queries[0]).toMatchObject({
      columns: ['name'],
      metrics: ['count'],
      orderby: [['count', false]],
      row_limit: 100,
      filters: [{ col: 'gender', op: '==', val: 'girl' }],
      time_range: 'No filter',
    });
  });

  it('does not order when sort_by_metric is off, and ignores leftover fields', () => {
    const q = wordCloudPlugin.buildQuery({
      ...fd,
      sort_by_metric: false,
      groupby: ['stale'],
      metrics: ['stale_metric'],
    }).queries[0]!;
    expect(q.columns).toEqual(['name']);
    expect(q.metrics).toEqual(['count']);
    expect(q.orderby).toEqual([]);
  });

  it('sorts by an adhoc metric', () => {
    const metric = {
      expressionType: 'SQL',
      sqlExpression: 'SUM(num)',
      label: 'total',
    };
    const q = wordCloudPlugin.buildQuery({ ...fd, metric }).queries[0]!;
    expect(q.metrics).toEqual([metric]);
    expect(q.orderby).toEqual([[metric, false]]);
  });
});

describe('word_cloud transformProps', () => {
  it('makes one word per row, largest first, sized linearly from zero', () => {
    const { words, empty } = wordCloudPlugin.transformProps(props({ size_from: 10, size_to: 70 }));
    expect(empty).toBe(false);
    expect(words.map((w) => [w.text, w.value, w.size])).toEqual([
      ['Zoe', 100, 70],
      ['Anna', 50, 40],
      ['Mia', 25, 25],
      ['NULL', 0, 10],
    ]);
  });

  it('reads sizes given as text and colours words from the scheme', () => {
    const { words } = wordCloudPlugin.transformProps(
      props({ size_from: '20', size_to: '30', color_scheme: 'supersetColors' }),
    );
    expect(words[0]!.size).toBe(30);
    expect(words[3]!.size).toBe(20);
    const colors = categoricalScheme('supersetColors').colors;
    expect(words.map((w) => w.color)).toEqual(colors.slice(0, 4));
  });

  it('honours forced label colours', () => {
    const p = props();
    p.labelColors = { Mia: '#123456' };
    const mia = wordCloudPlugin.transformProps(p).words.find((w) => w.text === 'Mia');
    expect(mia?.color).toBe('#123456');
  });

  it('gives the largest size to every word when all values are equal', () => {
    const { words } = wordCloudPlugin.transformProps(
      props({}, [
        { name: 'a', count: 0 },
        { name: 'b', count: 0 },
      ]),
    );
    expect(words.map((w) => w.size)).toEqual([70, 70]);
  });

  it('rotates per mode, the same way every time', () => {
    const rotations = (rotation?: string) =>
      wordCloudPlugin
        .transformProps(props(rotation ? { rotation } : {}))
        .words.map((w) => w.rotate);
    expect(rotations('flat')).toEqual([0, 0, 0, 0]);
    for (const r of rotations('square')) expect([0, 90]).toContain(r);
    expect(rotations()).toEqual(rotations('square'));
    for (const r of rotations('random')) {
      expect(Math.abs(r % 30)).toBe(0);
      expect(Math.abs(r)).toBeLessThanOrEqual(90);
    }
    expect(rotations('random')).toEqual(rotations('random'));
    // the angle depends on the word, not on its position in the data
    expect(wordRotation('Zoe', 'random')).toBe(
      wordCloudPlugin.transformProps(props({ rotation: 'random' })).words[0]!.rotate,
    );
  });

  it('spreads square and random angles over the words', () => {
    const texts = Array.from({ length: 200 }, (_, i) => `word${i}`);
    expect(new Set(texts.map((t) => wordRotation(t, 'square')))).toEqual(new Set([0, 90]));
    expect(new Set(texts.map((t) => wordRotation(t, 'random')))).toEqual(
      new Set([-90, -60, -30, 0, 30, 60, 90]),
    );
    expect(wordRotation('x', 'unknown')).toBe(0);
  });

  it('is empty without rows', () => {
    expect(wordCloudPlugin.transformProps(props({}, []))).toEqual({
      width: 600,
      height: 400,
      words: [],
      empty: true,
    });
  });
});

describe('word_cloud fitting', () => {
  it('requires the top tenth of the words, at least ten', () => {
    const texts = Array.from({ length: 250 }, (_, i) => `w${i}`);
    expect(requiredTexts(texts)).toEqual(texts.slice(0, 25));
    expect(requiredTexts(texts.slice(0, 40))).toEqual(texts.slice(0, 10));
    expect(requiredTexts(['a', 'b'])).toEqual(['a', 'b']);
  });

  it('keeps a layout holding every required word', () => {
    expect(nextScaleFactor(['a', 'b', 'c'], ['a', 'b'], 1)).toBeNull();
  });

  it('shrinks and retries when a required word is missing, up to the maximum', () => {
    expect(nextScaleFactor(['a'], ['a', 'b'], 1)).toBe(1.5);
    expect(nextScaleFactor(['a'], ['a', 'b'], 2.5)).toBe(3);
    expect(nextScaleFactor(['a'], ['a', 'b'], MAX_SCALE_FACTOR)).toBe(3.5);
    expect(nextScaleFactor(['a'], ['a', 'b'], 3.5)).toBeNull();
    // the retry loop ends: at most six layouts
    let factor: number | null = 1;
    let runs = 0;
    while (factor !== null) {
      runs++;
      factor = nextScaleFactor([], ['a'], factor);
    }
    expect(runs).toBe(6);
  });

  it('draws the same random sequence for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const xs = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(xs);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
    expect(seededRandom(43)()).not.toBe(xs[0]);
  });
});
