import { useSyncExternalStore } from 'react';
import { dynamicPluginStore, type DynamicPluginState } from './pluginState';

/** The dynamic plugins' loading state; a component re-renders when a plugin begins or ends. */
export function useDynamicPlugins(): DynamicPluginState {
  return useSyncExternalStore(dynamicPluginStore.subscribe, dynamicPluginStore.getState);
}
