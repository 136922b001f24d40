import { useMemo } from 'react';
import { canvasMeasure, fitFontSize, type MeasureText } from './fit.js';
import type { BigNumberTotalProps } from './transformProps.js';
import { CSS_VAR } from '@strata/core';

/** A measure of text in the page's font at a weight (one canvas per chart). */
export function usePageMeasure(weight: number): MeasureText {
  return useMemo(
    () =>
      canvasMeasure(
        typeof document !== 'undefined' ? getComputedStyle(document.body).fontFamily : 'sans-serif',
        weight,
      ),
    [weight],
  );
}

/**
 * The number centred, sized as a fraction of the chart's height and made smaller to fit the
 * panel's width; "No data" when empty.
 */
export default function BigNumberTotal(props: BigNumberTotalProps) {
  const { width, height, text, subheader, headerFontSize, subheaderFontSize } = props;
  const { onNumberContextMenu } = props;
  const bold = usePageMeasure(600);
  const normal = usePageMeasure(400);
  const subSize = subheader
    ? fitFontSize({
        text: subheader,
        ideal: Math.max(10, height * subheaderFontSize * 0.6),
        maxWidth: width - 16,
        maxHeight: height * 0.3,
        measure: normal,
      })
    : 0;
  const headerSize = fitFontSize({
    text: text ?? 'No data',
    ideal: Math.max(12, height * headerFontSize),
    maxWidth: width - 16,
    maxHeight: height - subSize * 1.5 - 8,
    measure: bold,
  });
  return (
    <div
      data-test="big-number"
      onContextMenu={
        onNumberContextMenu
          ? (e) => {
              e.preventDefault();
              onNumberContextMenu(e.clientX, e.clientY);
            }
          : undefined
      }
      style={{
        width,
        height,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        fontFamily: 'inherit',
      }}
    >
      <div
        style={{
          fontSize: headerSize,
          whiteSpace: 'nowrap',
          fontWeight: 600,
          lineHeight: 1.1,
        }}
      >
        {text ?? 'No data'}
      </div>
      {subheader ? (
        <div style={{ fontSize: subSize, color: CSS_VAR.textSecondary, whiteSpace: 'nowrap' }}>
          {subheader}
        </div>
      ) : null}
    </div>
  );
}
