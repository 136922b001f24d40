/**
 * Text widths in the grid's fonts, measured on a canvas (one per page, reused). Null where
 * there is no canvas (tests without a DOM): the callers then estimate from character counts.
 */
let context: CanvasRenderingContext2D | null | undefined;

function canvasContext(): CanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  try {
    context =
      typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  } catch {
    context = null;
  }
  return context;
}

/** The fonts of the grid's cells and headers, read from the grid element's computed style. */
export interface GridFonts {
  cell: string;
  header: string;
}

export function gridFonts(el: HTMLElement): GridFonts {
  const cs = getComputedStyle(el);
  const rest = `${cs.fontSize} ${cs.fontFamily}`;
  return { cell: `${cs.fontWeight} ${rest}`, header: `600 ${rest}` };
}

/** A function giving a text's width in pixels in `font`, or null without a canvas. */
export function textMeasurer(font: string): ((text: string) => number) | null {
  const ctx = canvasContext();
  if (!ctx) return null;
  const cache = new Map<string, number>();
  return (text) => {
    let w = cache.get(text);
    if (w === undefined) {
      ctx.font = font;
      w = ctx.measureText(text).width;
      if (cache.size < 5000) cache.set(text, w);
    }
    return w;
  };
}
