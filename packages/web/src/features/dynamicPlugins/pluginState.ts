/**
 * The loading state of dynamic plugins (spec 001 §7 "Dynamic plugins": begin and complete per
 * plugin, with or without error; loading ends when none is mounting). Pure reducer plus a
 * small store React subscribes to (`useDynamicPlugins`).
 */

export interface PluginStatus {
  mounting: boolean;
  error: string | null;
}

export interface DynamicPluginState {
  /** True while the list is fetched or any plugin is mounting. */
  loading: boolean;
  plugins: Record<string, PluginStatus>;
}

export type PluginAction =
  | { type: 'list-begin' }
  | { type: 'list-complete' }
  | { type: 'begin'; key: string }
  | { type: 'complete'; key: string; error?: string };

export const INITIAL_PLUGIN_STATE: DynamicPluginState = { loading: false, plugins: {} };

const anyMounting = (plugins: Record<string, PluginStatus>) =>
  Object.values(plugins).some((p) => p.mounting);

export function reducePluginState(
  state: DynamicPluginState,
  action: PluginAction,
): DynamicPluginState {
  switch (action.type) {
    case 'list-begin':
      return { ...state, loading: true };
    case 'list-complete':
      return { ...state, loading: anyMounting(state.plugins) };
    case 'begin': {
      const plugins = { ...state.plugins, [action.key]: { mounting: true, error: null } };
      return { loading: true, plugins };
    }
    case 'complete': {
      const plugins = {
        ...state.plugins,
        [action.key]: { mounting: false, error: action.error ?? null },
      };
      return { loading: anyMounting(plugins), plugins };
    }
  }
}

type Listener = () => void;

/** A store of the state: dispatch, read, subscribe (for useSyncExternalStore). */
export function createPluginStore() {
  let state = INITIAL_PLUGIN_STATE;
  const listeners = new Set<Listener>();
  return {
    getState: () => state,
    dispatch(action: PluginAction) {
      state = reducePluginState(state, action);
      for (const l of listeners) l();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type PluginStore = ReturnType<typeof createPluginStore>;

/** The app's one store. */
export const dynamicPluginStore = createPluginStore();
