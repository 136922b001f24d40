/**
 * The event bus between processes: Redis pub/sub, channel `<prefix>bus:<topic>`. One connection
 * publishes; another (created on the first subscription) subscribes, to a topic's channel only
 * while the topic has handlers here. ioredis subscribes again by itself after a reconnection; a
 * message published meanwhile is lost, as the bus's contract allows.
 */
import { Redis } from 'ioredis';
import type { BusTopic, EventBus } from './bus.js';

export class RedisEventBus implements EventBus {
  private readonly publisher: Redis;
  private subscriber: Redis | null = null;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  private closed = false;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix = 'strata:',
    private readonly onConnectionError: (error: Error) => void = () => undefined,
  ) {
    this.publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    this.publisher.on('error', (e: Error) => this.onConnectionError(e));
  }

  /** The Redis channel of a topic. */
  channelOf(topic: BusTopic): string {
    return `${this.prefix}bus:${topic}`;
  }

  async publish(topic: BusTopic, message: string): Promise<void> {
    if (this.closed) throw new Error('The event bus is closed');
    await this.publisher.publish(this.channelOf(topic), message);
  }

  subscribe(topic: BusTopic, handler: (message: string) => void): () => void {
    if (this.closed) throw new Error('The event bus is closed');
    const channel = this.channelOf(topic);
    const subscriber = this.connectSubscriber();
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      subscriber.subscribe(channel).catch((e: unknown) => {
        this.onConnectionError(e instanceof Error ? e : new Error(String(e)));
      });
    }
    // The same function subscribed twice gets each message twice, as with an EventEmitter.
    const entry = (message: string) => handler(message);
    set.add(entry);
    return () => {
      const current = this.handlers.get(channel);
      if (!current?.delete(entry) || current.size > 0) return;
      this.handlers.delete(channel);
      if (!this.closed) subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  private connectSubscriber(): Redis {
    if (this.subscriber) return this.subscriber;
    const subscriber = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
    subscriber.on('error', (e: Error) => this.onConnectionError(e));
    subscriber.on('message', (channel: string, message: string) => {
      for (const handler of [...(this.handlers.get(channel) ?? [])]) {
        try {
          handler(message);
        } catch {
          // A failing handler must not stop the other subscribers.
        }
      }
    });
    this.subscriber = subscriber;
    return subscriber;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    await Promise.all(
      [this.publisher, this.subscriber].map(async (c) => {
        if (!c) return;
        await c.quit().catch(() => c.disconnect());
      }),
    );
  }
}
