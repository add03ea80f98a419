import type { OfferLetter } from '@loan/shared-contract';

/** A 1x1 PNG, as the pad would give. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export const offer: OfferLetter = {
  id: 7,
  status: 'pending',
  application_id: 3,
  reference_code: 'LA-2026-000123',
  applicant_name: 'Mwila Banda',
  nrc: '123456/78/9',
  mobile: '+260971234567',
  employer: 'Zambia Sugar',
  branch: 'Lusaka',
  amount: '5000.00',
  tenure: 6,
  rate_percent: '5.00',
  interest: '1500.00',
  total_amount_due: '6500.00',
  monthly_instalment: '1083.34',
  terms_conditions: '1. Repay monthly.\n2. Early repayment is free.',
  authorized_rep_name: 'Chanda Mulenga',
  authorized_rep_date: '2026-11-20',
  authorized_rep_signature: PNG_DATA_URL,
  borrower_name: null,
  borrower_date: null,
  borrower_signature: null,
  signed_at: null,
  expires_at: '2026-11-27T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
};
