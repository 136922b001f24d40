/**
 * A chart's "Drill to detail" state for the pages that show charts (dashboard, Explore): the
 * right-click hook the chart plugins call, the menu entry's opener, and the element to render
 * (the menu or the modal, whose code is loaded on first use).
 */
import { Suspense, lazy, useCallback, useState, type ReactNode } from 'react';
import type { QueryFormData } from '@strata/core';
import type { DrillContext, DrillFilter } from '@strata/charts';
import type { DrillByMenu } from '../drillBy/useDrillBy';

const DrillDetail = lazy(() => import('./DrillDetail'));

export type DrillUiState =
  | { kind: 'menu'; x: number; y: number; filters: DrillFilter[]; context?: DrillContext }
  | { kind: 'modal'; filters: DrillFilter[] };

export function useDrillDetail({
  formData,
  datasourceId,
  chartName,
  detail = true,
  drillBy,
}: {
  formData: QueryFormData | null;
  datasourceId: number | null;
  chartName: string;
  /** The right-click menu offers "Drill to detail" (default) … */
  detail?: boolean;
  /** … and "Drill by" with the clicked point's filters (useDrillBy's menu), when given. */
  drillBy?: (filters: readonly DrillFilter[], context?: DrillContext) => DrillByMenu | null;
}): {
  onContextMenu: (
    clientX: number,
    clientY: number,
    filters: DrillFilter[],
    context?: DrillContext,
  ) => void;
  open: (filters?: DrillFilter[]) => void;
  element: ReactNode;
} {
  const [state, setState] = useState<DrillUiState | null>(null);
  const onContextMenu = useCallback(
    (x: number, y: number, filters: DrillFilter[], context?: DrillContext) =>
      setState({ kind: 'menu', x, y, filters, ...(context ? { context } : {}) }),
    [],
  );
  const open = useCallback(
    (filters: DrillFilter[] = []) => setState({ kind: 'modal', filters }),
    [],
  );
  const element =
    state && formData && datasourceId !== null ? (
      <Suspense fallback={null}>
        <DrillDetail
          state={state}
          formData={formData}
          datasourceId={datasourceId}
          chartName={chartName}
          detail={detail}
          drillBy={state.kind === 'menu' && drillBy ? drillBy(state.filters, state.context) : null}
          onChange={setState}
        />
      </Suspense>
    ) : null;
  return { onContextMenu, open, element };
}
