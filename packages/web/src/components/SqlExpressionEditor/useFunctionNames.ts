import { useEffect, useState } from 'react';
import { fetchFunctionNames } from '../../features/databases/databaseApi';

const NONE: string[] = [];

/**
 * The database's function names for completion: empty until they arrive, and empty when the
 * call fails (the editor still completes columns and keywords).
 */
export function useFunctionNames(dbId: number | null | undefined): string[] {
  const [loaded, setLoaded] = useState<{ dbId: number; names: string[] } | null>(null);
  useEffect(() => {
    if (dbId == null) return;
    let live = true;
    fetchFunctionNames(dbId).then(
      (names) => {
        if (live) setLoaded({ dbId, names });
      },
      () => {
        if (live) setLoaded({ dbId, names: NONE });
      },
    );
    return () => {
      live = false;
    };
  }, [dbId]);
  return loaded !== null && loaded.dbId === dbId ? loaded.names : NONE;
}
