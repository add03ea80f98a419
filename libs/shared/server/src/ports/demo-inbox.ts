import { z } from 'zod';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../db/schema';
import type { Db } from '../db';
import { defineRoute, registerRoutes } from '../http/route';
import type { DeliveredMessage, DeliverySink } from './delivery';
import { DEMO_INBOX_PAGE, DEMO_INBOX_SCRIPT } from './demo-inbox-page';

/** Where the demo inbox lives, on the api's origin (and the portal's: its dev server forwards /dev/inbox). */
export const DEMO_INBOX_PATH = '/dev/inbox';
export const DEMO_INBOX_MESSAGES_PATH = `${DEMO_INBOX_PATH}/messages`;
export const DEMO_INBOX_SCRIPT_PATH = `${DEMO_INBOX_PATH}/inbox.js`;

/** How many messages the inbox keeps (the oldest go first): a bulk send to every client cannot grow it. */
export const DEMO_INBOX_CAPACITY = 200;

interface Entry extends DeliveredMessage {
  /** Order of arrival in this process (the page's key). */
  seq: number;
  at: string;
}

export const demoInboxMessageSchema = z
  .object({
    seq: z.number().int(),
    channel: z.enum(['sms', 'email']),
    to: z.string(),
    subject: z.string().nullable(),
    body: z.string(),
    purpose: z.string(),
    at: z.string(),
    /** The outbox row's status (sent, delivered...): the one staff see, with the masked body. */
    status: z.string().nullable(),
  })
  .strict();

export const demoInboxAnswerSchema = z
  .object({ messages: z.array(demoInboxMessageSchema), capacity: z.number().int() })
  .strict();

export type DemoInboxMessage = z.infer<typeof demoInboxMessageSchema>;

/**
 * What the local adapters "sent", secrets in clear, newest first: a ring buffer in this
 * process's memory and nowhere else (the messages table keeps the masked body staff read; the
 * clear text is never written to the database, a log or a file). Lost when the api stops, as a
 * demo's phone may be.
 */
export class DemoInbox {
  private readonly entries: Entry[] = [];
  private seq = 0;

  constructor(
    private readonly capacity = DEMO_INBOX_CAPACITY,
    private readonly now: () => Date = () => new Date(),
  ) {}

  readonly sink: DeliverySink = (m) => {
    this.seq += 1;
    this.entries.push({ ...m, seq: this.seq, at: this.now().toISOString() });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  };

  /**
   * The messages, newest first, with their outbox status. A message whose outbox row does not
   * exist (yet) is left out: its transaction rolled back (the code was never valid) or has not
   * committed (it shows at the next poll).
   */
  async list(db: Db): Promise<DemoInboxMessage[]> {
    const entries = [...this.entries].reverse();
    const ids = entries.map((e) => e.messageId).filter((id): id is number => id !== undefined);
    const status = new Map<number, string>();
    if (ids.length) {
      const rows = await db.select({ id: messages.id, status: messages.status }).from(messages).where(inArray(messages.id, ids));
      for (const r of rows) status.set(r.id, r.status);
    }
    return entries
      .filter((e) => e.messageId === undefined || status.has(e.messageId))
      .map((e) => ({
        seq: e.seq,
        channel: e.channel,
        to: e.to,
        subject: e.subject ?? null,
        body: e.body,
        purpose: e.purpose,
        at: e.at,
        status: e.messageId === undefined ? null : (status.get(e.messageId) ?? null),
      }));
  }
}

/** One sink that hands each message to every given sink (the e2e file and the demo inbox). */
export function allSinks(...sinks: (DeliverySink | undefined)[]): DeliverySink | undefined {
  const given = sinks.filter((s): s is DeliverySink => s !== undefined);
  if (given.length <= 1) return given[0];
  return (m) => {
    for (const s of given) s(m);
  };
}

/**
 * The demo inbox's page, its script and its messages. Registered only when the inbox is on
 * (config.demoInbox), so with it off /dev/inbox is the api's JSON 404. 'public': a borrower
 * trying /apply has no staff session, and the page holds nothing the local adapters did not
 * make up; the config refuses it anywhere real (production, a real provider).
 */
export function registerDemoInbox(app: FastifyInstance, inbox: DemoInbox): void {
  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: DEMO_INBOX_PATH,
      auth: 'public',
      response: null,
      handler: ({ reply }) => reply.type('text/html; charset=utf-8').send(DEMO_INBOX_PAGE),
    }),
    defineRoute({
      method: 'GET',
      url: DEMO_INBOX_SCRIPT_PATH,
      auth: 'public',
      response: null,
      handler: ({ reply }) => reply.type('text/javascript; charset=utf-8').send(DEMO_INBOX_SCRIPT),
    }),
    defineRoute({
      method: 'GET',
      url: DEMO_INBOX_MESSAGES_PATH,
      auth: 'public',
      response: demoInboxAnswerSchema,
      handler: async ({ db }) => ({ messages: await inbox.list(db), capacity: DEMO_INBOX_CAPACITY }),
    }),
  ]);
}
