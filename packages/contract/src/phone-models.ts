import { z } from 'zod';
import { Id, text } from './common.ts';
import { maxLength, maxRamGb, messages, storageSizes } from './rules.ts';

/*
 * The model catalogue (issue 34, item 1; decision 057): brands (the categories) → models → variants, with the names
 * people type for each model and its Bangla spelling. The listing form picks from it; a model not in it is typed and
 * flagged for an Admin, who adds it (or the name, to a model it is another name of).
 */

/** One configuration a model was sold in: RAM and storage, in GB. */
export const Variant = z.object({
  ramGb: z.number({ error: messages.ram }).int({ error: messages.ram }).min(1, { error: messages.ram }).max(maxRamGb, { error: messages.ram }),
  storageGb: z.number({ error: messages.storage }).refine((v) => (storageSizes as readonly number[]).includes(v), { error: messages.storage }),
});
export type Variant = z.infer<typeof Variant>;

export const PhoneModel = z.object({
  _id: z.uuid(),
  brand: z.object({ _id: z.uuid(), category: z.string() }),
  /** Without the brand ("Galaxy S23 Ultra"). */
  name: z.string(),
  /** In Bangla script. */
  nameBn: z.string(),
  /** Other names people type for it. */
  aliases: z.array(z.string()),
  variants: z.array(Variant),
  year: z.number().int().nullable(),
  /** Its part of an address, unique within its brand. */
  slug: z.string(),
});
export type PhoneModel = z.infer<typeof PhoneModel>;

/** The catalogue's link on a listing: the model, named as a page shows it. */
export const ListingModel = PhoneModel.pick({ _id: true, name: true, nameBn: true, slug: true });
export type ListingModel = z.infer<typeof ListingModel>;

/** A model sellers typed as "not in the list", as an Admin sees it: one row per brand and name (letter case aside). */
export const UnlistedModel = z.object({
  brand: z.object({ _id: z.uuid(), category: z.string() }),
  name: z.string(),
  /** Listings that name it (sold ones too). */
  listings: z.number().int(),
  firstSeen: z.string(),
});
export type UnlistedModel = z.infer<typeof UnlistedModel>;

const ModelName = text(maxLength.model);

/** An Admin's new model: the names of listings flagged with its name or one of its aliases become its listings. */
export const NewPhoneModelBody = z
  .object({
    categoryId: Id,
    name: ModelName,
    nameBn: ModelName,
    aliases: z.array(ModelName).max(10, { error: 'must hold at most 10 names' }).default([]),
    variants: z.array(Variant).min(1, { error: 'must hold at least one variant' }).max(12, { error: 'must hold at most 12 variants' }),
    year: z
      .number({ error: messages.number })
      .int({ error: messages.number })
      .min(2000, { error: 'must be from 2000' })
      .max(2100, { error: 'must be at most 2100' })
      .optional(),
  })
  .superRefine((v, ctx) => {
    const names = [v.name, ...v.aliases].map((n) => n.toLowerCase());
    if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', path: ['aliases'], message: 'must not repeat the name or each other' });
  });
export type NewPhoneModelBody = z.infer<typeof NewPhoneModelBody>;

/** Another name of a model (what a seller typed for it): its flagged listings become the model's. */
export const ModelAliasBody = z.object({ alias: ModelName });
export type ModelAliasBody = z.infer<typeof ModelAliasBody>;

export { modelIn, modelWords, pricesPath, slugOf } from './model-names.ts';
