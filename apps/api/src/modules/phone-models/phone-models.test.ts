import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';
import { createAdmin, createCategory, postProduct, productBody, signUp, uploadedPicture, type Actor } from '../../../test/fixtures.ts';
import { callRoute } from '../../../test/call-route.ts';
import { auditLog, jobs, products } from '../../db/schema.ts';
import { phoneModelLinksJob } from './catalogue.ts';

/**
 * Issue 34, item 1: the model catalogue. A listing is of a model picked from the brand's, or typed as not in the list
 * (flagged for an Admin), or matched from its name; a search finds it by the model's names; an Admin adds models and
 * names, and the flagged listings by those names become the model's.
 */
const ctx = useTestApp();

async function world() {
  const admin = await createAdmin(ctx.app);
  const seller = await signUp(ctx.app, 'Seller');
  const brand = await createCategory(ctx.app);
  const otherBrand = await createCategory(ctx.app);
  // Each world's model names are its own: test files may share a database, and search is over all of it.
  const tag = String(100_000 + Math.floor(Math.random() * 900_000));
  const add = async (body: Record<string, unknown>, as: Actor = admin) =>
    callRoute(ctx.app, 'addPhoneModel', { token: as.token, body: { categoryId: brand.id, nameBn: 'মডেল', variants: [{ ramGb: 8, storageGb: 256 }], ...body } });
  const ultraBody = {
    name: `Nova${tag} Ultra`,
    nameBn: `নভো ${bangla(tag)} আল্ট্রা`,
    aliases: [`N${tag}U`],
    variants: [
      { ramGb: 12, storageGb: 256 },
      { ramGb: 12, storageGb: 512 },
    ],
    year: 2023,
  };
  const ultra = (await add(ultraBody)).body.data;
  const plain = (await add({ name: `Nova${tag}`, year: 2023 })).body.data;
  return { admin, seller, brand, otherBrand, tag, add, ultra, ultraBody, plain };
}

const bangla = (digits: string) => digits.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
const list = async (seller: Actor, brand: string, overrides: Record<string, unknown>) =>
  callRoute(ctx.app, 'addProduct', { token: seller.token, body: productBody(brand, await uploadedPicture(ctx.app, seller), overrides) });
const names = async (q: string) =>
  ((await callRoute(ctx.app, 'searchProducts', { query: { q } })).body.data as { productName: string }[]).map((p) => p.productName).sort();

describe('the catalogue', () => {
  it('is listed for anyone, the newest first, then by name: each model with its brand, Bangla name, other names and variants', async () => {
    const { brand, ultra, ultraBody, tag } = await world();
    const res = await callRoute(ctx.app, 'phoneModels', {});
    expect(res.status).toBe(200);
    const mine = res.body.data.filter((m: { brand: { _id: string } }) => m.brand._id === brand.id);
    expect(mine.map((m: { name: string }) => m.name)).toEqual([`Nova${tag}`, `Nova${tag} Ultra`]);
    expect(mine.find((m: { _id: string }) => m._id === ultra._id)).toEqual({
      _id: ultra._id,
      brand: { _id: brand.id, category: brand.name },
      ...ultraBody,
      slug: `nova${tag}-ultra`,
    });
  });
});

describe('a listing’s model', () => {
  it('is the model picked, named on every answer; one of another brand is refused and nothing is written', async () => {
    const { seller, brand, otherBrand, ultra } = await world();
    const res = await list(seller, brand.id, { productName: 'Flagship for sale', phoneModelId: ultra._id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ phoneModel: { _id: ultra._id, name: ultra.name, nameBn: ultra.nameBn, slug: ultra.slug }, unlistedModel: null });
    expect((await callRoute(ctx.app, 'product', { params: { id: res.body.data._id } })).body.data.phoneModel._id).toBe(ultra._id);

    const before = (await ctx.app.db.select().from(products).where(eq(products.sellerId, seller._id))).length;
    for (const [categoryId, phoneModelId] of [
      [otherBrand.id, ultra._id],
      [brand.id, randomUUID()],
    ]) {
      const refused = await list(seller, categoryId!, { phoneModelId });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('unknown_phone_model');
    }
    expect(await ctx.app.db.select().from(products).where(eq(products.sellerId, seller._id))).toHaveLength(before);
  });

  it('is matched from the product name when none is picked: the longest name that stands in it', async () => {
    const { seller, brand, tag, ultra, plain } = await world();
    const a = await postProduct(ctx.app, seller, brand.id, { productName: `Nova${tag} Ultra 256GB like new` });
    const b = await postProduct(ctx.app, seller, brand.id, { productName: `n${tag}u official` });
    const c = await postProduct(ctx.app, seller, brand.id, { productName: `nova${tag} fresh` });
    const d = await postProduct(ctx.app, seller, brand.id, { productName: 'An old phone' });
    const model = async (id: string) => (await callRoute(ctx.app, 'product', { params: { id } })).body.data.phoneModel?._id ?? null;
    expect([await model(a._id), await model(b._id), await model(c._id), await model(d._id)]).toEqual([ultra._id, ultra._id, plain._id, null]);
  });

  it('is typed when it is not in the list: flagged for the Admins, one row per name whatever its letter case; both at once is refused', async () => {
    const { admin, seller, brand, tag } = await world();
    for (const name of [`Zeta${tag} 5`, `zeta${tag} 5`]) {
      const res = await list(seller, brand.id, { productName: 'A rare phone', unlistedModel: name });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ phoneModel: null, unlistedModel: name });
    }
    const flagged = await callRoute(ctx.app, 'unlistedModels', { token: admin.token });
    expect(flagged.status).toBe(200);
    expect(flagged.body.data.filter((u: { brand: { _id: string } }) => u.brand._id === brand.id)).toEqual([
      { brand: { _id: brand.id, category: brand.name }, name: `Zeta${tag} 5`, listings: 2, firstSeen: expect.any(String) },
    ]);
    expect((await callRoute(ctx.app, 'unlistedModels', { token: seller.token })).status).toBe(403);

    const both = await list(seller, brand.id, { phoneModelId: randomUUID(), unlistedModel: 'Zeta' });
    expect(both.status).toBe(400);
    expect(both.body.fields).toEqual([expect.objectContaining({ field: 'unlistedModel' })]);
  });

  it('is found by a search for any of its names: other names and the Bangla one; a listing of no model is not', async () => {
    const { seller, brand, tag, ultra } = await world();
    await list(seller, brand.id, { productName: 'Flagship A', phoneModelId: ultra._id });
    await postProduct(ctx.app, seller, brand.id, { productName: 'Flagship B' });
    expect(await names(`n${tag}u`)).toEqual(['Flagship A']);
    // A Bangla spelling no search word list knows ('নভো'), with the model's number in Bangla digits.
    expect(await names(`নভো ${bangla(tag)}`)).toEqual(['Flagship A']);
    expect(await names(`nova${tag} ultra`)).toEqual(['Flagship A']);
  });
});

describe('an Admin extends the catalogue', () => {
  it('adds a model (audited): the listings flagged by its name or an alias become its, found by its names', async () => {
    const { admin, seller, brand, tag, add } = await world();
    const flagged = await list(seller, brand.id, { productName: 'Rare one', unlistedModel: `ZETA${tag} 5` });
    const byAlias = await list(seller, brand.id, { productName: 'Rare two', unlistedModel: `Z${tag}5` });
    const res = await add({ name: `Zeta${tag} 5`, aliases: [`z${tag}5`], year: 2024 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    for (const id of [flagged.body.data._id, byAlias.body.data._id]) {
      const p = (await callRoute(ctx.app, 'product', { params: { id } })).body.data;
      expect(p).toMatchObject({ phoneModel: { _id: res.body.data._id }, unlistedModel: null });
    }
    expect(
      (await callRoute(ctx.app, 'unlistedModels', { token: admin.token })).body.data.filter((u: { brand: { _id: string } }) => u.brand._id === brand.id),
    ).toEqual([]);
    expect(await names(`zeta${tag}`)).toEqual(['Rare one', 'Rare two']);
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'add-phone-model'), eq(auditLog.targetId, res.body.data._id)));
    expect(entry).toMatchObject({ adminId: admin._id, targetKind: 'phone-model', targetLabel: `${brand.name} Zeta${tag} 5` });
  });

  it('refuses a name the brand has (a model’s or an alias, any letter case), an unknown brand, and a seller', async () => {
    const { seller, tag, add } = await world();
    for (const body of [{ name: `NOVA${tag}` }, { name: `Other${tag}`, aliases: [`n${tag}u`] }]) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.code).toBe('phone_model_taken');
    }
    const unknown = await add({ name: `Other${tag}`, categoryId: randomUUID() });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'unknown_category']);
    expect((await add({ name: `Other${tag}` }, seller)).status).toBe(403);
  });

  it('adds another name to a model (audited): its listings are found by it, and the listings flagged by it become its', async () => {
    const { admin, seller, brand, tag, plain } = await world();
    await list(seller, brand.id, { productName: 'Plain one', phoneModelId: plain._id });
    const flagged = await list(seller, brand.id, { productName: 'Plain two', unlistedModel: `NV${tag}` });
    const res = await callRoute(ctx.app, 'addModelAlias', { token: admin.token, params: { id: plain._id }, body: { alias: `nv${tag}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.aliases).toEqual([`nv${tag}`]);
    expect(await names(`nv${tag}`)).toEqual(['Plain one', 'Plain two']);
    expect((await callRoute(ctx.app, 'product', { params: { id: flagged.body.data._id } })).body.data.phoneModel._id).toBe(plain._id);
    const again = await callRoute(ctx.app, 'addModelAlias', { token: admin.token, params: { id: plain._id }, body: { alias: `NV${tag}` } });
    expect([again.status, again.body.code]).toEqual([409, 'phone_model_taken']);
    const unknown = await callRoute(ctx.app, 'addModelAlias', { token: admin.token, params: { id: randomUUID() }, body: { alias: 'x' } });
    expect(unknown.status).toBe(404);
    expect(
      await ctx.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'add-model-alias'), eq(auditLog.targetId, plain._id))),
    ).toEqual([expect.objectContaining({ reason: `nv${tag}` })]);
  });
});

describe('the linking job', () => {
  it('gives the listings without a model the one their name names, in batches that queue the next', async () => {
    const { seller, brand, tag, ultra } = await world();
    const [a, b] = [
      await postProduct(ctx.app, seller, brand.id, { productName: 'Phone one' }),
      await postProduct(ctx.app, seller, brand.id, { productName: 'Phone two' }),
    ];
    // Named as the model only now (as a listing posted before the catalogue was).
    await ctx.app.db
      .update(products)
      .set({ productName: `Nova${tag} Ultra for sale` })
      .where(eq(products.id, a._id));
    await ctx.app.db.update(products).set({ productName: `nothing known` }).where(eq(products.id, b._id));
    const run = phoneModelLinksJob(ctx.app.db, 1_000_000);
    await run({});
    const [row] = await ctx.app.db.select({ model: products.phoneModelId }).from(products).where(eq(products.id, a._id));
    expect(row!.model).toBe(ultra._id);
    const [other] = await ctx.app.db.select({ model: products.phoneModelId }).from(products).where(eq(products.id, b._id));
    expect(other!.model).toBeNull();
    // A full batch queues the next run after its last listing.
    await phoneModelLinksJob(ctx.app.db, 1)({});
    expect(await ctx.app.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'phone-model-links'))).toEqual([
      { payload: { after: expect.any(String) } },
    ]);
  });
});
