import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { LoanKind } from '@loan/shared-contract';
import { queryRows, type Db } from '@loan/shared-server';
import { applicationComments, clients, loanApplications as la, offerLetters, users } from '@loan/shared-server/schema';

/** What hangs off an application: its comments, its client and its newest offer letter. */

export interface CommentRow {
  id: number;
  applicationId: number;
  body: string;
  status: 'open' | 'resolved';
  author: string | null;
  createdAt: Date;
}

const commentColumns = {
  id: applicationComments.id,
  applicationId: applicationComments.applicationId,
  body: applicationComments.body,
  status: applicationComments.status,
  author: users.fullname,
  createdAt: applicationComments.createdAt,
};

export async function insertComment(db: Db, applicationId: number, userId: number | null, body: string): Promise<CommentRow> {
  const [created] = await db
    .insert(applicationComments)
    .values({ applicationId, userId, body })
    .returning({ id: applicationComments.id });
  const [row] = await commentsWhere(db, eq(applicationComments.id, created.id));
  return row;
}

function commentsWhere(db: Db, where: SQL): Promise<CommentRow[]> {
  return db
    .select(commentColumns)
    .from(applicationComments)
    .leftJoin(users, eq(users.id, applicationComments.userId))
    .where(where)
    .orderBy(desc(applicationComments.createdAt), desc(applicationComments.id)) as Promise<CommentRow[]>;
}

export async function commentsOf(db: Db, applicationIds: number[]): Promise<CommentRow[]> {
  if (applicationIds.length === 0) return [];
  return commentsWhere(db, inArray(applicationComments.applicationId, applicationIds));
}

/** The comment with the kind of its application (comments of top-ups belong to /api/loanTopUp). */
export async function findComment(db: Db, kind: LoanKind, id: number): Promise<CommentRow | undefined> {
  const [row] = await commentsWhere(
    db,
    and(
      eq(applicationComments.id, id),
      sql`EXISTS (SELECT 1 FROM ${la} WHERE ${la.id} = ${applicationComments.applicationId} AND ${la.kind} = ${kind})`,
    ) as SQL,
  );
  return row;
}

export async function setCommentStatus(db: Db, id: number, status: 'open' | 'resolved'): Promise<void> {
  await db.update(applicationComments).set({ status, updatedAt: sql`now()` }).where(eq(applicationComments.id, id));
}

export async function clientsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: clients.id, fullname: clients.fullname, nrc: clients.nrc, mobile: clients.mobile })
    .from(clients)
    .where(inArray(clients.id, ids));
}

/** The newest offer letter of each application. */
export async function latestOfferLetters(db: Db, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return (await db
    .selectDistinctOn([offerLetters.applicationId], {
      id: offerLetters.id,
      applicationId: offerLetters.applicationId,
      status: offerLetters.status,
      createdAt: offerLetters.createdAt,
      expiresAt: offerLetters.expiresAt,
      borrowerDate: offerLetters.borrowerDate,
    })
    .from(offerLetters)
    .where(inArray(offerLetters.applicationId, applicationIds))
    .orderBy(offerLetters.applicationId, desc(offerLetters.createdAt), desc(offerLetters.id))) as {
    id: number;
    applicationId: number;
    status: 'pending' | 'signed' | 'expired';
    createdAt: Date;
    expiresAt: Date;
    borrowerDate: string | null;
  }[];
}


export interface HistoryRow {
  entity_id: string;
  application_id: string;
  entity: string;
  action: string;
  at: Date | string;
  actor: string | null;
  details: Record<string, unknown> | null;
}

/** Status changes of the loans ("reopened" included) and their offer letters' events. */
const LOAN_ACTIONS = ['approved', 'rejected', 'closed', 'reopened'];
const LETTER_ACTIONS = ['generate', 'resend', 'sign'];

/**
 * The audit rows that make the loans' status history, oldest first, with the actor's name:
 * one query for the loans (audit_log_entity_idx) and their letters, never per row.
 */
export async function historyOf(db: Db, kind: LoanKind, applicationIds: number[]): Promise<HistoryRow[]> {
  if (applicationIds.length === 0) return [];
  const list = (xs: readonly (string | number)[]) => sql.join(xs.map((x) => sql`${x}`), sql`, `);
  return queryRows<HistoryRow>(
    db,
    sql`SELECT l.entity_id, l.entity_id AS application_id, l.entity, l.action, l.created_at AS at, u.fullname AS actor, l.details
          FROM audit_log l LEFT JOIN users u ON u.id = l.user_id
         WHERE l.entity = ${kind} AND l.entity_id IN (${list(applicationIds.map(String))}) AND l.action IN (${list(LOAN_ACTIONS)})
        UNION ALL
        SELECT l.entity_id, o.application_id::text AS application_id, l.entity, l.action, l.created_at AS at, u.fullname AS actor, l.details
          FROM offer_letters o
          JOIN audit_log l ON l.entity = 'offer_letter' AND l.entity_id = o.id::text
          LEFT JOIN users u ON u.id = l.user_id
         WHERE o.application_id IN (${list(applicationIds)}) AND l.action IN (${list(LETTER_ACTIONS)})
         ORDER BY at, entity_id`,
  );
}
