/**
 * A chart's "Drill to detail" state for the pages that show charts (dashboard, Explore): the
 * right-click hook the chart plugins call, the menu entry's opener, and the element to render
 * (the menu or the modal, whose code is loaded on first use).
 */
import { Suspense, lazy, useCallback, useState, type ReactNode } from 'react';
import type { QueryFormData } from '@strata/core';
import type { DrillFilter } from '@strata/charts';

const DrillDetail = lazy(() => import('./DrillDetail'));

export type DrillUiState =
  | { kind: 'menu'; x: number; y: number; filters: DrillFilter[] }
  | { kind: 'modal'; filters: DrillFilter[] };

export function useDrillDetail({
  formData,
  datasourceId,
  chartName,
}: {
  formData: QueryFormData | null;
  datasourceId: number | null;
  chartName: string;
}): {
  onContextMenu: (clientX: number, clientY: number, filters: DrillFilter[]) => void;
  open: (filters?: DrillFilter[]) => void;
  element: ReactNode;
} {
  const [state, setState] = useState<DrillUiState | null>(null);
  const onContextMenu = useCallback(
    (x: number, y: number, filters: DrillFilter[]) => setState({ kind: 'menu', x, y, filters }),
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
          onChange={setState}
        />
      </Suspense>
    ) : null;
  return { onContextMenu, open, element };
}
