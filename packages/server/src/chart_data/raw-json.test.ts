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

  it('gives the value itself to a plain JSON.stringify, and splices again on the next call', () => {
    const raw = new RawJson('[{"n":1}]');
    expect(JSON.stringify({ data: raw })).toBe('{"data":[{"n":1}]}');
    expect(stringifyWithRaw({ data: raw, again: raw })).toBe(
      '{"data":[{"n":1}],"again":[{"n":1}]}',
    );
    expect(JSON.stringify([raw])).toBe('[[{"n":1}]]');
  });

  it('leaves a string shaped like a placeholder with another nonce as a string', () => {
    const text = stringifyWithRaw({
      a: '\u0000raw0123456789abcdef:0\u0000',
      data: new RawJson('[1]'),
    });
    expect(JSON.parse(text)).toEqual({ a: '\u0000raw0123456789abcdef:0\u0000', data: [1] });
  });
});
