// The money rules of a loan, pure (no I/O): schedule, allocation, APR, settlement quote.
// One module for the server (libs/loans/account) and the browser (/apply, the offer letter).
// README.md beside this folder: every rule, rounding and sign convention.
export * from './lib/types';
export { addMonths, addDays, daysBetween, divRound, divCeil, parseDecimal, percent, zmwToNgwee, sumParts, addParts, negParts } from './lib/money';
export { generateSchedule, legacyFlatSchedule, calculatorQuote, equalTotals, spreadEqually, spreadFloor, spreadInterest, annuityPayment, feeAmounts, rescheduleInstalments, MAX_TENURE } from './lib/schedule';
export { replay, balancesOf, assertAllocationOrder } from './lib/replay';
export { penaltiesDue, settlementQuote } from './lib/charges';
export { apr, keyFacts, formatZmw } from './lib/apr';
export { validateTerms, MAX_GRACE_DAYS, MAX_STOP_MONTHS, MAX_FIXED_FEE } from './lib/validate';
