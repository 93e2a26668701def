import { fieldLimits } from '@plateau/contract/constants';

/** The server keeps promotions of at most four digits (a year, a cohort number). */
export const PROMOTION_DIGITS = fieldLimits.promotionDigits;

/** What a promotion field keeps of what was typed or pasted: digits only, four at most. */
export const promotionDigits = (typed: string) =>
  typed.replace(/\D/g, '').slice(0, PROMOTION_DIGITS);

/** The promotion to send: the integer typed, or -1 when the field is empty (spec section 5). */
export const parsePromotion = (text: string): number => {
  const digits = promotionDigits(text);
  return digits === '' ? -1 : Number.parseInt(digits, 10);
};

/** The field's text for a stored promotion: empty for none. */
export const promotionText = (promotion: number) => (promotion < 0 ? '' : String(promotion));
