import { describe, expect, it } from 'vitest';
import {
  asksForStoredPassword,
  connectionTarget,
  mayReuseStoredPassword,
  sameConnectionTarget,
} from './stored-password.js';

const STORED = {
  sqlalchemy_uri: 'postgresql://reader:XXXXXXXXXX@db.internal:5432/sales',
  password: 'encrypted',
};

describe('stored password reuse', () => {
  it('reuses for the same target, by an editor', () => {
    expect(
      mayReuseStoredPassword('postgresql://reader:XXXXXXXXXX@db.internal:5432/sales', STORED, true),
    ).toBe(true);
    // The driver, case of scheme and host, order of the query: the same target.
    expect(
      sameConnectionTarget(
        'postgresql+psycopg2://reader:XXXXXXXXXX@db.internal:5432/sales',
        STORED.sqlalchemy_uri,
      ),
    ).toBe(true);
    expect(
      sameConnectionTarget(
        'PostgreSQL://reader:XXXXXXXXXX@DB.internal:5432/sales?a=1&b=2',
        'postgresql://reader:secret@db.internal:5432/sales?b=2&a=1',
      ),
    ).toBe(true);
  });

  it('refuses a caller who may not edit the database, or a database without a password', () => {
    expect(mayReuseStoredPassword(STORED.sqlalchemy_uri, STORED, false)).toBe(false);
    expect(mayReuseStoredPassword(STORED.sqlalchemy_uri, { ...STORED, password: null }, true)).toBe(
      false,
    );
    expect(mayReuseStoredPassword(STORED.sqlalchemy_uri, null, true)).toBe(false);
  });

  it('refuses any change of engine, host, port, user, database or query', () => {
    for (const uri of [
      'mysql://reader:XXXXXXXXXX@db.internal:5432/sales',
      'postgresql://reader:XXXXXXXXXX@127.0.0.1:5432/sales',
      'postgresql://reader:XXXXXXXXXX@db.internal:6543/sales',
      'postgresql://reader:XXXXXXXXXX@db.internal/sales',
      'postgresql://other:XXXXXXXXXX@db.internal:5432/sales',
      'postgresql://reader:XXXXXXXXXX@db.internal:5432/other',
      // pg and mysql read the host from the query too.
      'postgresql://reader:XXXXXXXXXX@db.internal:5432/sales?host=evil.example',
      'postgresql://reader:XXXXXXXXXX@db.internal:5432/sales#x',
      'not a url',
    ]) {
      expect(mayReuseStoredPassword(uri, STORED, true), uri).toBe(false);
    }
    expect(connectionTarget('not a url')).toBeNull();
  });

  it('tells a masked password from others', () => {
    expect(asksForStoredPassword('postgresql://u:XXXXXXXXXX@h/d')).toBe(true);
    expect(asksForStoredPassword('postgresql://u:pw@h/d')).toBe(false);
    expect(asksForStoredPassword('postgresql://u@h/d')).toBe(false);
  });
});
