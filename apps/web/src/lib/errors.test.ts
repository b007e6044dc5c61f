import { describe, expect, it } from 'vitest';
import { errorMessage } from './errors.ts';

const refusal = (data: unknown) => ({ status: 409, data });

describe('errorMessage', () => {
  it("says a known code's text with its values, in the page's language (English here: the API's own words)", () => {
    expect(errorMessage(refusal({ code: 'product_sold', message: 'This product is already sold' }), 'fallback')).toBe('This product is already sold');
    expect(errorMessage(refusal({ code: 'review_edit_window_passed', params: { days: 30 }, message: 'x' }), 'fallback')).toBe(
      'A review can be changed for 30 days after it is written: this one is older',
    );
    expect(errorMessage(refusal({ code: 'not_found', params: { what: 'Product' } }), 'fallback')).toBe('Product not found');
  });

  it("says a refund's reason by its code too", () => {
    const data = { code: 'payment_refunded', params: { reason: 'words from the server', reasonCode: 'sold_to_another_buyer' } };
    expect(errorMessage(refusal(data), 'fallback')).toBe('This phone has already been sold to another buyer. Your payment is being refunded.');
  });

  it("shows the server's message for a code it does not know, else the fallback", () => {
    expect(errorMessage(refusal({ code: 'from_a_newer_server', massage: 'Newer words' }), 'fallback')).toBe('Newer words');
    expect(errorMessage(refusal({ message: 'Only message' }), 'fallback')).toBe('Only message');
    expect(errorMessage(new Error('network'), 'fallback')).toBe('fallback');
    expect(errorMessage(refusal({ code: 'toString' }), 'fallback')).toBe('fallback');
  });
});
