/**
 * Source of the SQLite runner: a child Node process (`node -e`) that owns one better-sqlite3
 * connection and runs the statements the parent sends over IPC, one at a time.
 *
 * It is a child process, not a worker thread, because better-sqlite3 has no interrupt: a
 * statement runs inside one synchronous native call that terminating a worker thread cannot
 * stop (the thread only dies once the call returns). Killing a process stops it at once.
 *
 * Kept as plain CommonJS text so it runs the same from the TypeScript sources (tests) and from
 * the compiled output, with nothing to copy next to dist. Protocol (all messages carry `id`):
 *   parent -> child: {type:'all', sql, params}         -> {type:'rows', rows: object[]}
 *                    {type:'exec', sql, maxRows, batchSize}
 *                        -> {type:'batch', rows: unknown[][]} ... each answered by
 *                           {type:'ack', go: boolean} (false stops reading), then
 *                        -> {type:'done', columns, rowCount, truncated, changes, changed}
 *   any failure      -> {type:'error', error: {message, code}}
 *   on start         -> {type:'ready'} or {type:'failed', error}
 * Integers come back as bigints (safeIntegers) so none loses precision; the parent makes values
 * JSON-safe. A transaction left open by a statement (BEGIN) is rolled back after it: every
 * call is its own unit of work.
 */
export const RUNNER_SOURCE = String.raw`
'use strict';
const config = JSON.parse(process.argv[process.argv.length - 1]);
const Database = require(config.driver);

function errorOf(e) {
  return {
    message: e && e.message !== undefined ? String(e.message) : String(e),
    code: e && typeof e.code === 'string' ? e.code : null,
  };
}

function send(message) {
  if (process.connected) process.send(message);
}

function open() {
  const memory = config.file === ':memory:';
  const db = new Database(config.file, {
    fileMustExist: !memory,
    readonly: Boolean(config.readOnly) && !memory,
    timeout: config.busyTimeoutMs,
  });
  if (config.readOnly) db.pragma('query_only = ON');
  // Opening does not read the file: this fails now for a file that is not a database.
  db.prepare('SELECT count(*) FROM sqlite_master').get();
  return db;
}

let db;
try {
  db = open();
} catch (e) {
  process.send({ type: 'failed', error: errorOf(e) }, () => process.exit(1));
}

if (db) {
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  let ack = null;

  const nextAck = () => new Promise((resolve) => { ack = resolve; });

  async function exec(m) {
    const stmt = db.prepare(m.sql);
    if (!stmt.reader) {
      const before = totalChanges.get();
      const info = stmt.run();
      const changed = totalChanges.get() !== before;
      send({ type: 'done', id: m.id, columns: [], rowCount: 0, truncated: false, changes: Number(info.changes), changed });
      return;
    }
    stmt.raw(true);
    stmt.safeIntegers(true);
    const columns = stmt.columns().map((c) => ({ name: c.name, type: c.type }));
    const limit = m.maxRows === null ? Infinity : m.maxRows;
    const it = stmt.iterate();
    let batch = [];
    let rowCount = 0;
    let truncated = false;
    let stopped = false;
    try {
      for (;;) {
        const next = it.next();
        if (next.done) break;
        if (rowCount >= limit) { truncated = true; break; }
        batch.push(next.value);
        rowCount += 1;
        if (batch.length >= m.batchSize) {
          send({ type: 'batch', id: m.id, rows: batch });
          batch = [];
          if (!(await nextAck())) { stopped = true; break; }
        }
      }
    } finally {
      it.return();
    }
    if (batch.length > 0 && !stopped) {
      send({ type: 'batch', id: m.id, rows: batch });
      await nextAck();
    }
    send({ type: 'done', id: m.id, columns, rowCount, truncated, changes: null, changed: false });
  }

  async function handle(m) {
    try {
      if (m.type === 'all') send({ type: 'rows', id: m.id, rows: db.prepare(m.sql).all(...m.params) });
      else if (m.type === 'exec') await exec(m);
      else throw new Error('Unknown request ' + m.type);
    } catch (e) {
      send({ type: 'error', id: m.id, error: errorOf(e) });
    } finally {
      if (db.inTransaction) {
        try { db.exec('ROLLBACK'); } catch { /* already ended */ }
      }
    }
  }

  process.on('message', (m) => {
    if (m.type === 'ack') {
      const resolve = ack;
      ack = null;
      if (resolve) resolve(m.go);
      return;
    }
    void handle(m);
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}
`;
