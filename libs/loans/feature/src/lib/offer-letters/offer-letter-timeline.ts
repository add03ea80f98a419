import type { OfferLetterStaff } from '@loan/shared-contract';

export interface TimelineEvent {
  label: string;
  /** Unknown for a replacement (the newer letter's time is on that letter). */
  at: string | null;
  by?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** Generated, sent, opened (first time), signed or expired: what the evidence page lists, oldest first. */
export function letterTimeline(l: OfferLetterStaff): TimelineEvent[] {
  const events: (TimelineEvent | null)[] = [
    { label: 'Generated', at: l.created_at, by: l.created_by_name ? `${l.created_by_name} (authorized representative ${l.authorized_rep_name})` : l.authorized_rep_name },
    l.sent_at ? { label: 'Link sent by SMS', at: l.sent_at, by: `to ${l.mobile}` } : null,
    l.opened_at
      ? {
          label: l.open_count > 1 ? `Opened by the borrower (first of ${l.open_count} times)` : 'Opened by the borrower',
          at: l.opened_at,
          ip: l.opened_ip,
          userAgent: l.opened_user_agent,
        }
      : null,
    l.signed_at ? { label: 'Signed by the borrower', at: l.signed_at, by: l.borrower_name, ip: l.signed_ip, userAgent: l.signed_user_agent } : null,
    l.status === 'expired' ? { label: l.expired_reason === 'replaced' ? 'Replaced by a newer letter' : 'Expired unsigned', at: l.expired_reason === 'replaced' ? null : l.expires_at } : null,
  ];
  return events.filter((e): e is TimelineEvent => e !== null);
}
