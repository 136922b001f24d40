import {
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import type { ListResponse } from '@strata/core';
import { api } from '../../app/api';
import { useCurrentUser } from '../../app/BootstrapContext';
import { useToasts } from '../../app/toasts';
import { allowedUploadTypes, uploadDatabasesUrl, uploadSuccessText } from './uploadForm';
import type { UploadDatabase, UploadDatabasesState, UploadType } from './uploadForm';

const UploadModal = lazy(() => import('./UploadModal'));

export interface Uploads {
  /** The uploads the user may make. */
  types: UploadType[];
  /** Whether a database takes uploads (asked for by `checkDatabases`). */
  databases: UploadDatabasesState;
  /** Asks the server which databases take uploads (again: they may have changed). */
  checkDatabases: () => void;
  /** Opens the upload dialog. */
  open: (type: UploadType) => void;
  /** Grows by one after each upload: a list showing datasets reloads on it. */
  completed: number;
}

const UploadsContext = createContext<Uploads>({
  types: [],
  databases: 'unknown',
  checkDatabases: () => undefined,
  open: () => undefined,
  completed: 0,
});

/** The uploads of the current user; the dialog is mounted here, once for the whole app. */
export function UploadsProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { addSuccessToast } = useToasts();
  const types = useMemo(() => allowedUploadTypes(user), [user]);
  const [databases, setDatabases] = useState<UploadDatabasesState>('unknown');
  const [dialog, setDialog] = useState<{ type: UploadType; open: boolean; key: number }>({
    type: 'csv',
    open: false,
    key: 0,
  });
  const [completed, setCompleted] = useState(0);
  const asking = useRef(false);

  const checkDatabases = useCallback(() => {
    if (types.length === 0 || asking.current) return;
    asking.current = true;
    // What was known stays shown while the server is asked again.
    setDatabases((s) => (s === 'unknown' || s === 'error' ? 'loading' : s));
    api
      .get<ListResponse<UploadDatabase>>(uploadDatabasesUrl())
      .then((answer) => setDatabases((answer.result ?? []).length > 0 ? 'some' : 'none'))
      .catch(() => setDatabases('error'))
      .finally(() => {
        asking.current = false;
      });
  }, [types]);

  const open = useCallback(
    (type: UploadType) => setDialog((d) => ({ type, open: true, key: d.key + 1 })),
    [],
  );
  const close = useCallback(() => setDialog((d) => ({ ...d, open: false })), []);
  const uploaded = useCallback(
    (tableName: string) => {
      addSuccessToast(uploadSuccessText(tableName));
      setDialog((d) => ({ ...d, open: false }));
      setCompleted((n) => n + 1);
    },
    [addSuccessToast],
  );

  const value = useMemo<Uploads>(
    () => ({ types, databases, checkDatabases, open, completed }),
    [types, databases, checkDatabases, open, completed],
  );

  return (
    <UploadsContext.Provider value={value}>
      {children}
      {dialog.key > 0 ? (
        <Suspense fallback={null}>
          <UploadModal
            key={dialog.key}
            type={dialog.type}
            open={dialog.open}
            onClose={close}
            onUploaded={uploaded}
          />
        </Suspense>
      ) : null}
    </UploadsContext.Provider>
  );
}

/** The uploads: permitted types, databases taking them, the dialog, a reload token. */
export function useUploads(): Uploads {
  return useContext(UploadsContext);
}
