import type { Product } from '@market/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/call-route.ts';
import { createCategory, markSold, postProduct, signUp } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { users } from '../../db/schema.ts';

/** Issue 34, item 6: similar phones on a phone's page (a sold one's too), from the search index, nearest places first. */
const ctx = useTestApp();

const similar = async (id: string) => {
  const res = await callRoute(ctx.app, 'similarProducts', { params: { id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as Product[]).map((p) => p.productName);
};

async function world() {
  const [seller, other, samsung, apple] = await Promise.all([
    signUp(ctx.app, 'Seller'),
    signUp(ctx.app, 'Seller'),
    createCategory(ctx.app, 'Samsung'),
    createCategory(ctx.app, 'Apple'),
  ]);
  const post = (name: string, price: number, district: string, brand = samsung.id, by = seller) =>
    postProduct(ctx.app, by, brand, { productName: name, resalePrice: price, originalPrice: 200000, location: 'Somewhere', district });
  const phone = await post('Galaxy S21', 40000, 'dhaka');
  return { seller, other, samsung, apple, post, phone };
}

describe('GET /api/similar-products/:id', () => {
  it('the same model first, then its brand within a quarter of its price; each the same district, then division, then nearest price first', async () => {
    const { post, phone, apple, other } = await world();
    await post('Galaxy S21', 60000, 'chattogram'); // the same model, out of the band: still similar
    await post('galaxy  s21', 45000, 'gazipur'); // the same model (as the index writes names), in the Dhaka division
    await post('Galaxy A54', 42000, 'dhaka'); // the brand in the band, the same district
    await post('Galaxy A34', 38000, 'sylhet'); // the brand in the band, elsewhere
    await post('Galaxy A14', 29500, 'dhaka'); // the brand, just outside the band (30,000–50,000)
    await post('Galaxy S23', 80000, 'dhaka'); // the brand, far above
    await post('iPhone 12', 40000, 'dhaka', apple.id); // another brand at its price
    const sold = await post('Galaxy S21', 41000, 'dhaka');
    await markSold(ctx.app, sold._id);
    // Another seller's phone is as similar as the same seller's.
    await post('Galaxy A24', 50000, 'dhaka', undefined, other);
    expect(await similar(phone._id)).toEqual(['galaxy  s21', 'Galaxy S21', 'Galaxy A54', 'Galaxy A24', 'Galaxy A34']);
  });

  it('answers for a sold phone too (its page shows them), and follows new listings at once', async () => {
    const { post, phone } = await world();
    await post('Galaxy A54', 42000, 'khulna');
    await markSold(ctx.app, phone._id);
    expect(await similar(phone._id)).toEqual(['Galaxy A54']);
    await post('Galaxy S21', 39000, 'bogura');
    expect(await similar(phone._id)).toEqual(['Galaxy S21', 'Galaxy A54']);
  });

  it('is not found for a phone that is not, or whose seller is suspended; at most 8', async () => {
    const { post, phone, seller } = await world();
    for (let i = 0; i < 10; i++) await post(`Galaxy A${i}`, 40000 + i * 100, 'dhaka');
    expect(await similar(phone._id)).toHaveLength(8);
    expect((await callRoute(ctx.app, 'similarProducts', { params: { id: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    await ctx.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, seller._id));
    ctx.app.publicCache.invalidate(); // as the Admin's suspension does
    expect((await callRoute(ctx.app, 'similarProducts', { params: { id: phone._id } })).status).toBe(404);
  });
});
