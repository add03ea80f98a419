// Loan products and their versions (1700_loan_products.sql): the account lib owns them.
export * from './service';
export { rateText } from './repository';
