/**
 * The "Drill by" submenu of a chart's menus (the right-click menu of a data point, the chart's
 * "…" menu, the right-click menu inside the drill modal): the offered columns, a search box
 * above them when there are many, a spinner while the dataset loads, "No columns found" when
 * none is left. Its entries' keys are `drill-by:<column>`.
 */
import type { KeyboardEvent } from 'react';
import { Input, Spin, type MenuProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { DatasourceColumn } from '@strata/charts';
import { columnLabel, DRILL_BY_SEARCH_THRESHOLD, searchColumns } from './drillByFormData';
import styles from './DrillBy.module.css';
import { DRILL_BY_TEXTS as T } from './texts';

export const DRILL_BY_KEY = 'drill-by';
const ENTRY_PREFIX = `${DRILL_BY_KEY}:`;

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The column a menu key chooses, or null when the key is not a "Drill by" entry. */
export function drillByColumnOfKey(key: string): string | null {
  return key.startsWith(ENTRY_PREFIX) ? key.slice(ENTRY_PREFIX.length) : null;
}

/** Whether a menu key belongs to the submenu (its entries or its search box). */
export function isDrillByKey(key: string): boolean {
  return key === DRILL_BY_KEY || key.startsWith(ENTRY_PREFIX);
}

// Typing in the search box must not reach the menu (its keyboard navigation).
const keepKeys = (e: KeyboardEvent) => e.stopPropagation();

export function drillBySubmenu({
  columns,
  search,
  onSearch,
  disabledReason,
}: {
  /** The columns offered; null while the dataset loads. */
  columns: readonly DatasourceColumn[] | null;
  search: string;
  onSearch: (text: string) => void;
  /** Set: the entry is shown disabled with this explanation. */
  disabledReason?: string | null;
}): MenuItem {
  if (disabledReason)
    return { key: DRILL_BY_KEY, label: T.drillBy, disabled: true, title: disabledReason };
  const shown = columns ? searchColumns(columns, search) : [];
  const entries: MenuItem[] =
    columns === null
      ? [
          {
            key: `${DRILL_BY_KEY}-loading`,
            disabled: true,
            label: <Spin size="small" aria-label="Loading" />,
          },
        ]
      : shown.length
        ? shown.map((c) => ({
            key: `${ENTRY_PREFIX}${c.column_name}`,
            label: columnLabel(c),
            title: columnLabel(c),
          }))
        : [{ key: `${DRILL_BY_KEY}-none`, disabled: true, label: T.noColumns }];
  const withSearch = (columns?.length ?? 0) > DRILL_BY_SEARCH_THRESHOLD;
  return {
    key: DRILL_BY_KEY,
    label: T.drillBy,
    popupClassName: styles.submenu ?? '',
    children: withSearch
      ? [
          {
            type: 'group',
            key: `${DRILL_BY_KEY}-group`,
            label: (
              <Input
                size="small"
                allowClear
                autoFocus
                prefix={<SearchOutlined />}
                placeholder={T.searchColumns}
                value={search}
                onChange={(e) => onSearch(e.target.value)}
                onKeyDown={keepKeys}
                onClick={(e) => e.stopPropagation()}
                aria-label={T.searchColumns}
                data-test="drill-by-search"
              />
            ),
            children: entries,
          },
        ]
      : entries,
  };
}
