import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { userEvents } from '../../db/schema.ts';

/**
 * How long after its number was taken an event may still commit: a transaction that took number 104 can commit after
 * one that took 105. Each pull also looks this far back, and a stream remembers what it sent in it (decision 053).
 */
export const LATE_COMMIT_MS = 10_000;
/** An event committed within LATE_COMMIT_MS: one a stream may not have seen yet although its id is below the last sent. */
const committedLately = sql`${userEvents.createdAt} > clock_timestamp() - make_interval(secs => ${LATE_COMMIT_MS / 1000})`;
const PAGE = 200;

export interface LiveOptions {
  /** Every this often each open stream gets a comment line, so proxies and phones keep it open. */
  heartbeatMs: number;
  /** Every this often the instance looks for events nobody announced (notifications, an instance that died before announcing). */
  pollMs: number;
  /** With Redis: every instance hears whose events are new, and wakes its own streams of them. */
  redis?: Redis | undefined;
  channel?: string;
}

type EventRow = typeof userEvents.$inferSelect;

/** One open stream: its person, where it is, and what it sent of the last LATE_COMMIT_MS. */
class Stream {
  private sent = new Map<number, number>();
  private pulling: Promise<void> | null = null;
  private again = false;
  closed = false;

  readonly userId: string;
  private lastId: number;
  private readonly out: ServerResponse;
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;

  constructor(userId: string, lastId: number, out: ServerResponse, db: Db, log: FastifyBaseLogger) {
    this.userId = userId;
    this.lastId = lastId;
    this.out = out;
    this.db = db;
    this.log = log;
  }

  /** Sends what is new since the last pull (and what committed late); pulls once more if woken meanwhile. */
  pull(): Promise<void> {
    if (this.pulling) {
      this.again = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      try {
        do {
          this.again = false;
          await this.sendNew();
        } while (this.again && !this.closed);
      } catch (err) {
        if (!this.closed) this.log.error({ err }, 'live stream: could not read events');
      } finally {
        this.pulling = null;
      }
    })();
    return this.pulling;
  }

  /** Counts these events as sent: a new stream's client has read what was committed before it opened. */
  alreadySeen(rows: { id: number; createdAt: Date }[]) {
    for (const row of rows) this.sent.set(row.id, row.createdAt.getTime());
  }

  /** Whether any of these event ids is not sent yet (a poll's wake costs a query only then). */
  misses(ids: number[]) {
    return ids.some((id) => id > this.lastId || !this.sent.has(id));
  }

  private async sendNew() {
    for (;;) {
      const rows = await this.db
        .select()
        .from(userEvents)
        .where(and(eq(userEvents.userId, this.userId), or(gt(userEvents.id, this.lastId), committedLately)))
        .orderBy(userEvents.id)
        .limit(PAGE);
      const fresh = rows.filter((r) => !this.sent.has(r.id));
      for (const row of fresh) this.write(row);
      this.forget();
      if (rows.length < PAGE || fresh.length === 0) return;
    }
  }

  write(row: EventRow) {
    if (this.closed) return;
    this.sent.set(row.id, row.createdAt.getTime());
    if (row.id > this.lastId) this.lastId = row.id;
    const data = JSON.stringify({ type: row.type, id: String(row.id), ...(row.data as object) });
    this.out.write(`id: ${row.id}\ndata: ${data}\n\n`);
  }

  /** Forgets what it sent longer ago than a late commit can be. */
  private forget() {
    const before = Date.now() - LATE_COMMIT_MS * 2;
    for (const [id, at] of this.sent) if (at < before) this.sent.delete(id);
  }

  comment(text: string) {
    if (!this.closed) this.out.write(`: ${text}\n\n`);
  }

  end() {
    this.closed = true;
    this.out.end();
  }
}

/**
 * Each instance's live streams (issue 33, decision 053). Events are rows of `user_events`, written in the transaction
 * of what they tell; after the commit the writer announces whose events are new (through Redis to every instance, or
 * in this process), and each stream of those people reads its new rows. A poll finds what nobody announced. A stream
 * that reconnects with its last event id reads what it missed; one that missed more than the table keeps is told to
 * read afresh (`reset`).
 */
export class LiveHub {
  private streams = new Map<string, Set<Stream>>();
  private heartbeat: NodeJS.Timeout;
  private poller: NodeJS.Timeout;
  private polling = false;
  private subscriber: Redis | undefined;
  private readonly channel: string;

  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly options: LiveOptions;

  constructor(db: Db, log: FastifyBaseLogger, options: LiveOptions) {
    this.db = db;
    this.log = log;
    this.options = options;
    this.channel = options.channel ?? 'live';
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs).unref();
    this.poller = setInterval(() => void this.poll(), options.pollMs).unref();
  }

  /** Listens to the other instances' announcements (with Redis). */
  async start() {
    if (!this.options.redis) return;
    this.subscriber = this.options.redis.duplicate();
    this.subscriber.on('error', (err: Error) => this.log.error({ err }, 'live stream subscriber error'));
    this.subscriber.on('message', (_channel: string, text: string) => {
      try {
        this.wake(JSON.parse(text) as string[]);
      } catch (err) {
        this.log.error({ err }, 'live stream: unreadable announcement');
      }
    });
    await this.subscriber.subscribe(this.channel);
  }

  /** How many streams are open on this instance. */
  get size() {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /**
   * Opens a person's stream on a hijacked response: the headers (no buffering by a proxy, no caching), the retry
   * time, then what they missed since `lastEventId` (or nothing: a new stream starts now).
   */
  async open(userId: string, out: ServerResponse, lastEventId: string | undefined) {
    // A client that hangs up while the stream is being set up leaves nothing behind.
    let gone = false;
    out.once('close', () => (gone = true));
    // Where it starts is settled before the client hears a word: whatever commits once it has the headers, it is sent.
    const asked = lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : undefined;
    let start: number;
    let reset = false;
    let seen: { id: number; createdAt: Date }[] = [];
    if (asked === undefined) {
      // A new stream sends nothing of the past: what committed before it opened the client reads with its page.
      const [row] = await this.db
        .select({
          last: sql<number>`coalesce(max(${userEvents.id}), 0)`,
          lately: sql<
            { id: number; at: string }[]
          >`coalesce(json_agg(json_build_object('id', ${userEvents.id}, 'at', ${userEvents.createdAt})) filter (where ${committedLately}), '[]')`,
        })
        .from(userEvents)
        .where(eq(userEvents.userId, userId));
      start = Number(row?.last ?? 0);
      seen = (row?.lately ?? []).map((e) => ({ id: Number(e.id), createdAt: new Date(e.at) }));
    } else {
      const [row] = await this.db.select({ first: sql<number | null>`min(${userEvents.id})` }).from(userEvents);
      const first = row?.first == null ? null : Number(row.first);
      // Rows after the asked one may have been swept: the client reads afresh and goes on from the oldest kept.
      reset = first !== null && first > asked + 1;
      start = first !== null && reset ? first - 1 : asked;
    }
    if (gone || out.destroyed) return;
    const stream = new Stream(userId, start, out, this.db, this.log);
    stream.alreadySeen(seen);
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(stream);
    out.on('close', () => {
      stream.closed = true;
      set.delete(stream);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    });
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    out.write('retry: 3000\n\n');
    if (reset) out.write(`data: ${JSON.stringify({ type: 'reset', id: String(start) })}\n\n`);
    // What committed while it was being set up (a resumed stream: everything after its last id).
    await stream.pull();
  }

  /** After a commit: these people have new events. Every instance hears it (Redis), or this one does. */
  announce(userIds: string[]) {
    if (userIds.length === 0) return;
    if (this.options.redis) {
      this.options.redis.publish(this.channel, JSON.stringify(userIds)).catch((err: Error) => {
        // The poll delivers it within pollMs instead.
        this.log.error({ err }, 'live stream: could not announce to the other instances');
      });
    } else {
      this.wake(userIds);
    }
  }

  /** Each open stream of these people reads its new events. */
  wake(userIds: string[]) {
    for (const id of new Set(userIds)) for (const stream of this.streams.get(id) ?? []) void stream.pull();
  }

  /** Finds recent events of people with streams here that were not sent (nobody announced them, or late commits). */
  private async poll() {
    if (this.polling || this.streams.size === 0) return;
    this.polling = true;
    try {
      const people = [...this.streams.keys()];
      for (let i = 0; i < people.length; i += 500) {
        const rows = await this.db
          .select({ userId: userEvents.userId, ids: sql<number[]>`array_agg(${userEvents.id})` })
          .from(userEvents)
          .where(and(inArray(userEvents.userId, people.slice(i, i + 500)), committedLately))
          .groupBy(userEvents.userId);
        for (const row of rows) {
          const ids = row.ids.map(Number);
          for (const stream of this.streams.get(row.userId) ?? []) if (stream.misses(ids)) void stream.pull();
        }
      }
    } catch (err) {
      this.log.error({ err }, 'live stream: poll failed');
    } finally {
      this.polling = false;
    }
  }

  private beat() {
    for (const set of this.streams.values()) for (const stream of set) stream.comment('heartbeat');
  }

  /** Ends every stream (the server is stopping: clients reconnect to another instance with their last id). */
  async close() {
    clearInterval(this.heartbeat);
    clearInterval(this.poller);
    for (const set of this.streams.values()) for (const stream of set) stream.end();
    this.streams.clear();
    if (this.subscriber) await this.subscriber.quit().catch(() => this.subscriber?.disconnect());
  }
}
