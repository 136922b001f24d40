import { useCallback, useMemo, useState } from 'react';

/** The props of an add/edit modal of a list's items. */
export interface ItemFormModalProps<T> {
  open: boolean;
  /** The item to edit, or null to add one. */
  item: T | null;
  onClose: () => void;
  /** Called after a successful save. */
  onSaved: () => void;
}

/** A list's add/edit modal: what to pass to the modal and to the ListView. */
export interface ItemModal<T> {
  /** A fresh key for each opening: mount the modal with it so that it starts clean. */
  key: number;
  /** Spread onto the modal. */
  modalProps: ItemFormModalProps<T>;
  /** The ListView's `reloadToken`: changes after each save. */
  reloadToken: number;
  /** Opens the modal on an item, or on a new one (null). */
  show: (item: T | null) => void;
}

/** The state of an add/edit modal over a ListView: closes it and reloads the list on save. */
export function useItemModal<T>(): ItemModal<T> {
  const [state, setState] = useState<{ open: boolean; item: T | null; key: number }>({
    open: false,
    item: null,
    key: 0,
  });
  const [reloadToken, setReloadToken] = useState(0);
  const show = useCallback(
    (item: T | null) => setState((s) => ({ open: true, item, key: s.key + 1 })),
    [],
  );
  const onClose = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const onSaved = useCallback(() => {
    setState((s) => ({ ...s, open: false }));
    setReloadToken((n) => n + 1);
  }, []);
  const { open, item, key } = state;
  const modalProps = useMemo(
    () => ({ open, item, onClose, onSaved }),
    [open, item, onClose, onSaved],
  );
  return { key, modalProps, reloadToken, show };
}
