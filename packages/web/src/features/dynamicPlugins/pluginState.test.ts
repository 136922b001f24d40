import { describe, expect, it } from 'vitest';
import { INITIAL_PLUGIN_STATE, reducePluginState, type PluginAction } from './pluginState';

const run = (...actions: PluginAction[]) => actions.reduce(reducePluginState, INITIAL_PLUGIN_STATE);

describe('dynamic plugin loading state', () => {
  it('is loading while the list is fetched and while any plugin mounts', () => {
    expect(run({ type: 'list-begin' }).loading).toBe(true);
    expect(run({ type: 'list-begin' }, { type: 'list-complete' }).loading).toBe(false);
    const twoMounting = run(
      { type: 'list-begin' },
      { type: 'begin', key: 'a' },
      { type: 'begin', key: 'b' },
      { type: 'list-complete' },
    );
    expect(twoMounting.loading).toBe(true);
    const oneDone = reducePluginState(twoMounting, { type: 'complete', key: 'a' });
    expect(oneDone.loading).toBe(true);
    expect(oneDone.plugins.a).toEqual({ mounting: false, error: null });
    const bothDone = reducePluginState(oneDone, { type: 'complete', key: 'b', error: '404' });
    expect(bothDone.loading).toBe(false);
    expect(bothDone.plugins.b).toEqual({ mounting: false, error: '404' });
  });
});
