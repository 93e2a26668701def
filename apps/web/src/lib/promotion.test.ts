import { describe, expect, it } from 'vitest';
import { parsePromotion, promotionDigits, promotionText } from './promotion.ts';

describe('a promotion (spec section 5)', () => {
  it('keeps digits only, four at most, as it is typed or pasted', () => {
    expect(promotionDigits('P2-0a26')).toBe('2026');
    expect(promotionDigits('123456')).toBe('1234');
    expect(promotionDigits('abc')).toBe('');
  });

  it('is sent as the integer typed, or -1 when the field is empty', () => {
    expect(parsePromotion('')).toBe(-1);
    expect(parsePromotion('2026')).toBe(2026);
    expect(parsePromotion('07')).toBe(7);
    expect(parsePromotion('0')).toBe(0);
  });

  it('shows a stored promotion, and nothing for none', () => {
    expect(promotionText(2025)).toBe('2025');
    expect(promotionText(-1)).toBe('');
  });
});
