import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { createCategory, postProduct, signUp } from '../../../test/fixtures.ts';
import { products, users } from '../../db/schema.ts';

const ctx = useTestApp();

/** Status and body bytes of each detail (but a refusal's own request id), asked all at once or one after another, never from the public cache. */
async function details(paths: string[], together: boolean) {
  ctx.app.publicCache.invalidate();
  const one = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    return `${res.statusCode} ${res.body.replace(/"requestId":"[^"]*"/, '')}`;
  };
  if (together) return Promise.all(paths.map(one));
  const answers: string[] = [];
  for (const path of paths) {
    answers.push(await one(path));
    ctx.app.publicCache.invalidate();
  }
  return answers;
}

describe('GET /api/detail-product/:id asked for at the same moment (one statement for them all)', () => {
  it('answers each the same bytes as when asked alone: hidden, suspended, unknown and repeated ids too', async () => {
    const [seller, suspended, apple, samsung] = await Promise.all([
      signUp(ctx.app, 'Seller'),
      signUp(ctx.app, 'Seller'),
      createCategory(ctx.app, 'Apple'),
      createCategory(ctx.app, 'Samsung'),
    ]);
    const phones = await Promise.all([
      postProduct(ctx.app, seller, apple.id, { colour: 'Midnight', ramGb: '4' }),
      postProduct(ctx.app, seller, samsung.id, { productName: 'Galaxy S21', description: 'Ünïcode “quotes” \\ and </script>' }),
      postProduct(ctx.app, seller, apple.id, { productName: 'Hidden' }),
      postProduct(ctx.app, suspended, samsung.id, { productName: 'Suspended' }),
    ]);
    await ctx.app.db.update(products).set({ hiddenAt: new Date() }).where(eq(products.id, phones[2]!._id));
    await ctx.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended._id));
    const ids = [...phones.map((p) => p._id), randomUUID(), phones[0]!._id, phones[1]!._id.toUpperCase()];
    const paths = ids.map((id) => `/api/detail-product/${id}`);

    const alone = await details(paths, false);
    expect(alone.map((a) => a.slice(0, 3))).toEqual(['200', '200', '404', '404', '404', '200', '200']);
    expect(await details(paths, true)).toEqual(alone);
  });
});
