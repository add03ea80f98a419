import type { Message, MessageListQuery, ListEnvelope } from '@loan/shared-contract';
import { inScope, notFound, type BranchScope, type Db } from '@loan/shared-server';
import { maskRecipient } from '@loan/shared-util-format';
import * as repo from './repository';

/** A page of communication inside the user's branch scope. */
export async function listCommunication(db: Db, scope: BranchScope, query: MessageListQuery): Promise<ListEnvelope<Message>> {
  const page = await repo.listPage(db, scope, query);
  return { ...page, items: page.items.map(toDto) };
}

/** One message; 404 when it is absent or outside the user's branch scope. */
export async function messageById(db: Db, scope: BranchScope, id: number): Promise<Message> {
  const row = await repo.findById(db, id);
  if (!row || !(scope.all || inScope(scope, row.clientBranchId))) throw notFound('Message');
  return toDto(row);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The row as the contract's messageSchema answers it (snake_case, ISO dates; the body as
 * stored: secrets masked; a mobile recipient masked as in the client picker).
 */
function toDto(row: repo.MessageRecord): Message {
  return {
    id: row.id,
    channel: row.channel,
    recipient: maskRecipient(row.recipient),
    client_id: row.clientId,
    client_name: row.clientName,
    subject: row.subject,
    body: row.body,
    purpose: row.purpose,
    status: row.status,
    provider: row.provider,
    provider_ref: row.providerRef,
    error: row.error,
    batch_id: row.batchId,
    sender_name: row.senderName,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    delivered_at: iso(row.deliveredAt),
  };
}
