import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { tempDir } from './metadata-targets.js';

/** A small SQLite analytics database file with a table, a view and keys, for database tests. */
export function makeSqliteAnalytics(): {
  file: string;
  dir: string;
  exec(sql: string): void;
  drop(): void;
} {
  const dir = tempDir('strata-analytics-');
  const file = path.join(dir, 'shop.db');
  const db = new BetterSqlite3(file);
  db.exec(`
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
    CREATE TABLE orders (
      id INTEGER PRIMARY KEY,
      customer_id INTEGER REFERENCES customers(id),
      ordered_at DATETIME NOT NULL,
      amount DECIMAL(10,2),
      status VARCHAR(20)
    );
    CREATE INDEX orders_status_idx ON orders(status);
    CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 100;
    INSERT INTO customers VALUES (1, 'Ada', 'UK'), (2, 'Grace', 'US'), (3, 'Linus', 'FI');
    INSERT INTO orders VALUES
      (1, 1, '2024-01-05 10:00:00', 120.50, 'shipped'),
      (2, 1, '2024-02-10 11:30:00', 80.00, 'shipped'),
      (3, 2, '2024-02-11 09:15:00', 230.00, 'pending'),
      (4, 3, '2024-03-01 17:45:00', 45.25, 'cancelled'),
      (5, 2, '2024-03-02 08:00:00', 99.99, 'shipped');
  `);
  db.close();
  return {
    file,
    dir,
    exec(sql: string) {
      const c = new BetterSqlite3(file);
      c.exec(sql);
      c.close();
    },
    drop() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
