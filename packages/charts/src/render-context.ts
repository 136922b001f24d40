/**
 * How the page wants charts drawn, passed down through React context: a dashboard draws its
 * charts' first frame without the entry animation (thirty charts animating at once compete for
 * the page's frames and delay the last ones), later changes still animate.
 */
import { createContext } from 'react';

export interface ChartRenderOptions {
  /** Animate the first draw of a chart (ECharts' entry animation). */
  animateFirstDraw: boolean;
}

export const ChartRenderContext = createContext<ChartRenderOptions>({ animateFirstDraw: true });
