/**
 * The event bus: fire-and-forget messages between the app's processes (a stop request reaching
 * the process that runs the query, a new async event reaching the web process holding the
 * user's WebSocket). In one process it is an EventEmitter; with `STRATA_REDIS_URL` it is Redis
 * pub/sub (`redis-bus.ts`). A message sent while nobody listens is lost: the bus carries
 * notifications, never state (state is in the metadata store or Redis).
 */
import { EventEmitter } from 'node:events';

/** The topics the app uses. */
export type BusTopic =
  | 'sqllab.stop'
  | 'sqllab.export_cancel'
  | 'async_events'
  | 'schedules.changed'
  | 'chart_data.replaced';

export interface EventBus {
  publish(topic: BusTopic, message: string): Promise<void>;
  /** Calls `handler` for every message of `topic` from now on; the answer unsubscribes. */
  subscribe(topic: BusTopic, handler: (message: string) => void): () => void;
  close(): Promise<void>;
}

export class MemoryEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(topic: BusTopic, message: string): Promise<void> {
    // Delivered after the caller goes on, as a message through Redis would be.
    queueMicrotask(() => this.emitter.emit(topic, message));
  }

  subscribe(topic: BusTopic, handler: (message: string) => void): () => void {
    const listener = (message: string) => {
      try {
        handler(message);
      } catch {
        // A failing handler must not stop the other subscribers.
      }
    };
    this.emitter.on(topic, listener);
    return () => this.emitter.off(topic, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
