export { ListView } from './ListView';
export { RowActionButton } from './RowActionButton';
export type { RowActionButtonProps } from './RowActionButton';
export { addButton } from './addButton';
export { EditableListView } from './EditableListView';
export type { EditableListViewProps } from './EditableListView';
export { useItemModal } from './useItemModal';
export type { ItemFormModalProps, ItemModal } from './useItemModal';
export * from './commonFilters';
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
