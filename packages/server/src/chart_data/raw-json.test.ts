import { describe, expect, it } from 'vitest';
import { decodeRun, encodeRun, RawJson, stringifyWithRaw } from './raw-json.js';

describe('raw chart data JSON', () => {
  it('keeps a run as its head and its rows text, and reads older whole-JSON entries', () => {
    const run = { data: [{ a: 1, b: 'x\ny' }], rowcount: 1, colnames: ['a', 'b'] };
    const { text, dataText } = encodeRun(run);
    expect(dataText).toBe('[{"a":1,"b":"x\\ny"}]');
    expect(decodeRun(text)).toEqual({ head: { rowcount: 1, colnames: ['a', 'b'] }, dataText });
    expect(decodeRun(JSON.stringify(run))).toEqual({
      head: { rowcount: 1, colnames: ['a', 'b'] },
      dataText,
    });
    expect(decodeRun('{broken')).toBeNull();
  });

  it('splices raw text into the answer, leaving look-alike strings alone', () => {
    const answer = {
      result: [
        { data: new RawJson('[{"n":1}]'), note: 'raw0' },
        { data: new RawJson('[]'), rowcount: 0 },
      ],
    };
    const text = stringifyWithRaw(answer);
    expect(JSON.parse(text)).toEqual({
      result: [
        { data: [{ n: 1 }], note: 'raw0' },
        { data: [], rowcount: 0 },
      ],
    });
    expect(stringifyWithRaw({ a: 'plain' })).toBe('{"a":"plain"}');
  });
});
