// The letter is the kit's piece: staff see the same document on the contract details page.
export { OfferLetterDocument as OfferLetterView } from '@loan/shared-ui';
