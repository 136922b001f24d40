import { DEFAULT_ORDER_COLUMN } from '@strata/core';
import type { SortState } from '../../components/ListView';

/** Newest change first. */
export const SORT_BY_CHANGED: SortState = { column: DEFAULT_ORDER_COLUMN, direction: 'desc' };
