/**
 * A node-postgres client whose incoming bytes pass a DataRowMeter before pg-protocol parses them
 * (issue 16 point 2): a call's rows past its byte budget, or one row longer than V8's longest
 * string, close the connection while the message is on its way, and the call fails with
 * ResultSizeError; no giant string is made. Any exception thrown while pg handles the bytes
 * (pg-protocol's RangeError on a string too long included) closes the connection with that
 * error instead of escaping the socket's data handler, where it would end the process.
 */
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { ResultSizeError } from '../types.js';
import { DataRowMeter, MAX_ROW_MESSAGE_BYTES } from './data-row-meter.js';

/** pg's Connection as far as it is used here (@types/pg does not declare it). */
interface PgConnection {
  attachListeners?: (stream: Duplex) => unknown;
}

/** A RangeError of a value too large for V8, thrown while pg made the row's strings. */
function isOversizedValueError(e: unknown): boolean {
  return (
    e instanceof RangeError &&
    /string longer than|Invalid string length|Array buffer allocation failed|Invalid typed array length|Invalid array length/i.test(
      e.message,
    )
  );
}

/**
 * Wraps `stream.emit` so that each 'data' chunk is metered before pg's listener sees it, and
 * what that listener throws becomes the stream's error. Exported for the unit tests.
 */
export function guardStream(stream: Duplex, meter: DataRowMeter, budget: () => number): void {
  const emit = stream.emit.bind(stream) as (event: string | symbol, ...args: unknown[]) => boolean;
  let closed = false;
  const refuse = (error: Error): boolean => {
    closed = true;
    stream.destroy(error);
    return false;
  };
  stream.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event !== 'data') return emit(event, ...args);
    if (closed) return false;
    const chunk = args[0];
    if (chunk instanceof Uint8Array) {
      const refusal = meter.feed(chunk);
      if (refusal) {
        return refuse(new ResultSizeError(Math.min(budget(), MAX_ROW_MESSAGE_BYTES)));
      }
    }
    try {
      return emit(event, ...args);
    } catch (e) {
      if (isOversizedValueError(e)) return refuse(new ResultSizeError(budget()));
      return refuse(e instanceof Error ? e : new Error(String(e)));
    }
  }) as typeof stream.emit;
}

/** The pool's client class: every connection it opens (TLS ones too) is metered. */
export class GuardedClient extends pg.Client {
  private readonly meter = new DataRowMeter();
  private budget = MAX_ROW_MESSAGE_BYTES;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const connection = (this as unknown as { connection?: PgConnection }).connection;
    const attach = connection?.attachListeners;
    if (!connection || typeof attach !== 'function') {
      // pg's internals moved: better to fail every connection than to run unguarded.
      throw new Error('node-postgres has no Connection.attachListeners: update guarded-client.ts');
    }
    // Called with the stream pg reads messages from (the socket, or the TLS stream over it).
    connection.attachListeners = (stream: Duplex) => {
      guardStream(stream, this.meter, () => this.budget);
      return attach.call(connection, stream);
    };
  }

  /** The next call's rows may bring at most `maxBytes` into memory (none: no budget). */
  limitRows(maxBytes: number | undefined): void {
    this.budget = maxBytes ?? MAX_ROW_MESSAGE_BYTES;
    this.meter.begin(maxBytes);
  }

  /** The call ended. */
  unlimitRows(): void {
    this.budget = MAX_ROW_MESSAGE_BYTES;
    this.meter.end();
  }
}
