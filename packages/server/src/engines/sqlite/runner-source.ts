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
 *                    {type:'exec', sql, maxRows, batchSize, readOnly} (readOnly: the statement
 *                        runs under PRAGMA query_only, set back afterwards)
 *                        -> {type:'columns', columns} for a statement that returns rows, then
 *                        -> {type:'batch', rows: unknown[][]} ... each answered by
 *                           {type:'ack', go: boolean} (false stops reading), then
 *                        -> {type:'done', columns, rowCount, truncated, changes, changed}
 *                    {type:'script', statements, maxRows, batchSize}
 *                        -> before each statement {type:'statement', index}, answered by
 *                           {type:'ack', go: boolean} (false stops the script, then 'done');
 *                           earlier statements run with at most one batch of rows read (and
 *                           dropped); the last one answers as 'exec' does
 *   any failure      -> {type:'error', error: {message, code}} (with `index` in a script)
 *   on start         -> {type:'ready'} or {type:'failed', error}
 * Integers come back as bigints (safeIntegers) so none loses precision; the parent makes values
 * JSON-safe. A transaction left open by a statement (BEGIN) is rolled back after it: every
 * call is its own unit of work. A script's statements share the connection (a transaction, a
 * temporary table, a PRAGMA made by one is there for the next); afterwards its temporary
 * objects are dropped, attached databases detached and query_only set again, or the runner
 * exits when that fails, so nothing reaches the next call.
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

  const quote = (name) => '"' + String(name).replace(/"/g, '""') + '"';

  async function exec(m) {
    const stmt = db.prepare(m.sql);
    if (!stmt.reader) {
      const before = totalChanges.get();
      const info = stmt.run();
      const changed = totalChanges.get() !== before;
      return { type: 'done', id: m.id, columns: [], rowCount: 0, truncated: false, changes: Number(info.changes), changed };
    }
    stmt.raw(true);
    stmt.safeIntegers(true);
    const columns = stmt.columns().map((c) => ({ name: c.name, type: c.type }));
    send({ type: 'columns', id: m.id, columns });
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
    return { type: 'done', id: m.id, columns, rowCount, truncated, changes: null, changed: false };
  }

  /**
   * A statement under PRAGMA query_only (nothing it runs can write to a database), then the
   * runner's own setting again; the runner exits when that cannot be set back.
   */
  async function readOnlyExec(m) {
    db.pragma('query_only = ON');
    try {
      return await exec(m);
    } finally {
      try {
        db.pragma('query_only = ' + (config.readOnly ? 'ON' : 'OFF'));
      } catch {
        process.exit(1);
      }
    }
  }

  /** A statement of a script whose rows are not wanted: run, one batch of rows read at most. */
  function skip(sql, batchSize) {
    const stmt = db.prepare(sql);
    if (!stmt.reader) {
      stmt.run();
      return;
    }
    stmt.raw(true);
    const it = stmt.iterate();
    try {
      for (let n = 0; n < batchSize; n++) if (it.next().done) break;
    } finally {
      it.return();
    }
  }

  async function runScript(m) {
    const last = m.statements.length - 1;
    for (let i = 0; i <= last; i++) {
      send({ type: 'statement', id: m.id, index: i });
      if (!(await nextAck())) break;
      try {
        if (config.readOnly) db.pragma('query_only = ON');
        if (i === last) return await exec({ id: m.id, sql: m.statements[i], maxRows: m.maxRows, batchSize: m.batchSize });
        skip(m.statements[i], m.batchSize);
      } catch (e) {
        return { type: 'error', id: m.id, error: errorOf(e), index: i };
      }
    }
    return { type: 'done', id: m.id, columns: [], rowCount: 0, truncated: false, changes: null, changed: false };
  }

  /** Forgets what a script left in the session: transaction, temporary objects, attachments. */
  function resetSession() {
    if (db.inTransaction) db.exec('ROLLBACK');
    const temp = db
      .prepare("SELECT type, name FROM temp.sqlite_master WHERE type IN ('trigger', 'view', 'table') ORDER BY type = 'table', type = 'view'")
      .all();
    for (const t of temp) db.exec('DROP ' + t.type.toUpperCase() + ' IF EXISTS temp.' + quote(t.name));
    for (const d of db.pragma('database_list')) {
      if (d.name !== 'main' && d.name !== 'temp') db.exec('DETACH DATABASE ' + quote(d.name));
    }
    if (config.readOnly) db.pragma('query_only = ON');
  }

  async function script(m) {
    const reply = await runScript(m);
    try {
      resetSession();
    } catch {
      // What the script left could reach the next call: this runner stops instead.
      process.send(reply, () => process.exit(1));
      return;
    }
    send(reply);
  }

  async function handle(m) {
    try {
      if (m.type === 'all') send({ type: 'rows', id: m.id, rows: db.prepare(m.sql).all(...m.params) });
      else if (m.type === 'exec' && m.readOnly) send(await readOnlyExec(m));
      else if (m.type === 'exec') send(await exec(m));
      else if (m.type === 'script') await script(m);
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
