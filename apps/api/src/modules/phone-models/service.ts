import { slugOf, type ModelAliasBody, type NewPhoneModelBody, type UnlistedModel } from '@market/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, phoneModels, products } from '../../db/schema.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordAdminAct } from '../audit/service.ts';
import { toModel, type ModelRow } from './catalogue.ts';

/** The whole catalogue, brand by brand in the shop's order, the newest models first. */
export async function listModels(db: Db) {
  const rows = await db
    .select({ model: phoneModels, category: categories.name })
    .from(phoneModels)
    .innerJoin(categories, eq(categories.id, phoneModels.categoryId))
    .orderBy(categories.position, categories.name, sql`${phoneModels.year} desc nulls last`, phoneModels.name);
  return rows.map((r) => toModel(r.model, r.category));
}

/** The names sellers typed as not in the list, one row per brand and name (letter case aside), the most listed first. */
export async function unlistedModels(db: Db): Promise<UnlistedModel[]> {
  const rows = await db
    .select({
      categoryId: products.categoryId,
      category: categories.name,
      name: sql<string>`min(${products.unlistedModel})`,
      listings: sql<number>`count(*)::int`,
      firstSeen: sql<Date>`min(${products.createdAt})`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(sql`${products.unlistedModel} is not null`)
    .groupBy(products.categoryId, categories.name, sql`lower(${products.unlistedModel})`)
    .orderBy(sql`count(*) desc`, sql`min(${products.createdAt})`)
    .limit(200);
  return rows.map((r) => ({
    brand: { _id: r.categoryId, category: r.category },
    name: r.name,
    listings: Number(r.listings),
    firstSeen: new Date(r.firstSeen).toISOString(),
  }));
}

/** The flagged listings of the brand that name one of `names` become the model's (their documents then hold its names). */
async function linkFlagged(db: Db, model: ModelRow, names: string[]) {
  await db
    .update(products)
    .set({ phoneModelId: model.id, unlistedModel: null })
    .where(
      and(eq(products.categoryId, model.categoryId), sql`lower(${products.unlistedModel}) = any(${sql.param(names.map((n) => n.toLowerCase()))}::text[])`),
    );
}

/** Another model of the brand by one of these names (its name or an alias) answers 409. */
async function namesFree(db: Db, categoryId: string, names: string[]) {
  const lower = names.map((n) => n.toLowerCase());
  const [taken] = await db
    .select({ id: phoneModels.id })
    .from(phoneModels)
    .where(
      and(
        eq(phoneModels.categoryId, categoryId),
        sql`(lower(${phoneModels.name}) = any(${sql.param(lower)}::text[]) or exists (select 1 from unnest(${phoneModels.aliases}) a where lower(a) = any(${sql.param(lower)}::text[])))`,
      ),
    )
    .limit(1);
  if (taken) throw conflict('phone_model_taken');
}

const categoryName = async (db: Db, id: string) => {
  const [row] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, id)).limit(1);
  return row?.name;
};

/** An Admin's new model, with its audit entry, in one transaction; the listings flagged with its names become its. */
export async function addModel(db: Db, admin: AuthUser, body: NewPhoneModelBody) {
  return db.transaction(async (tx) => {
    const category = await categoryName(tx, body.categoryId);
    if (!category) throw badRequest('unknown_category');
    // One model at a time per brand: two Admins adding the same name cannot both pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('phone-models'), hashtext(${body.categoryId}))`);
    await namesFree(tx, body.categoryId, [body.name, ...body.aliases]);
    const model = await insertModel(tx, { ...body, slug: slugOf(body.name), addedBy: admin.id });
    await linkFlagged(tx, model, [model.name, ...model.aliases]);
    await recordAdminAct(tx, admin, { action: 'add-phone-model', target: { kind: 'phone-model', id: model.id, label: `${category} ${model.name}` } });
    return toModel(model, category);
  });
}

async function insertModel(db: Db, values: typeof phoneModels.$inferInsert) {
  try {
    const [model] = await db.insert(phoneModels).values(values).returning();
    return model!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('phone_model_taken');
    throw err;
  }
}

/** Another name of a model (audited): its listings' documents hold it from now, and the flagged ones by it become its. */
export async function addAlias(db: Db, admin: AuthUser, id: string, { alias }: ModelAliasBody) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(phoneModels).where(eq(phoneModels.id, id)).limit(1);
    if (!current) throw notFound('Model');
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('phone-models'), hashtext(${current.categoryId}))`);
    await namesFree(tx, current.categoryId, [alias]);
    // Locked by the advisory lock: the row read after it is the one to append to.
    const [model] = await tx
      .update(phoneModels)
      .set({ aliases: sql`array_append(${phoneModels.aliases}, ${alias}::text)` })
      .where(eq(phoneModels.id, id))
      .returning();
    // Its listings' search documents are written again by their trigger, now with the new name.
    await tx.update(products).set({ phoneModelId: id }).where(eq(products.phoneModelId, id));
    await linkFlagged(tx, model!, [alias]);
    const category = (await categoryName(tx, model!.categoryId))!;
    await recordAdminAct(tx, admin, { action: 'add-model-alias', target: { kind: 'phone-model', id, label: `${category} ${model!.name}` }, reason: alias });
    return toModel(model!, category);
  });
}
