import { describe, expect, it } from 'vitest';
import { mysqlEngine } from './index.js';

describe('mysqlEngine', () => {
  it('describes itself as Superset does', () => {
    expect(mysqlEngine.describe()).toMatchObject({
      engine: 'mysql',
      name: 'MySQL',
      default_driver: 'mysqldb',
      sqlalchemy_uri_placeholder: 'mysql://user:password@host:port/dbname',
      parameters: { required: ['database', 'host', 'port', 'username'] },
    });
    expect(mysqlEngine.schemes).toEqual(['mysql', 'mariadb']);
  });

  it('builds a mysqldb URI and checks parameters', () => {
    expect(
      mysqlEngine.buildUri({ host: 'h', port: 3306, username: 'u', password: 'p', database: 'd' }),
    ).toBe('mysql+mysqldb://u:p@h:3306/d');
    expect(
      mysqlEngine.validateParameters({ host: 'h', port: 70000, username: 'u', database: 'd' }),
    ).toEqual({
      port: 'Port must be a valid integer between 0 and 65535 (inclusive).',
    });
  });
});
