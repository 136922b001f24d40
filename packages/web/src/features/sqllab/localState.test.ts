import { describe, expect, it } from 'vitest';
import {
  LOCAL_STATE_KEY,
  MAX_LOCAL_QUERIES,
  SPLIT_KEY,
  parseLocalState,
  readLocalState,
  readSplitPrefs,
  toLocalState,
  writeLocalState,
  writeSplitPref,
} from './localState';
import { blankEditor, newPanel } from './tabState';
import { sqlLabQuery } from './testData';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('tabs kept in this browser', () => {
  const editors = [
    blankEditor('a', {
      sql: 'A',
      validationResult: { sql: 'A', errors: [] },
      functionNames: ['abs'],
    }),
    blankEditor('b'),
  ];
  const tables = [
    {
      ...newPanel('t', { dbId: 1, catalog: null, schema: 's', name: 'n', queryEditorId: 'a' }),
      isMetadataLoading: true,
    },
    newPanel('gone', { dbId: 1, catalog: null, schema: 's', name: 'n', queryEditorId: 'zzz' }),
  ];
  const queries = Array.from({ length: MAX_LOCAL_QUERIES + 5 }, (_, i) =>
    sqlLabQuery({ id: `q${i}`, startDttm: i, awaitingResponse: true }),
  );

  it('round-trips through storage, without derived fields', () => {
    const storage = memoryStorage();
    writeLocalState(storage, toLocalState({ editors, activeId: 'b', tables, queries }));
    const back = readLocalState(storage);
    expect(back?.activeId).toBe('b');
    expect(back?.editors.map((e) => e.id)).toEqual(['a', 'b']);
    expect(back?.editors[0]).toMatchObject({ sql: 'A', validationResult: null, functionNames: [] });
    expect(back?.tables.map((t) => t.id)).toEqual(['t']);
    expect(back?.tables[0]?.isMetadataLoading).toBe(false);
    expect(back?.queries).toHaveLength(MAX_LOCAL_QUERIES);
    expect(back?.queries[0]).toMatchObject({
      id: `q${MAX_LOCAL_QUERIES + 4}`,
      awaitingResponse: false,
    });
    expect(storage.data.has(LOCAL_STATE_KEY)).toBe(true);
  });

  it('starts afresh on unreadable state', () => {
    expect(parseLocalState('nope')).toBe(null);
    expect(parseLocalState('{"editors":[]}')).toBe(null);
    expect(parseLocalState(null)).toBe(null);
    expect(parseLocalState('{"editors":[{"id":"x"}],"activeId":"y"}')).toMatchObject({
      activeId: null,
      editors: [{ id: 'x', loaded: true }],
    });
    expect(readLocalState(null)).toBe(null);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readLocalState(broken)).toBe(null);
    expect(() =>
      writeLocalState(broken, toLocalState({ editors, activeId: null, tables: [], queries: [] })),
    ).not.toThrow();
    expect(readSplitPrefs(broken)).toEqual({});
  });
});

describe('pane heights', () => {
  it('remembers the editor height per tab', () => {
    const storage = memoryStorage();
    writeSplitPref(storage, '7', 55);
    writeSplitPref(storage, 'abc', 30);
    expect(readSplitPrefs(storage)).toEqual({ '7': 55, abc: 30 });
    storage.setItem(SPLIT_KEY, '{"x":"bad","y":20}');
    expect(readSplitPrefs(storage)).toEqual({ y: 20 });
  });
});
