import { describe, expect, it } from 'vitest';
import { mysqlPoolOptions } from './options.js';

describe('mysqlPoolOptions', () => {
  it('reads every scheme the same way', () => {
    for (const scheme of ['mysql', 'mysql+mysqldb', 'mysql+pymysql', 'mariadb']) {
      const { options, host, port, database } = mysqlPoolOptions(
        `${scheme}://u%40x:p%3Aw@db.example:3307/sales`,
        null,
        5000,
      );
      expect({ host, port, database }).toEqual({
        host: 'db.example',
        port: 3307,
        database: 'sales',
      });
      expect(options).toMatchObject({
        user: 'u@x',
        password: 'p:w',
        database: 'sales',
        connectionLimit: 5,
        connectTimeout: 5000,
        dateStrings: true,
        supportBigNumbers: true,
        bigNumberStrings: false,
        multipleStatements: false,
      });
    }
  });

  it('takes the stored password for a masked one, and TLS and socket parameters', () => {
    const { options } = mysqlPoolOptions(
      'mysql://u:XXXXXXXXXX@h/?ssl_mode=REQUIRED&unix_socket=/run/mysqld.sock&charset=utf8mb4',
      'secret',
      1000,
    );
    expect(options).toMatchObject({
      password: 'secret',
      port: 3306,
      ssl: { rejectUnauthorized: false },
      socketPath: '/run/mysqld.sock',
      charset: 'utf8mb4',
    });
    expect(options.database).toBeUndefined();
    expect(mysqlPoolOptions('mysql://u@h/d?ssl_mode=VERIFY_IDENTITY', null, 1).options.ssl).toEqual(
      {
        rejectUnauthorized: true,
      },
    );
  });
});
