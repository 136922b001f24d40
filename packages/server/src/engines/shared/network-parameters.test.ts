import { describe, expect, it } from 'vitest';
import { buildNetworkUri, validateNetworkParameters } from './network-parameters.js';
import { parseNetworkUri } from './network-uri.js';

describe('validateNetworkParameters', () => {
  it('names missing fields and a wrong port', () => {
    expect(validateNetworkParameters({})).toEqual({
      host: 'This is a required field',
      port: 'This is a required field',
      username: 'This is a required field',
      database: 'This is a required field',
    });
    const ok = { host: 'h', username: 'u', database: 'd' };
    expect(validateNetworkParameters({ ...ok, port: 5432 })).toEqual({});
    for (const port of [0, 65536, 1.5, -1]) {
      expect(validateNetworkParameters({ ...ok, port })).toEqual({
        port: 'Port must be a valid integer between 0 and 65535 (inclusive).',
      });
    }
    expect(validateNetworkParameters({ ...ok, host: '  ', port: 1 })).toEqual({
      host: 'This is a required field',
    });
  });
});

describe('buildNetworkUri and parseNetworkUri', () => {
  it('round-trip awkward user names, passwords and databases', () => {
    const uri = buildNetworkUri('postgresql+psycopg2', {
      host: 'db.example',
      port: 5433,
      username: 'a@b',
      password: 'p@ss:/w%rd',
      database: 'my db',
      query: { sslmode: 'require' },
    });
    expect(uri).toBe(
      'postgresql+psycopg2://a%40b:p%40ss%3A%2Fw%25rd@db.example:5433/my%20db?sslmode=require',
    );
    const t = parseNetworkUri(uri, 'postgresql', 5432);
    expect(t).toMatchObject({
      host: 'db.example',
      port: 5433,
      user: 'a@b',
      password: 'p@ss:/w%rd',
      database: 'my db',
    });
    expect(t.params.get('sslmode')).toBe('require');
    expect(t.url.protocol).toBe('postgresql:');
  });

  it('puts the stored password in place of the mask, or drops it', () => {
    const masked = 'postgres://u:XXXXXXXXXX@h/d';
    expect(parseNetworkUri(masked, 'postgresql', 5432, 's3cr@t').password).toBe('s3cr@t');
    expect(parseNetworkUri(masked, 'postgresql', 5432, null).password).toBeNull();
    expect(parseNetworkUri(masked, 'postgresql', 5432).port).toBe(5432);
  });

  it('refuses what is not a URI', () => {
    expect(() => parseNetworkUri('nonsense', 'postgresql', 5432)).toThrow(/Invalid/);
  });
});
