import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { EngineError } from '../types.js';
import { inStatement } from '../shared/script.js';
import { sqliteError, type RunnerError } from './errors.js';
import { RUNNER_SOURCE } from './runner-source.js';

export interface RunnerConfig {
  /** Absolute file path, or `:memory:`. */
  file: string;
  readOnly: boolean;
  /** How long a statement waits for a lock held by another connection. */
  busyTimeoutMs?: number;
}

export interface RunnerColumn {
  name: string;
  /** Declared type of the source column; null for expressions. */
  type: string | null;
}

export interface ExecDone {
  columns: RunnerColumn[];
  rowCount: number;
  truncated: boolean;
  /** Rows changed by a statement that returns no rows; null for queries. */
  changes: number | null;
  /** Whether the statement moved SQLite's total_changes() (a DDL statement does not). */
  changed: boolean;
}

type FromRunner =
  | { type: 'ready' }
  | { type: 'failed'; error: RunnerError }
  | { type: 'rows'; id: number; rows: Array<Record<string, unknown>> }
  | { type: 'columns'; id: number; columns: RunnerColumn[] }
  | { type: 'batch'; id: number; rows: unknown[][] }
  | { type: 'statement'; id: number; index: number }
  | ({ type: 'done'; id: number } & ExecDone)
  | { type: 'error'; id: number; error: RunnerError; index?: number };

type ToRunner =
  | { type: 'all'; id: number; sql: string; params: unknown[] }
  | {
      type: 'exec';
      id: number;
      sql: string;
      maxRows: number | null;
      batchSize: number;
      readOnly: boolean;
    }
  | {
      type: 'script';
      id: number;
      statements: string[];
      maxRows: number | null;
      batchSize: number;
    }
  | { type: 'ack'; id: number; go: boolean };

interface Request {
  id: number;
  onMessage(message: FromRunner): void;
  fail(error: EngineError): void;
}

const DRIVER = createRequire(import.meta.url).resolve('better-sqlite3');

/** Every live runner process, killed when this process exits so none outlives it. */
const live = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
  live.add(child);
}

/**
 * One runner process: a better-sqlite3 connection in a child process that runs one request at
 * a time (the caller waits for a request to end before sending the next). `kill` stops it at
 * once, even in the middle of a statement.
 */
export class Runner {
  readonly started: Promise<void>;
  /** Called once when the process has exited (killed, crashed, or closed). */
  onExit: (() => void) | null = null;

  private readonly child: ChildProcess;
  private current: Request | null = null;
  private nextId = 1;
  private stderr = '';
  private exited = false;
  private killReason: EngineError | null = null;
  private settleStart: { resolve: () => void; reject: (e: EngineError) => void } | null = null;

  constructor(private readonly config: RunnerConfig) {
    const env = { ...process.env };
    // The parent's NODE_OPTIONS (loaders, --inspect) must not reach the runner.
    delete env.NODE_OPTIONS;
    const childConfig = {
      driver: DRIVER,
      file: config.file,
      readOnly: config.readOnly,
      busyTimeoutMs: config.busyTimeoutMs ?? 5000,
    };
    this.started = new Promise<void>((resolve, reject) => {
      this.settleStart = { resolve, reject };
    });
    // Callers await `started`; a failure nobody awaited (closed early) must not be unhandled.
    this.started.catch(() => undefined);
    this.child = spawn(process.execPath, ['-e', RUNNER_SOURCE, JSON.stringify(childConfig)], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      env,
      windowsHide: true,
    });
    track(this.child);
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (d: string) => {
      this.stderr = (this.stderr + d).slice(-2000);
    });
    this.child.on('message', (m) => this.received(m as FromRunner));
    this.child.on('error', (e) => {
      this.killReason ??= new EngineError(
        'driver_not_found',
        `Could not start the SQLite runner: ${e.message}`,
      );
      this.finish();
    });
    this.child.on('exit', () => this.finish());
  }

  get alive(): boolean {
    return !this.exited && this.killReason === null;
  }

  /** Rows of a statement as objects (introspection). */
  all(sql: string, params: unknown[] = []): Promise<Array<Record<string, unknown>>> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.begin(
        {
          id,
          fail: reject,
          onMessage: (m) => {
            if (m.type === 'rows') this.end(() => resolve(m.rows));
            else if (m.type === 'error')
              this.end(() => reject(sqliteError(m.error, sql, this.config.file)));
          },
        },
        { type: 'all', id, sql, params },
      );
    });
  }

  /**
   * Runs a statement, handing its rows to `onRows` batch by batch; the runner reads the next
   * batch only once `onRows` has finished with the last one. A statement that returns rows
   * gives its columns to `onColumns` first.
   */
  exec(
    sql: string,
    options: { maxRows: number | null; batchSize: number; readOnly?: boolean },
    onRows: (rows: unknown[][]) => Promise<void>,
    onColumns?: (columns: RunnerColumn[]) => void,
  ): Promise<ExecDone> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      let batchError: unknown = null;
      this.begin(
        {
          id,
          fail: reject,
          onMessage: (m) => {
            if (m.type === 'columns') onColumns?.(m.columns);
            else if (m.type === 'batch') {
              onRows(m.rows).then(
                () => this.send({ type: 'ack', id, go: true }),
                (e: unknown) => {
                  batchError = e;
                  this.send({ type: 'ack', id, go: false });
                },
              );
            } else if (m.type === 'done') {
              const { type: _type, id: _id, ...done } = m;
              this.end(() => (batchError === null ? resolve(done) : reject(batchError)));
            } else if (m.type === 'error') {
              this.end(() => reject(sqliteError(m.error, sql, this.config.file)));
            }
          },
        },
        {
          type: 'exec',
          id,
          sql,
          maxRows: options.maxRows,
          batchSize: options.batchSize,
          readOnly: options.readOnly === true,
        },
      );
    });
  }

  /**
   * Runs the statements of a script in order on this runner's connection, calling
   * `onStatement(index)` before each starts (the runner waits for it; a throw stops the script
   * with that error); the last one's columns and rows go to `onColumns` and `onRows` as with
   * `exec`. An error of statement k carries `statementIndex: k`. The runner then forgets the
   * script's session state.
   */
  script(
    statements: string[],
    options: { maxRows: number | null; batchSize: number },
    onStatement: (index: number) => void,
    onRows: (rows: unknown[][]) => Promise<void>,
    onColumns?: (columns: RunnerColumn[]) => void,
  ): Promise<ExecDone> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      /** The caller's own error (from onStatement or onRows), passed on as it is. */
      let callerError: { error: unknown } | null = null;
      this.begin(
        {
          id,
          fail: reject,
          onMessage: (m) => {
            if (m.type === 'statement') {
              let go = true;
              try {
                onStatement(m.index);
              } catch (e) {
                callerError ??= { error: e };
                go = false;
              }
              this.send({ type: 'ack', id, go });
            } else if (m.type === 'columns') onColumns?.(m.columns);
            else if (m.type === 'batch') {
              onRows(m.rows).then(
                () => this.send({ type: 'ack', id, go: true }),
                (e: unknown) => {
                  callerError ??= { error: e };
                  this.send({ type: 'ack', id, go: false });
                },
              );
            } else if (m.type === 'done') {
              const { type: _type, id: _id, ...done } = m;
              this.end(() => (callerError === null ? resolve(done) : reject(callerError.error)));
            } else if (m.type === 'error') {
              const index = m.index ?? 0;
              const error = inStatement(
                sqliteError(m.error, statements[index], this.config.file),
                index,
              );
              this.end(() => reject(callerError === null ? error : callerError.error));
            }
          },
        },
        { type: 'script', id, statements, ...options },
      );
    });
  }

  /** Stops the process now; the request in progress fails with `reason`. */
  kill(reason: EngineError): void {
    if (this.exited) return;
    this.killReason ??= reason;
    this.child.kill('SIGKILL');
  }

  private begin(request: Request, message: ToRunner): void {
    if (!this.alive) {
      request.fail(
        this.killReason ?? new EngineError('query_error', 'The SQLite runner has stopped'),
      );
      return;
    }
    if (this.current) throw new Error('A SQLite runner runs one request at a time');
    this.current = request;
    this.child.ref();
    this.child.channel?.ref();
    this.send(message);
  }

  private end(settle: () => void): void {
    this.current = null;
    this.child.unref();
    this.child.channel?.unref();
    settle();
  }

  private send(message: ToRunner): void {
    if (this.child.connected)
      this.child.send(message, (e) => e && this.kill(new EngineError('query_error', e.message)));
  }

  private received(message: FromRunner): void {
    if (message.type === 'ready') {
      this.settleStart?.resolve();
      this.settleStart = null;
      this.child.unref();
      this.child.channel?.unref();
    } else if (message.type === 'failed') {
      this.killReason ??= sqliteError(message.error, undefined, this.config.file);
    } else if (this.current && message.id === this.current.id) {
      this.current.onMessage(message);
    }
  }

  private finish(): void {
    if (this.exited) return;
    this.exited = true;
    live.delete(this.child);
    const reason =
      this.killReason ??
      new EngineError(
        'query_error',
        `The SQLite runner stopped unexpectedly${this.stderr.trim() ? `: ${this.stderr.trim()}` : ''}`,
      );
    this.settleStart?.reject(reason);
    this.settleStart = null;
    const request = this.current;
    this.current = null;
    request?.fail(reason);
    this.onExit?.();
  }
}
