import { useCallback, useEffect, useState } from 'react';
import type { TaggableType } from '@strata/core';
import { errorMessage, isAbortError } from '../../app/api';
import { useBootstrap } from '../../app/BootstrapContext';
import { fetchObjectTagNames, saveObjectTags } from './tagsApi';

/** Whether TAGGING_SYSTEM is on (tags' routes and UI exist only then). */
export function useTaggingEnabled(): boolean {
  return useBootstrap().common.feature_flags.TAGGING_SYSTEM === true;
}

export interface ObjectTags {
  /** False when TAGGING_SYSTEM is off: show nothing, save nothing. */
  enabled: boolean;
  loading: boolean;
  error: string | null;
  value: string[];
  setValue: (names: string[]) => void;
  /** Makes the object carry the chosen tags (after its own save). */
  save: () => Promise<void>;
}

/** The tags of one object for a properties form: loaded when the form opens, saved with it. */
export function useObjectTags(type: TaggableType, id: number): ObjectTags {
  const enabled = useTaggingEnabled();
  const [initial, setInitial] = useState<string[]>([]);
  const [value, setValue] = useState<string[]>([]);
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    fetchObjectTagNames(type, id, controller.signal)
      .then((names) => {
        setInitial(names);
        setValue(names);
        setLoading(false);
      })
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        setError(errorMessage(e));
        setLoading(false);
      });
    return () => controller.abort();
  }, [enabled, type, id]);
  const save = useCallback(async () => {
    // Tags that could not be read are not overwritten.
    if (!enabled || loading || error) return;
    await saveObjectTags(type, id, initial, value);
    setInitial(value);
  }, [enabled, loading, error, type, id, initial, value]);
  return { enabled, loading, error, value, setValue, save };
}
