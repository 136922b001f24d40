/**
 * The channel a full-result CSV export flows through, from the process running the query (the
 * producer: a worker's `sqllab.export_csv` job) to the web process answering the download (the
 * consumer). It holds at most `window` chunks: the producer waits for the consumer to take one
 * before it sends more, so neither process (nor Redis) ever holds more than `window` chunks of
 * an export whatever its size; the consumer's own pace is the HTTP socket's (backpressure).
 *
 * Two implementations, chosen with the job queue: in memory for the embedded install (the
 * in-process queue runs the job in the same process) and Redis lists with the BullMQ queue
 * (`<prefix>:csv-export:<id>:data` for chunks, `…:credit` for the consumer's acknowledgements,
 * `…:cancel` for a cancelled download; every key expires after an hour, an abandoned export
 * leaves nothing).
 */
import type { Redis } from 'ioredis';
import type { EventBus } from '../events/bus.js';

export type ExportMessage =
  | { kind: 'data'; text: string }
  | { kind: 'end'; rows: number }
  | { kind: 'error'; status: number; message: string };

export interface ExportProducer {
  /**
   * Sends a message, first waiting while `window` sent chunks are untaken. Resolves false, and
   * sends nothing, once the download is cancelled.
   */
  send(message: ExportMessage): Promise<boolean>;
  /** Aborted when the consumer cancels (the client closed the download). */
  readonly signal: AbortSignal;
  close(): Promise<void>;
}

export interface ExportConsumer {
  /**
   * The next message; a producer silent for `idleMs` gives an error message (504). A cancelled
   * consumer answers an error at once.
   */
  next(idleMs: number): Promise<ExportMessage>;
  /** Tells the producer to stop (its signal aborts); the pending `next` settles. */
  cancel(): Promise<void>;
  /** Forgets the export (after the end, an error or a cancel). */
  close(): Promise<void>;
}

export interface ExportChannel {
  /** The web side, opened before the job is queued. */
  consumer(id: string): Promise<ExportConsumer>;
  /** The job's side. */
  producer(id: string): Promise<ExportProducer>;
  close(): Promise<void>;
}

/** Chunks in flight per export. */
export const EXPORT_WINDOW = 8;
/** Bytes (UTF-16 units) a producer gathers before it sends a chunk. */
export const EXPORT_CHUNK_CHARS = 256 * 1024;
/** Export ids: 32 hex characters (results keys' shape). */
export const EXPORT_ID = /^[0-9a-f]{32}$/;

const CANCELLED: ExportMessage = {
  kind: 'error',
  status: 499,
  message: 'The export was cancelled.',
};

function idleError(idleMs: number): ExportMessage {
  return {
    kind: 'error',
    status: 504,
    message: `No worker produced the export within ${Math.round(idleMs / 1000)} seconds.`,
  };
}

/** A promise with its resolver, for one waiter. */
function waiter(): { promise: Promise<void>; wake: () => void } {
  let wake: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    wake = resolve;
  });
  return { promise, wake };
}

interface MemoryEntry {
  messages: ExportMessage[];
  /** Chunks sent and not yet taken. */
  inFlight: number;
  cancel: AbortController;
  readerWake: (() => void) | null;
  writerWake: (() => void) | null;
}

/** One process: the consumer and the producer share an entry. */
export class MemoryExportChannel implements ExportChannel {
  private readonly entries = new Map<string, MemoryEntry>();

  constructor(private readonly window = EXPORT_WINDOW) {}

  async consumer(id: string): Promise<ExportConsumer> {
    const entry: MemoryEntry = {
      messages: [],
      inFlight: 0,
      cancel: new AbortController(),
      readerWake: null,
      writerWake: null,
    };
    this.entries.set(id, entry);
    const wakeWriter = () => {
      const wake = entry.writerWake;
      entry.writerWake = null;
      wake?.();
    };
    return {
      next: async (idleMs) => {
        for (;;) {
          if (entry.cancel.signal.aborted) return CANCELLED;
          const message = entry.messages.shift();
          if (message) {
            entry.inFlight -= 1;
            wakeWriter();
            return message;
          }
          const w = waiter();
          entry.readerWake = w.wake;
          let timer: NodeJS.Timeout | undefined;
          const timedOut = await Promise.race([
            w.promise.then(() => false),
            new Promise<boolean>((resolve) => {
              timer = setTimeout(() => resolve(true), idleMs);
            }),
          ]);
          clearTimeout(timer);
          entry.readerWake = null;
          if (timedOut && entry.messages.length === 0) return idleError(idleMs);
        }
      },
      cancel: async () => {
        entry.cancel.abort();
        wakeWriter();
        entry.readerWake?.();
      },
      close: async () => {
        entry.cancel.abort();
        wakeWriter();
        this.entries.delete(id);
      },
    };
  }

  async producer(id: string): Promise<ExportProducer> {
    const entry = this.entries.get(id);
    // The download is gone already (closed before the job ran).
    if (!entry) {
      const gone = new AbortController();
      gone.abort();
      return { send: async () => false, signal: gone.signal, close: async () => undefined };
    }
    return {
      signal: entry.cancel.signal,
      send: async (message) => {
        while (entry.inFlight >= this.window && !entry.cancel.signal.aborted) {
          const w = waiter();
          entry.writerWake = w.wake;
          await w.promise;
        }
        if (entry.cancel.signal.aborted) return false;
        entry.messages.push(message);
        entry.inFlight += 1;
        const wake = entry.readerWake;
        entry.readerWake = null;
        wake?.();
        return true;
      },
      close: async () => undefined,
    };
  }

  async close(): Promise<void> {
    for (const entry of this.entries.values()) entry.cancel.abort();
    this.entries.clear();
  }
}

/** How a message travels in a Redis list: a kind letter, then the text or JSON. */
export function encodeMessage(message: ExportMessage): string {
  if (message.kind === 'data') return `D${message.text}`;
  if (message.kind === 'end') return `E${JSON.stringify({ rows: message.rows })}`;
  return `X${JSON.stringify({ status: message.status, message: message.message })}`;
}

export function decodeMessage(text: string): ExportMessage {
  const body = text.slice(1);
  if (text.startsWith('D')) return { kind: 'data', text: body };
  try {
    const parsed = JSON.parse(body) as { rows?: unknown; status?: unknown; message?: unknown };
    if (text.startsWith('E') && typeof parsed.rows === 'number') {
      return { kind: 'end', rows: parsed.rows };
    }
    if (
      text.startsWith('X') &&
      typeof parsed.status === 'number' &&
      typeof parsed.message === 'string'
    ) {
      return { kind: 'error', status: parsed.status, message: parsed.message };
    }
  } catch {
    // Fall through: not a message of ours.
  }
  return { kind: 'error', status: 500, message: 'The export sent an unreadable message.' };
}

const KEY_TTL_SECONDS = 3600;
/** Seconds a blocking read waits before looking at the cancel flag and the clock again. */
const BLOCK_SECONDS = 1;

/**
 * Redis lists between processes. Each side takes a connection of its own for its blocking
 * reads (BLPOP), closed with the side.
 */
export class RedisExportChannel implements ExportChannel {
  constructor(
    private readonly redis: Redis,
    private readonly bus: EventBus,
    private readonly prefix: string,
    private readonly window = EXPORT_WINDOW,
  ) {}

  private keys(id: string): { data: string; credit: string; cancel: string } {
    const base = `${this.prefix}:csv-export:${id}`;
    return { data: `${base}:data`, credit: `${base}:credit`, cancel: `${base}:cancel` };
  }

  async consumer(id: string): Promise<ExportConsumer> {
    const keys = this.keys(id);
    const blocking = this.redis.duplicate();
    let cancelled = false;
    const cancel = async () => {
      if (cancelled) return;
      cancelled = true;
      await this.redis.set(keys.cancel, '1', 'EX', KEY_TTL_SECONDS);
      await this.bus.publish('sqllab.export_cancel', id);
    };
    return {
      next: async (idleMs) => {
        const deadline = Date.now() + idleMs;
        while (!cancelled) {
          const wait = Math.max(0.01, Math.min(BLOCK_SECONDS, (deadline - Date.now()) / 1000));
          const popped = await blocking.blpop(keys.data, wait).catch(() => null);
          if (popped) {
            await this.redis.rpush(keys.credit, '1');
            await this.redis.expire(keys.credit, KEY_TTL_SECONDS);
            return decodeMessage(popped[1]);
          }
          if (Date.now() >= deadline) return idleError(idleMs);
        }
        return CANCELLED;
      },
      cancel,
      close: async () => {
        blocking.disconnect();
        await this.redis.del(keys.data, keys.credit);
      },
    };
  }

  async producer(id: string): Promise<ExportProducer> {
    const keys = this.keys(id);
    const controller = new AbortController();
    const unsubscribe = this.bus.subscribe('sqllab.export_cancel', (message) => {
      if (message === id) controller.abort();
    });
    // A cancel published before this process listened: the flag says so.
    if (await this.redis.exists(keys.cancel)) controller.abort();
    let blocking: Redis | null = null;
    let inFlight = 0;
    return {
      signal: controller.signal,
      send: async (message) => {
        while (inFlight >= this.window && !controller.signal.aborted) {
          blocking ??= this.redis.duplicate();
          const popped = await blocking.blpop(keys.credit, BLOCK_SECONDS).catch(() => null);
          if (popped) inFlight -= 1;
          else if (await this.redis.exists(keys.cancel)) controller.abort();
        }
        if (controller.signal.aborted) return false;
        await this.redis
          .multi()
          .rpush(keys.data, encodeMessage(message))
          .expire(keys.data, KEY_TTL_SECONDS)
          .exec();
        inFlight += 1;
        return true;
      },
      close: async () => {
        unsubscribe();
        blocking?.disconnect();
        // A cancelled download's reader is gone: what was sent meanwhile goes too.
        if (controller.signal.aborted) await this.redis.del(keys.data, keys.credit);
      },
    };
  }

  async close(): Promise<void> {}
}
