import type { Condition, EditProductBody, Product } from '@market/contract';
import { imeiDigits, parseAmount } from '@market/contract/rules';

/** The product form's fields, as the inputs hold them (text; the declarations as ticks). */
export interface ProductFields {
  location: string;
  /** The district's id ('' until chosen: a listing from before districts whose location named none has none). */
  district: string;
  phoneNumber: string;
  originalPrice: string;
  resalePrice: string;
  productName: string;
  /** The purchase date; the spec's years of use are worked out from it (`yearsSince`: issue 35). */
  purchase: string;
  categoryId: string;
  /** The catalogue's model ('' until chosen), or the name typed as not in the list (issue 34). */
  phoneModelId: string;
  unlistedModel: string;
  condition: string;
  description: string;
  storageGb: string;
  ramGb: string;
  batteryHealth: string;
  model: string;
  colour: string;
  imei: string;
  notLocked: boolean;
  boxAndCharger: boolean;
  warrantyMonths: string;
}

export const emptyFields: ProductFields = {
  location: '',
  district: '',
  phoneNumber: '',
  originalPrice: '',
  resalePrice: '',
  productName: '',
  purchase: '',
  categoryId: '',
  phoneModelId: '',
  unlistedModel: '',
  condition: '',
  description: '',
  storageGb: '',
  ramGb: '',
  batteryHealth: '',
  model: '',
  colour: '',
  imei: '',
  notLocked: false,
  boxAndCharger: false,
  warrantyMonths: '0',
};

const shown = (n: number | null) => (n === null ? '' : String(n));

const DAY_MS = 86_400_000;

/**
 * The years a phone bought on `purchase` has been used by `today` (both 'YYYY-MM-DD'), to a tenth, at least a tenth
 * (the spec's years of use must be above 0): the form asks for the purchase date only and sends both (issue 35).
 */
export function yearsSince(purchase: string, today: string): number {
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${purchase}T00:00:00Z`)) / DAY_MS;
  return Number.isFinite(days) ? Math.max(0.1, Math.round((days / 365.25) * 10) / 10) : 0.1;
}

/**
 * A listing as its seller edits it (GET /api/own-product/:id: the whole IMEI and the phone number); its photos
 * are the photo field's. A listing posted before IMEIs were asked may be saved without one. The phone number is only in the seller's own copy (`phoneNumber`).
 */
export function fieldsOf(p: Product, phoneNumber = p.phoneNumber ?? ''): ProductFields {
  return {
    location: p.location,
    district: p.district?._id ?? '',
    phoneNumber,
    originalPrice: String(p.originalPrice),
    resalePrice: String(p.resalePrice),
    productName: p.productName,
    purchase: p.purchase.slice(0, 10),
    categoryId: p.categoryId._id,
    phoneModelId: p.phoneModel?._id ?? '',
    unlistedModel: p.unlistedModel ?? '',
    condition: p.condition,
    description: p.description,
    storageGb: shown(p.storageGb),
    ramGb: shown(p.ramGb),
    batteryHealth: shown(p.batteryHealth),
    model: p.model ?? '',
    colour: p.colour ?? '',
    imei: p.imei ?? '',
    notLocked: p.notLocked ?? false,
    boxAndCharger: p.boxAndCharger ?? false,
    warrantyMonths: String(p.warrantyMonths ?? 0),
  };
}

const filled = (text: string) => text.trim() !== '';

/**
 * What the API is sent, once every rule has passed: numbers as numbers, empty optional fields left out (an empty
 * IMEI keeps the listing's). `pictures`: every photo's URL, the cover first (`img` is the cover, as the spec has it);
 * the years of use as of `today`, from the purchase date.
 */
export function bodyOf(f: ProductFields, pictures: string[], today: string): EditProductBody {
  return {
    img: pictures[0]!,
    images: pictures,
    phoneNumber: f.phoneNumber,
    location: f.location,
    ...(f.district ? { district: f.district } : {}),
    purchase: f.purchase,
    originalPrice: parseAmount(f.originalPrice)!,
    resalePrice: parseAmount(f.resalePrice)!,
    productName: f.productName,
    useYears: yearsSince(f.purchase, today),
    categoryId: f.categoryId,
    condition: f.condition as Condition,
    description: f.description,
    storageGb: Number(f.storageGb),
    batteryHealth: parseAmount(f.batteryHealth)!,
    notLocked: f.notLocked,
    boxAndCharger: f.boxAndCharger,
    warrantyMonths: filled(f.warrantyMonths) ? parseAmount(f.warrantyMonths)! : 0,
    ...(filled(f.ramGb) ? { ramGb: parseAmount(f.ramGb)! } : {}),
    ...(filled(f.model) ? { model: f.model } : {}),
    ...(f.phoneModelId ? { phoneModelId: f.phoneModelId } : filled(f.unlistedModel) ? { unlistedModel: f.unlistedModel } : {}),
    ...(filled(f.colour) ? { colour: f.colour } : {}),
    ...(filled(f.imei) ? { imei: imeiDigits(f.imei) } : {}),
  };
}
