import { z } from 'zod';
import { IdParams } from '../common.ts';
import { anyone, endpoint, role } from '../endpoint.ts';
import { ModelAliasBody, NewPhoneModelBody, PhoneModel, UnlistedModel } from '../phone-models.ts';
import { ModelPrices, ModelPricesParams, PriceGuide, PriceGuideQuery } from '../price-guide.ts';

const tag = 'phone-models';
const admin = role('Admin');

export const phoneModels = endpoint('phoneModels', {
  tag,
  summary: 'The model catalogue: every brand’s models, with the names people type for them, in Bangla, and their variants',
  access: anyone,
  data: z.array(PhoneModel),
  cache: 'public',
});

export const unlistedModels = endpoint('unlistedModels', {
  tag,
  summary: 'The models sellers typed as not in the list, by brand and name, the most listed first',
  access: admin,
  data: z.array(UnlistedModel),
});

export const addPhoneModel = endpoint('addPhoneModel', {
  tag,
  summary: 'Add a model to the catalogue: the listings flagged with its name or an alias become its listings (audited)',
  access: admin,
  body: NewPhoneModelBody,
  data: PhoneModel,
  status: [201],
  errors: { 400: ['unknown_category'], 409: ['phone_model_taken'] },
});

export const addModelAlias = endpoint('addModelAlias', {
  tag,
  summary: 'Add another name to a model: the listings flagged with that name become its listings (audited)',
  access: admin,
  params: IdParams,
  body: ModelAliasBody,
  data: PhoneModel,
  errors: { 404: ['not_found'], 409: ['phone_model_taken'] },
});

export const priceGuide = endpoint('priceGuide', {
  tag,
  summary:
    'The price guide of a model, storage and condition: the quartiles and median of its completed sales in the last 90 days, recent ones weighing more, or, with fewer than 5 sales, of the asking prices (null: neither)',
  access: anyone,
  query: PriceGuideQuery,
  data: PriceGuide.nullable(),
  cache: 'public',
});

export const modelPrices = endpoint('modelPrices', {
  tag,
  summary:
    'A model’s prices, for its public page: the guide of each storage size and condition that has one, the sales counted in the last 90 days (oldest first) and how many of its phones are for sale',
  access: anyone,
  params: ModelPricesParams,
  data: ModelPrices,
  cache: 'public',
  errors: { 404: ['not_found'] },
});
