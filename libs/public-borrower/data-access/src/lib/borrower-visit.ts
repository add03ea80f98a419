import { API, type IpAddressResponse } from '@loan/shared-contract';
import { plainCall } from '@loan/shared-data-access-api';

/**
 * POST /api/web/ip-address: records the visit as /apply opens. Through plainCall, not RTK
 * Query: the page makes it before anything is typed, and RTK Query and the store load only
 * when step 1 is sent (issue 33: 26 KB less for a phone). Its one definition.
 */
export const recordVisit = () => plainCall<IpAddressResponse>({ url: `${API.web}/ip-address`, method: 'POST', body: {} });
