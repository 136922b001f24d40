/**
 * A chart's "Drill by" for the pages that show charts (dashboard, Explore): the submenu its
 * menus show (the right-click menu of a data point with that point's filters, the "…" menu
 * without), the click handler of its entries, and the modal (its code loaded on first use).
 */
import { Suspense, lazy, useCallback, useState, type ReactNode } from 'react';
import type { MenuProps } from 'antd';
import type { QueryFormData } from '@strata/core';
import {
  chartRegistry,
  type DrillContext,
  type DrillFilter,
  type ExploreDatasource,
} from '@strata/charts';
import {
  drillByApplies,
  drillByColumns,
  drillByField,
  drillByFilters,
  type DrillByStep,
} from './drillByFormData';
import { drillByColumnOfKey, drillBySubmenu, isDrillByKey } from './drillBySubmenu';
import { DRILL_BY_TEXTS as T } from './texts';

const DrillByModal = lazy(() => import('./DrillByModal'));

type MenuItem = NonNullable<MenuProps['items']>[number];

export interface DrillByMenu {
  /** The "Drill by" submenu entry. */
  item: MenuItem;
  /** Handles a menu key when it is the submenu's (true); a column opens the modal. */
  onClick: (key: string) => boolean;
}

export function useDrillBy({
  formData,
  datasource,
  chartName,
  enabled,
}: {
  formData: QueryFormData | null;
  /** The chart's dataset (its columns); undefined while it loads. */
  datasource: ExploreDatasource | undefined | null;
  chartName: string;
  /** The chart type drills by and the user may (canDrillBy). */
  enabled: boolean;
}): {
  menu: (filters: readonly DrillFilter[], context?: DrillContext) => DrillByMenu | null;
  element: ReactNode;
} {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState<DrillByStep | null>(null);
  const field = drillByField(formData ? chartRegistry.get(formData.viz_type)?.metadata : undefined);

  const menu = useCallback(
    (filters: readonly DrillFilter[], context?: DrillContext): DrillByMenu | null => {
      if (!enabled || !formData) return null;
      // The clicked point's grouping (a pivot table's rows or columns…), else the chart's.
      const pointField = context?.drillByField ?? field;
      const item = drillByApplies(formData)
        ? drillBySubmenu({
            columns: datasource ? drillByColumns(datasource.columns, formData, pointField) : null,
            search,
            onSearch: setSearch,
          })
        : drillBySubmenu({
            columns: [],
            search,
            onSearch: setSearch,
            disabledReason: T.notForRawRows,
          });
      return {
        item,
        onClick: (key) => {
          if (!isDrillByKey(key)) return false;
          const column = drillByColumnOfKey(key);
          if (column && datasource) {
            setSearch('');
            setOpened({
              column,
              filters: drillByFilters(
                context?.drillByFilters ?? filters,
                formData,
                datasource.columns,
              ),
              ...(context?.drillByField ? { field: context.drillByField } : {}),
              ...(context?.adhocFilterField ? { adhocField: context.adhocFilterField } : {}),
            });
          }
          return true;
        },
      };
    },
    [enabled, formData, datasource, field, search],
  );

  const element =
    opened && formData && datasource ? (
      <Suspense fallback={null}>
        <DrillByModal
          formData={formData}
          datasource={datasource}
          chartName={chartName}
          field={opened.field ?? field}
          initialStep={opened}
          onClose={() => setOpened(null)}
        />
      </Suspense>
    ) : null;
  return { menu, element };
}
