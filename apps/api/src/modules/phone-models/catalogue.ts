import { modelIn, slugOf, type PhoneModel } from '@market/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, phoneModels, products } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { shippedModels } from './shipped.ts';

/*
 * The catalogue as listings meet it (issue 34, decision 057): a listing's model from its body, the shipped catalogue
 * loaded at every start, and the job that gives older listings the model their name names.
 */

export type ModelRow = typeof phoneModels.$inferSelect;

export const toModel = (m: ModelRow, category: string): PhoneModel => ({
  _id: m.id,
  brand: { _id: m.categoryId, category },
  name: m.name,
  nameBn: m.nameBn,
  aliases: m.aliases,
  variants: m.variants,
  year: m.year,
  slug: m.slug,
});

/** The model a public address names: its brand's `slugOf` name and its own slug; undefined when none. */
export async function modelAt(db: Db, brandSlug: string, modelSlug: string): Promise<PhoneModel | undefined> {
  // Brands are few; two whose names differ only in signs or case share an address, and the model's slug tells them apart.
  const brands = (await db.select({ id: categories.id, name: categories.name }).from(categories)).filter((c) => slugOf(c.name) === brandSlug);
  if (brands.length === 0) return undefined;
  const [row] = await db
    .select({ model: phoneModels, category: categories.name })
    .from(phoneModels)
    .innerJoin(categories, eq(categories.id, phoneModels.categoryId))
    .where(
      and(
        inArray(
          phoneModels.categoryId,
          brands.map((b) => b.id),
        ),
        eq(phoneModels.slug, modelSlug),
      ),
    )
    .orderBy(phoneModels.createdAt)
    .limit(1);
  return row && toModel(row.model, row.category);
}

/** The brand's models as the matcher reads them. */
const modelsOf = (db: Db, categoryId: string) =>
  db
    .select({ id: phoneModels.id, name: phoneModels.name, nameBn: phoneModels.nameBn, aliases: phoneModels.aliases })
    .from(phoneModels)
    .where(eq(phoneModels.categoryId, categoryId));

/**
 * A listing's model columns from its body: the model picked (one of the brand's, else `unknown_phone_model`), or the one
 * typed as not in the list (flagged), or else the brand's model its product name names, if any.
 */
export async function listingModel(
  db: Db,
  body: { categoryId: string; productName: string; phoneModelId?: string | undefined; unlistedModel?: string | undefined },
) {
  if (body.phoneModelId) {
    const [row] = await db
      .select({ id: phoneModels.id })
      .from(phoneModels)
      .where(and(eq(phoneModels.id, body.phoneModelId), eq(phoneModels.categoryId, body.categoryId)))
      .limit(1);
    if (!row) throw badRequest('unknown_phone_model');
    return { phoneModelId: row.id, unlistedModel: null };
  }
  if (body.unlistedModel) return { phoneModelId: null, unlistedModel: body.unlistedModel };
  return { phoneModelId: modelIn(body.productName, await modelsOf(db, body.categoryId))?.id ?? null, unlistedModel: null };
}

/**
 * The shipped catalogue (seed-assets/phone-models.csv) in the database: its brands as categories, its models, each
 * added once (a model already there, shipped or an Admin's, is left as it is). When any was added, the listings
 * without a model are matched again by the 'phone-model-links' job. Answers how many models were added.
 */
export async function loadShippedModels(db: Db) {
  const shipped = shippedModels();
  return db.transaction(async (tx) => {
    const brands = await tx.select({ id: categories.id, name: categories.name }).from(categories);
    const byName = new Map(brands.map((b) => [b.name.toLowerCase(), b.id]));
    const values = shipped.flatMap((m) => {
      const categoryId = byName.get(m.brand.toLowerCase());
      return categoryId ? [{ categoryId, name: m.name, nameBn: m.nameBn, aliases: m.aliases, variants: m.variants, year: m.year, slug: slugOf(m.name) }] : [];
    });
    if (!values.length) return 0;
    const added = await tx.insert(phoneModels).values(values).onConflictDoNothing().returning({ id: phoneModels.id });
    if (added.length) await enqueueJob(tx as unknown as Db, 'phone-model-links', {});
    return added.length;
  });
}

/** Listings looked at per run of the job. */
export const LINK_BATCH = 1000;

/**
 * The 'phone-model-links' job: the listings without a model (none picked, none typed) get the model their product name
 * names (`modelIn`), a batch per run in id order; a run queues the next one in its own transaction, so a crash resumes
 * where the last batch ended.
 */
export function phoneModelLinksJob(db: Db, batch = LINK_BATCH) {
  return async ({ after }: { after?: string }) => {
    await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: products.id, categoryId: products.categoryId, name: products.productName })
        .from(products)
        .where(and(isNull(products.phoneModelId), isNull(products.unlistedModel), after ? sql`${products.id} > ${after}` : undefined))
        .orderBy(asc(products.id))
        .limit(batch);
      const models = await tx
        .select({ id: phoneModels.id, categoryId: phoneModels.categoryId, name: phoneModels.name, nameBn: phoneModels.nameBn, aliases: phoneModels.aliases })
        .from(phoneModels);
      const found = rows.flatMap((r) => {
        const model = modelIn(
          r.name,
          models.filter((m) => m.categoryId === r.categoryId),
        );
        return model ? [{ id: r.id, model: model.id }] : [];
      });
      if (found.length)
        await tx.execute(
          sql`update ${products} set phone_model_id = m.model
              from jsonb_to_recordset(${JSON.stringify(found)}::jsonb) as m(id uuid, model uuid)
              where ${products.id} = m.id`,
        );
      if (rows.length === batch) await enqueueJob(tx as unknown as Db, 'phone-model-links', { after: rows.at(-1)!.id });
    });
  };
}
