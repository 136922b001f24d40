/**
 * Loads every registered dynamic plugin (issue 19), as Superset's DynamicPluginProvider: the
 * list from `/dynamic-plugins/api/read`, then each bundle imported as an ES module at once
 * (one slow bundle does not hold the others), each registered under its key. A failure —
 * the list, an import, a bad module, a key a chart type already has — is only logged (spec
 * 001 §11) and the rest of the app works. The dependencies are passed in (tests give fakes).
 */
import type { DynamicPluginEntry } from '@strata/core';
import type { PluginAction } from './pluginState';

export interface PluginLoaderDeps {
  fetchList(): Promise<DynamicPluginEntry[]>;
  importModule(url: string): Promise<unknown>;
  /** Registers the module's plugin under `key`; throws when it cannot. */
  register(key: string, moduleNamespace: unknown): void;
  dispatch(action: PluginAction): void;
  logError(message: string): void;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export async function loadDynamicPlugins(deps: PluginLoaderDeps): Promise<void> {
  deps.dispatch({ type: 'list-begin' });
  let entries: DynamicPluginEntry[];
  try {
    entries = await deps.fetchList();
  } catch (e) {
    deps.logError(`Failed to fetch the dynamic plugins: ${messageOf(e)}`);
    deps.dispatch({ type: 'list-complete' });
    return;
  }
  for (const entry of entries) deps.dispatch({ type: 'begin', key: entry.key });
  deps.dispatch({ type: 'list-complete' });
  await Promise.all(
    entries.map(async (entry) => {
      try {
        const ns = await deps.importModule(entry.bundle_url);
        deps.register(entry.key, ns);
        deps.dispatch({ type: 'complete', key: entry.key });
      } catch (e) {
        const error = messageOf(e);
        deps.logError(
          `Failed to load dynamic plugin ${entry.key} from ${entry.bundle_url}: ${error}`,
        );
        deps.dispatch({ type: 'complete', key: entry.key, error });
      }
    }),
  );
}
