import { AUDIT_PATHS, type HistoryKind, type RecordHistory } from '@loan/shared-contract';
import { api, type TagType } from './api';

/** The domain tag of each kind: a change that invalidates the record refetches its history. */
const RECORD_TAG: Record<HistoryKind, TagType> = {
  application: 'Application',
  topup: 'TopUp',
  offer_letter: 'OfferLetter',
  disbursement: 'Disbursement',
  repayment: 'Repayment',
  message: 'Message',
  user: 'User',
  role: 'Role',
};

export interface RecordHistoryArgs {
  kind: HistoryKind;
  id: number;
  page: number;
  pageSize: number;
}

/** One record's audit trail, for the History section of every details page (issue 16). */
export const historyApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getRecordHistory: b.query<RecordHistory, RecordHistoryArgs>({
      query: ({ kind, id, page, pageSize }) => ({
        url: AUDIT_PATHS.record.replace(':kind', kind).replace(':id', String(id)),
        params: { page, pageSize },
      }),
      providesTags: (_r, _e, { kind, id }) => [
        { type: RECORD_TAG[kind], id },
        { type: 'History', id: `${kind}:${id}` },
      ],
    }),
  }),
});

export const { useGetRecordHistoryQuery } = historyApi;
