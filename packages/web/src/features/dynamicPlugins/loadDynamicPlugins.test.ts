import { describe, expect, it } from 'vitest';
import { loadDynamicPlugins, type PluginLoaderDeps } from './loadDynamicPlugins';
import { createPluginStore } from './pluginState';

function setup(overrides: Partial<PluginLoaderDeps> = {}) {
  const store = createPluginStore();
  const registered: string[] = [];
  const errors: string[] = [];
  const deps: PluginLoaderDeps = {
    fetchList: async () => [
      { id: 1, name: 'Good', key: 'good', bundle_url: '/good.js' },
      { id: 2, name: 'Gone', key: 'gone', bundle_url: '/gone.js' },
      { id: 3, name: 'Bad', key: 'bad', bundle_url: '/bad.js' },
    ],
    importModule: async (url) => {
      if (url === '/gone.js') throw new TypeError('Failed to fetch dynamically imported module');
      return { default: { url } };
    },
    register: (key) => {
      if (key === 'bad') throw new Error('Dynamic plugin bad: Chart is not a React component');
      registered.push(key);
    },
    dispatch: store.dispatch,
    logError: (m) => errors.push(m),
    ...overrides,
  };
  return { store, registered, errors, deps };
}

describe('loadDynamicPlugins', () => {
  it('registers the good plugins and only logs the failures', async () => {
    const { store, registered, errors, deps } = setup();
    const done = loadDynamicPlugins(deps);
    expect(store.getState().loading).toBe(true);
    await done;
    expect(registered).toEqual(['good']);
    expect(errors).toEqual([
      'Failed to load dynamic plugin gone from /gone.js: Failed to fetch dynamically imported module',
      'Failed to load dynamic plugin bad from /bad.js: Dynamic plugin bad: Chart is not a React component',
    ]);
    const state = store.getState();
    expect(state.loading).toBe(false);
    expect(state.plugins.good).toEqual({ mounting: false, error: null });
    expect(state.plugins.gone?.error).toContain('Failed to fetch');
  });

  it('logs a failed list and ends loading', async () => {
    const { store, errors, deps } = setup({
      fetchList: () => Promise.reject(new Error('Forbidden')),
    });
    await loadDynamicPlugins(deps);
    expect(errors).toEqual(['Failed to fetch the dynamic plugins: Forbidden']);
    expect(store.getState()).toEqual({ loading: false, plugins: {} });
  });

  it('does not let a slow bundle hold the others', async () => {
    let release: () => void = () => undefined;
    const slow = new Promise<void>((r) => (release = r));
    const { store, registered, deps } = setup({
      fetchList: async () => [
        { id: 1, name: 'Slow', key: 'slow', bundle_url: '/slow.js' },
        { id: 2, name: 'Fast', key: 'fast', bundle_url: '/fast.js' },
      ],
      importModule: async (url) => {
        if (url === '/slow.js') await slow;
        return {};
      },
    });
    const done = loadDynamicPlugins(deps);
    await new Promise((r) => setTimeout(r, 0));
    expect(registered).toEqual(['fast']);
    expect(store.getState().loading).toBe(true);
    release();
    await done;
    expect(registered).toEqual(['fast', 'slow']);
    expect(store.getState().loading).toBe(false);
  });
});
