export { ListView } from './ListView';
export type { ListViewContext, ListViewProps } from './ListView';
export type {
  FilterOption,
  FilterSelection,
  ListColumn,
  ListFilterDef,
  ListRow,
  ListState,
  SortState,
} from './types';
export { buildListQuery, listStateToSearch, parseListState } from './listState';
