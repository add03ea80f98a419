import { api } from '@loan/shared-data-access-api';
import {
  LOAN_PRODUCTS_PATHS,
  type LoanProductChange,
  type LoanProductDetails,
  type LoanProductList,
  type LoanProductSaveInput,
} from '@loan/shared-contract';

// Settings screens keep their tags under 'User' (LOAN_PRODUCT is the single-product setting,
// which follows the default product: a change of either refetches both).
const LIST = { type: 'User' as const, id: 'LOAN_PRODUCTS' };
const SETTING = { type: 'User' as const, id: 'LOAN_PRODUCT' };
const changed = (_r: unknown, err: unknown) => (err ? [] : [LIST, SETTING, 'History' as const]);
const toast = { success: (d: unknown) => (d as { message: string }).message, error: true } as const;

/** /settings/loan-products (NOTES.md "Loan products and loan accounts"). */
export const loanProductsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getLoanProducts: b.query<LoanProductList, void>({
      query: () => LOAN_PRODUCTS_PATHS.list,
      providesTags: [LIST],
    }),
    getLoanProductDetails: b.query<LoanProductDetails, number>({
      query: (id) => LOAN_PRODUCTS_PATHS.byId.replace(':id', String(id)),
      providesTags: [LIST],
    }),
    createLoanProduct: b.mutation<LoanProductChange, LoanProductSaveInput>({
      query: (body) => ({ url: LOAN_PRODUCTS_PATHS.create, method: 'POST', body }),
      invalidatesTags: changed,
      extraOptions: { toast },
    }),
    updateLoanProduct: b.mutation<LoanProductChange, { id: number; body: LoanProductSaveInput }>({
      query: ({ id, body }) => ({ url: LOAN_PRODUCTS_PATHS.update.replace(':id', String(id)), method: 'PUT', body }),
      invalidatesTags: changed,
      extraOptions: { toast },
    }),
    deactivateLoanProduct: b.mutation<LoanProductChange, number>({
      query: (id) => ({ url: LOAN_PRODUCTS_PATHS.deactivate.replace(':id', String(id)), method: 'POST' }),
      invalidatesTags: changed,
      extraOptions: { toast },
    }),
    setDefaultLoanProduct: b.mutation<LoanProductChange, number>({
      query: (id) => ({ url: LOAN_PRODUCTS_PATHS.setDefault.replace(':id', String(id)), method: 'POST' }),
      invalidatesTags: changed,
      extraOptions: { toast },
    }),
  }),
});

export const {
  useGetLoanProductsQuery,
  useGetLoanProductDetailsQuery,
  useCreateLoanProductMutation,
  useUpdateLoanProductMutation,
  useDeactivateLoanProductMutation,
  useSetDefaultLoanProductMutation,
} = loanProductsApi;
