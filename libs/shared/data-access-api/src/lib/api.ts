import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * Tag types shared by every domain. Cross-domain effects go through tags: approving an
 * application invalidates 'Dashboard', and the dashboard refetches without knowing loans.
 */
export const TAG_TYPES = [
  'Session',
  'Dashboard',
  'Application',
  'TopUp',
  'OfferLetter',
  'Role',
  'Permission',
  'User',
  'Client',
  'History',
  'Disbursement',
  'AutoDisburse',
  'Repayment',
  'Message',
  'Report',
  'PendingAction',
  'GlAccount',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/**
 * THE api slice. It has no endpoints of its own: each domain's data-access lib adds
 * its endpoints with `api.injectEndpoints({ endpoints, overrideExisting: 'throw' })`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
