/**
 * The word cloud: d3-cloud places the words (measuring them on an off-screen canvas) after
 * render; when a top word is left out, the fonts shrink and the layout runs again. The placed
 * words are drawn as SVG text (React text nodes) in a group centred in the box.
 */
import { Empty } from 'antd';
import cloud from 'd3-cloud';
import { useEffect, useState } from 'react';
import { useChartDrawing } from '../../render-context.js';
import { hashText, nextScaleFactor, requiredTexts, seededRandom } from './layout.js';
import type { WordCloudProps, WordCloudWord } from './transformProps.js';

const FONT_FAMILY = 'Helvetica, Arial, sans-serif';
const PADDING = 5;

interface LayoutWord extends cloud.Word {
  key: string;
  text: string;
  fontSize: number;
  color: string;
  rotate: number;
}

interface Placed {
  key: string;
  text: string;
  size: number;
  color: string;
  rotate: number;
  x: number;
  y: number;
}

/** Lays the words out with fonts divided by `factor`; calls back with the placed words. */
function layoutWords(
  words: readonly WordCloudWord[],
  width: number,
  height: number,
  factor: number,
  onEnd: (placed: LayoutWord[]) => void,
) {
  const input: LayoutWord[] = words.map((w, i) => ({
    key: `${i}:${w.text}`,
    text: w.text,
    fontSize: Math.max(1, w.size / factor),
    color: w.color,
    rotate: w.rotate,
  }));
  const seed = words.reduce((h, w) => (h ^ hashText(w.text)) >>> 0, words.length);
  return cloud<LayoutWord>()
    .canvas(() => document.createElement('canvas'))
    .size([Math.max(1, Math.floor(width)), Math.max(1, Math.floor(height))])
    .words(input)
    .padding(PADDING)
    .random(seededRandom(seed))
    .text((d) => d.text)
    .font(FONT_FAMILY)
    .fontWeight('normal')
    .fontSize((d) => d.fontSize)
    .rotate((d) => d.rotate)
    .on('end', onEnd)
    .start();
}

export default function WordCloudChart({ width, height, words, empty }: WordCloudProps) {
  const [placed, setPlaced] = useState<Placed[]>([]);
  /** The input the placed words were laid out for: until it is the current one, still drawing. */
  const [laidOut, setLaidOut] = useState<{ words: unknown; width: number; height: number } | null>(
    null,
  );
  useChartDrawing(
    !empty &&
      words.length > 0 &&
      !(laidOut?.words === words && laidOut.width === width && laidOut.height === height),
  );

  useEffect(() => {
    if (empty || words.length === 0) return undefined;
    let cancelled = false;
    let current: ReturnType<typeof layoutWords> | undefined;
    const required = requiredTexts(words.map((w) => w.text));
    const attempt = (factor: number) => {
      current = layoutWords(words, width, height, factor, (out) => {
        if (cancelled) return;
        const next = nextScaleFactor(
          out.map((w) => w.text),
          required,
          factor,
        );
        if (next !== null) {
          attempt(next);
          return;
        }
        setPlaced(
          out.map((w) => ({
            key: w.key,
            text: w.text,
            size: w.size ?? w.fontSize,
            color: w.color,
            rotate: w.rotate,
            x: w.x ?? 0,
            y: w.y ?? 0,
          })),
        );
        setLaidOut({ words, width, height });
      });
    };
    attempt(1);
    return () => {
      cancelled = true;
      current?.stop();
    };
  }, [words, width, height, empty]);

  if (empty || words.length === 0)
    return (
      <div
        style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <Empty description="No results were returned for this query" />
      </div>
    );
  return (
    <svg width={width} height={height} data-test="word-cloud">
      <g transform={`translate(${width / 2},${height / 2})`}>
        {placed.map((w) => (
          <text
            key={w.key}
            fontSize={`${w.size}px`}
            fontFamily={FONT_FAMILY}
            fontWeight="normal"
            fill={w.color}
            textAnchor="middle"
            transform={`translate(${w.x},${w.y}) rotate(${w.rotate})`}
          >
            {w.text}
          </text>
        ))}
      </g>
    </svg>
  );
}
