import { useCallback, useMemo, type ComponentType, type ReactNode } from 'react';
import { EditOutlined } from '@ant-design/icons';
import { ListView, type ListViewContext, type ListViewProps } from './ListView';
import { RowActionButton } from './RowActionButton';
import { addButton } from './addButton';
import type { ListRow } from './types';
import { useItemModal, type ItemFormModalProps } from './useItemModal';

export interface EditableListViewProps<T extends ListRow> extends Omit<
  ListViewProps<T>,
  'reloadToken' | 'rowActions' | 'headerActions' | 'emptyExtra'
> {
  /** The add button's label beside the title, e.g. "Tag" (shown to holders of can_write). */
  addLabel: string;
  /** Also offer the add button under the empty list. Default true. */
  addWhenEmpty?: boolean;
  /** The add/edit modal, mounted afresh at each opening. */
  FormModal: ComponentType<ItemFormModalProps<T>>;
  /** The title of the row's edit action. Default "Edit". */
  editTitle?: string;
  /** More row actions after the edit one (for writers). Keep it stable. */
  moreRowActions?: (row: T) => ReactNode;
}

/**
 * A settings list whose rows are added and edited in a modal (tags, CSS templates, annotation
 * layers, plugins, roles): the add button, the row's edit action, the modal, and the list
 * reloaded after each save.
 */
export function EditableListView<T extends ListRow>({
  addLabel,
  addWhenEmpty = true,
  FormModal,
  editTitle = 'Edit',
  moreRowActions,
  ...listProps
}: EditableListViewProps<T>) {
  const formModal = useItemModal<T>();
  const openForm = formModal.show;
  const rowActions = useCallback(
    (row: T, context: ListViewContext) =>
      context.canWrite ? (
        <>
          <RowActionButton
            title={editTitle}
            icon={<EditOutlined />}
            onClick={() => openForm(row)}
          />
          {moreRowActions?.(row)}
        </>
      ) : null,
    [openForm, editTitle, moreRowActions],
  );
  const add = useMemo(() => addButton(addLabel, () => openForm(null)), [addLabel, openForm]);
  return (
    <>
      <ListView<T>
        {...listProps}
        reloadToken={formModal.reloadToken}
        rowActions={rowActions}
        headerActions={add}
        emptyExtra={addWhenEmpty ? add : undefined}
      />
      <FormModal key={formModal.key} {...formModal.modalProps} />
    </>
  );
}
