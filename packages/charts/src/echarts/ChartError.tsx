/**
 * What a chart draws instead of itself when its data cannot be drawn (a loop in a Sankey, a tree
 * without its root): the reason, centred in the chart's box, announced as an alert.
 */
import type { ReactNode } from 'react';
import { CSS_VAR } from '@strata/core';

export function ChartError({
  width,
  height,
  children,
}: {
  width: number;
  height: number;
  children: ReactNode;
}) {
  return (
    <div
      role="alert"
      style={{
        width,
        height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        padding: 16,
        boxSizing: 'border-box',
        color: CSS_VAR.errorText,
      }}
    >
      {children}
    </div>
  );
}
