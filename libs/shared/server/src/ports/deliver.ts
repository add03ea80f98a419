import { and, eq, ne, sql } from 'drizzle-orm';
import { messages } from '../db/schema';
import type { Db } from '../db';
import { maskSecrets, type OutgoingCommon, type SentMessage } from './outbox';

/** A provider that hands one message on: answers the provider's reference, or throws. */
export type Deliver = () => Promise<{ providerRef: string | null }>;

/** Longest error text kept on a message (a provider's answer, never the body). */
const ERROR_MAX = 300;

/**
 * A message through a real provider: one row (masked body, status 'queued') in `db`, then
 * the delivery with the secrets in clear, then the row says 'sent' with the provider's
 * reference, or 'failed' with the provider's error. Staff read the row; the gateway's
 * delivery report later turns 'sent' into 'delivered' or 'failed'.
 */
export async function recordAndDeliver(
  db: Db,
  channel: 'sms' | 'email',
  recipient: string,
  provider: string,
  msg: OutgoingCommon & { subject?: string },
  deliver: Deliver,
): Promise<SentMessage> {
  const [row] = await db
    .insert(messages)
    .values({
      channel,
      recipient,
      subject: msg.subject ?? null,
      body: maskSecrets(msg.body, msg.secrets),
      purpose: msg.purpose ?? 'communication',
      status: 'queued',
      provider,
      clientId: msg.clientId ?? null,
      applicationId: msg.applicationId ?? null,
      createdBy: msg.createdBy ?? null,
      batchId: msg.batchId ?? null,
    })
    .returning({ id: messages.id });
  try {
    const { providerRef } = await deliver();
    await db
      .update(messages)
      .set({ status: 'sent', providerRef, sentAt: new Date(), updatedAt: new Date() })
      .where(eq(messages.id, row.id));
    return { id: row.id, status: 'sent', providerRef };
  } catch (err) {
    // The provider's words only: they never carry the body (secrets) we sent.
    const error = maskSecrets(String((err as Error).message ?? err), msg.secrets).slice(0, ERROR_MAX);
    await db.update(messages).set({ status: 'failed', error, updatedAt: new Date() }).where(eq(messages.id, row.id));
    return { id: row.id, status: 'failed', providerRef: null };
  }
}

export type DeliveryOutcome = 'delivered' | 'failed';

/**
 * A provider's delivery report, idempotent: the message of `provider` with `providerRef`
 * becomes delivered (or failed) once; a repeated or late report changes nothing, and a
 * 'failed' report never undoes 'delivered'. Answers how many messages changed (0 or 1).
 */
export async function applyDeliveryReport(
  db: Db,
  provider: string,
  providerRef: string,
  outcome: DeliveryOutcome,
  error?: string,
): Promise<number> {
  const rows = await db
    .update(messages)
    .set(
      outcome === 'delivered'
        ? { status: 'delivered', deliveredAt: sql`now()`, error: null, updatedAt: sql`now()` }
        : { status: 'failed', error: (error ?? 'not delivered').slice(0, ERROR_MAX), updatedAt: sql`now()` },
    )
    .where(
      and(
        eq(messages.provider, provider),
        eq(messages.providerRef, providerRef),
        ne(messages.status, 'delivered'),
        outcome === 'failed' ? ne(messages.status, 'failed') : undefined,
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}
