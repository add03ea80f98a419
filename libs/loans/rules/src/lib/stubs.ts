// Temporary: every function of the design with its signature, bodies to come.
import type {
  AprResult, Balances, CalculatorQuote, Instalment, KeyFacts, LedgerEvent, Ngwee, Part, PenaltyDue,
  ProductTerms, ReplayResult, Schedule, SettlementQuote,
} from './types';
import { RuleError } from './types';

const todo = (): never => {
  throw new RuleError('not_implemented', 'not implemented');
};
export function validateTerms(_t: ProductTerms): Record<string, string> { return todo(); }
export function addMonths(_isoDate: string, _n: number): string { return todo(); }
export function generateSchedule(_terms: ProductTerms, _amount: Ngwee, _tenure: number, _disbursedOn: string): Schedule { return todo(); }
export function legacyFlatSchedule(_amount: Ngwee, _totalDue: Ngwee, _tenure: number, _disbursedOn: string): Schedule { return todo(); }
export function calculatorQuote(_terms: ProductTerms, _amount: Ngwee, _tenure: number, _disbursedOn: string): CalculatorQuote { return todo(); }
export function replay(_schedule: Instalment[], _events: LedgerEvent[], _order: readonly Part[], _today: string): ReplayResult { return todo(); }
export function balancesOf(_r: ReplayResult, _today: string): Balances { return todo(); }
export function penaltiesDue(_r: ReplayResult, _terms: ProductTerms, _today: string, _charged: { no: number; month: number }[]): PenaltyDue[] { return todo(); }
export function settlementQuote(_r: ReplayResult, _terms: ProductTerms, _today: string): SettlementQuote { return todo(); }
export function apr(_cashflows: { month: number; amount: Ngwee }[]): AprResult { return todo(); }
export function keyFacts(_terms: ProductTerms, _amount: Ngwee, _tenure: number, _disbursedOn: string): KeyFacts { return todo(); }
