/**
 * How the page wants charts drawn, passed down through React context: a dashboard draws its
 * charts' first frame without the entry animation (thirty charts animating at once compete for
 * the page's frames and delay the last ones), later changes still animate.
 *
 * `ChartDrawingContext` lets a chart whose drawing finishes after its first render (a map whose
 * shapes load, a word cloud laid out over several frames) say so: the page's renderer counts
 * such charts as still drawing until they are done (the "drawn" signal reports and screenshots
 * wait on).
 */
import { createContext, useContext, useLayoutEffect } from 'react';

export interface ChartRenderOptions {
  /** Animate the first draw of a chart (ECharts' entry animation). */
  animateFirstDraw: boolean;
}

export const ChartRenderContext = createContext<ChartRenderOptions>({ animateFirstDraw: true });

/**
 * The page's colour scheme (the user's theme): ECharts draws with its dark theme on a transparent
 * background in `dark`; the other charts read antd's CSS variables and need nothing.
 */
export type ChartColorScheme = 'light' | 'dark';

export const ChartColorSchemeContext = createContext<ChartColorScheme>('light');

/** Given by the renderer: `begin()` marks one drawing in progress and answers its `end`. */
export interface ChartDrawing {
  begin(): () => void;
}

export const ChartDrawingContext = createContext<ChartDrawing | null>(null);

/**
 * Tells the renderer the chart is still drawing while `busy` is true (before the browser
 * paints, so the chart is never reported drawn in between).
 */
export function useChartDrawing(busy: boolean): void {
  const drawing = useContext(ChartDrawingContext);
  useLayoutEffect(() => (busy && drawing ? drawing.begin() : undefined), [busy, drawing]);
}
