import fc from 'fast-check';
import type { Rule } from '../../src/access-table.ts';
import { actorNames, b64, refusesActor, type ActorName, type Token, type World } from './world.ts';

/**
 * What the fuzz test builds requests from: strings, values and keys that break things, path ids,
 * query strings, cookies and tokens. Bodies: bodies.ts.
 */

// Tokens.

/** Characters a client can put in a header value (Node refuses the others). */
const headerChar = fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }), fc.constant(0x09)).map((c) => String.fromCharCode(c));
export const headerString = (maxLength: number) => fc.string({ unit: headerChar, maxLength });

export function tokenArb(world: World, rule: Rule): fc.Arbitrary<Token> {
  const real = (name: ActorName) => world.actors[name].token;
  const forged = fc.constantFrom(...world.forged);
  const jwtShaped = fc
    .tuple(
      fc.oneof(
        fc.constantFrom({ alg: 'HS256', typ: 'JWT' }, { alg: 'none' }, { alg: 'NONE' }, { alg: 'RS256' }, { alg: 'HS256', kid: '../../dev/null' }, {}),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      fc.oneof(
        fc.record({
          _id: fc.oneof(
            fc.constantFrom(...actorNames).map((n) => world.actors[n]._id),
            fc.uuid(),
          ),
          role: fc.constantFrom('Admin', 'Seller', 'Buyer'),
          exp: fc.integer(),
        }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      fc.oneof(
        fc.constant(''),
        fc.base64String({ maxLength: 60 }).map((s) => s.replace(/[+/=]/g, '')),
        headerString(20),
      ),
    )
    .map(([h, p, s]) => `${b64(h)}.${b64(p)}.${s}`);
  const bad: fc.Arbitrary<Token> = fc
    .oneof(
      { weight: 4, arbitrary: forged },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom('Bearer ', 'bearer\t', 'BEARER  '), forged)
          .map(([prefix, f]) => ({ what: `${f.what}, "${prefix.trim()}" prefix`, value: prefix + f.value })),
      },
      {
        weight: 2,
        // Real tokens in forms the server must not read as a token.
        arbitrary: fc
          .tuple(fc.constantFrom(...actorNames), fc.constantFrom('Token %', 'Basic %', 'JWT %', 'Bearer Bearer %', '% %', 'Bearer %,%', '%.x', '%x'))
          .map(([name, form]) => ({ what: `real token as "${form}"`, value: form.replaceAll('%', real(name)) })),
      },
      { weight: 2, arbitrary: headerString(300).map((value) => ({ what: 'garbage', value })) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(
            'Bearer',
            'Bearer ',
            'bearer null',
            'null',
            'undefined',
            '[object Object]',
            'Bearer undefined',
            '.',
            '..',
            '...',
            'e30.e30.',
            'e30.e30.e30',
          )
          .map((value) => ({ what: 'garbage', value })),
      },
      { weight: 2, arbitrary: jwtShaped.map((value) => ({ what: 'JWT-shaped garbage', value })) },
    )
    .map((t) => ({ kind: 'bad' as const, ...t }));
  // Allowed callers (as far as their identity goes) more often: validation behind the auth layer is fuzzed too.
  const permitted = actorNames.filter((n) => !refusesActor(world, rule, n));
  const actor = fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...(permitted.length ? permitted : actorNames)) },
        { weight: 2, arbitrary: fc.constantFrom(...actorNames) },
      ),
      fc.constantFrom('', 'Bearer ', 'bearer ', 'BEARER\t', '  Bearer   '),
    )
    .map(([name, prefix]): Token => ({ kind: 'actor', actor: name, value: prefix + real(name) }));
  return fc.oneof({ weight: 2, arbitrary: fc.constant<Token>({ kind: 'none' }) }, { weight: 4, arbitrary: bad }, { weight: 5, arbitrary: actor });
}

// Strings, values and keys.

const specialChars = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202e',
  '\u2028',
  '\u2029',
  '\u2066',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '😀',
  '👩‍👩‍👧‍👦',
  '🇧🇩',
  'e\u0301',
  'ﷺ',
  'বাংলা',
  'עברית',
  'العربية',
  '中文',
  'İ',
  'ß',
  'ﬀ',
  '"',
  "'",
  '\\',
  '/',
  '<',
  '>',
  '&',
  '%',
  '$',
  '{',
  '}',
  '`',
  '${',
];
const weirdUnit = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 3, arbitrary: fc.constantFrom(...specialChars) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  // Lone surrogates: not valid UTF-16 on their own.
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
);
const trickyStrings = [
  "' or '1'='1",
  "'; drop table users; --",
  '"); drop table orders; --',
  '{"$gt":""}',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '%00',
  '%s%s%s%n',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  '\u202egnp.exe',
  'a'.repeat(300),
  '😀'.repeat(200),
  'Admin',
  '/uploads/../../etc/passwd',
  'javascript:alert(1)',
  'http://',
  'https://\u0000',
  '0000-00-00',
  '2023-02-30',
  '9999-99-99',
];
export const weirdString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: weirdUnit, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.constantFrom(...trickyStrings) },
);
/** 100k to 240k characters (more bytes than that when they are not ASCII). */
export const hugeString = fc
  .tuple(fc.string({ unit: weirdUnit, minLength: 1, maxLength: 4 }), fc.integer({ min: 100_000, max: 240_000 }))
  .map(([s, n]) => s.repeat(Math.ceil(n / s.length)).slice(0, n));
export const junkLeaf = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1,
      1.5,
      -0.0001,
      1e21,
      1e308,
      -1e308,
      2 ** 53 + 2,
      10_000_001,
      '',
      ' ',
      '\t\n',
      '0',
      '42',
      'null',
      'true',
      'Admin',
      'Seller',
      'sold',
      'Good',
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 5, arbitrary: weirdString },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.emailAddress() },
);
export const weirdKey = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'constructor',
      'prototype',
      'toString',
      'valueOf',
      'hasOwnProperty',
      '$where',
      '$gt',
      '_id',
      'id',
      'role',
      'sellerVerified',
      'admin',
      'advertise',
      'report',
      'status',
      'paid',
      'sellerId',
      'buyerId',
      '',
    ),
  },
  { weight: 3, arbitrary: weirdString },
);
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: junkLeaf },
  { weight: 1, arbitrary: fc.array(junkLeaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(weirdKey, junkLeaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: hugeString },
);

/** Percent-encodes every byte but unreserved ASCII; lone surrogates as their (invalid) three UTF-8-style bytes. */
function pctEncode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    const bytes =
      c < 0x80
        ? [c]
        : c < 0x800
          ? [0xc0 | (c >> 6), 0x80 | (c & 63)]
          : c < 0x10000
            ? [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)]
            : [0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)];
    for (const b of bytes)
      out += /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) && b < 0x80 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
/** Non-ASCII left raw in the URL; ASCII that would change the URL's structure encoded. */
const rawUnicode = (s: string) => [...s].map((ch) => (ch.charCodeAt(0) < 0x80 ? encodeURIComponent(ch) : ch)).join('');

// Path ids and query strings.

/** What a path's parameters are: an id, a user's id or e-mail, a card payment's id, a brand's and a model's slugs ('brand/model'). */
export type IdKind = 'uuid' | 'userRef' | 'intent' | 'slugs';

const junkIds = [
  '',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%ED%BF%BF',
  '%C0%AF',
  '%FF%FE',
  '%00',
  '%0A',
  '%0D%0A',
  '..%2F..%2Fetc%2Fpasswd',
  '..%5C..%5Cwindows',
  '%2e%2e%2f%2e%2e%2f',
  '..',
  '.',
  '...',
  '~',
  '%2F',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  'true',
  '%5B%5D',
  '%7B%7D',
  '__proto__',
  'constructor',
  'prototype',
  '%F0%9F%98%80'.repeat(20),
  '%E2%80%AE',
  '%EF%BB%BF',
  'a'.repeat(301),
  `${'%41'.repeat(200)}`,
  ...["1' or '1'='1", "'; drop table users; --", '{"$gt":""}', '<script>alert(1)</script>', 'a b', 'a?b', 'a#b', 'a;b', 'a,b'].map(encodeURIComponent),
];

export function idArb(world: World, kind: IdKind): fc.Arbitrary<string> {
  const real =
    kind === 'intent'
      ? [world.intent.id]
      : kind === 'slugs'
        ? [world.modelPath, 'apple/iphone-13', 'samsung/galaxy-s23-ultra']
        : [
            ...actorNames.map((n) => world.actors[n]._id),
            world.categoryId,
            ...world.productIds,
            ...world.orderIds,
            ...world.conversationIds,
            ...world.messageIds,
            ...world.savedSearchIds,
            ...(kind === 'userRef' ? actorNames.map((n) => world.actors[n].email) : []),
          ];
  const slug = fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,10}){0,3}$/);
  const unknown =
    kind === 'slugs'
      ? fc.tuple(slug, slug).map(([b, m]) => `${b}/${m}`)
      : kind === 'intent'
        ? fc.stringMatching(/^pi_\w{1,30}$/)
        : kind === 'userRef'
          ? fc.oneof(fc.uuid(), fc.emailAddress().map(encodeURIComponent))
          : fc.uuid();
  const malformed = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...junkIds) },
    { weight: 3, arbitrary: weirdString.filter((s) => s.length > 0).map(pctEncode) },
    { weight: 1, arbitrary: weirdString.filter((s) => s.length > 0).map(rawUnicode) },
    {
      weight: 2,
      arbitrary: fc
        .uuid()
        .chain((u) =>
          fc.constantFrom(
            `${u.slice(0, -1)}g`,
            `${u}-extra`,
            u.replaceAll('-', ''),
            `%7B${u}%7D`,
            `%20${u}`,
            `${u}%00`,
            `${u}%20`,
            u.slice(1),
            `${u}0`,
            `${u}/`,
            `${u}/x`,
          ),
        ),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', '0', '-', '%41', '%F0%9F%98%80'), fc.integer({ min: 100, max: 2000 })).map(([c, n]) => c.repeat(n)) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()).map((n) => encodeURIComponent(String(n))) },
    { weight: 1, arbitrary: fc.stringMatching(/^pi_[^/?#]{0,20}$/).map(pctEncode) },
  );
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(...real).chain((id) => fc.constantFrom(id, id.toUpperCase(), encodeURIComponent(id), `%20${id}`, `${id}%00`, `${id}x`)),
    },
    { weight: 2, arbitrary: unknown },
    { weight: 5, arbitrary: malformed },
  );
}

const queryKey = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('limit', 'cursor') },
  // The search's own (GET /api/products, /api/product-suggestions) and the admin chart's period; the other routes ignore them.
  { weight: 2, arbitrary: fc.constantFrom('q', 'category', 'condition', 'minPrice', 'maxPrice', 'location', 'verified', 'sort', 'period') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'limit[]',
      'cursor[0]',
      'limit[a]',
      '__proto__',
      '__proto__[polluted]',
      'constructor[prototype][polluted]',
      'code',
      'state',
      'error',
      'iss',
      '',
    ),
  },
  { weight: 1, arbitrary: weirdString.map(pctEncode) },
);
const queryValue = (world: World) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '1',
        '2',
        '50',
        '100',
        '101',
        '1e2',
        '1.5',
        'NaN',
        'Infinity',
        '-0',
        '0x10',
        '%20%205',
        '5%20%20',
        '9'.repeat(400),
        '',
        'null',
        'true',
        '%00',
        '%',
        '%zz',
        '%ED%A0%80',
        '[]',
      ),
    },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double().map((d) => encodeURIComponent(String(d))) },
    { weight: 2, arbitrary: fc.uuid() },
    // Values the search and the chart take, so that the fuzz reaches past their validation too.
    { weight: 1, arbitrary: fc.constantFrom('Weekly', 'Monthly', 'galaxy', 'gal', 'price_asc', 'relevance', 'Good') },
    { weight: 1, arbitrary: fc.constantFrom(...actorNames).map((n) => world.actors[n]._id) },
    { weight: 2, arbitrary: weirdString.map(pctEncode) },
  );
export const queryArb = (world: World) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    {
      weight: 5,
      arbitrary: fc
        .array(fc.tuple(queryKey, queryValue(world)), { minLength: 1, maxLength: 4 })
        .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?',
        '?&&',
        '?limit',
        '?=',
        '?==',
        '?limit=1&limit=2',
        '?cursor=a&cursor=b',
        '?%',
        '?a=%zz',
        '?%ED%A0%80=1',
        `?${'x'.repeat(5000)}=1`,
      ),
    },
  );

export const cookieArb = fc.oneof(
  fc.constant(undefined),
  headerString(200),
  headerString(200).map((v) => `google_sign_in=${v}`),
  fc
    .array(
      fc.base64String({ maxLength: 40 }).map((s) => s.replace(/[+/=]/g, '')),
      { minLength: 5, maxLength: 5 },
    )
    .map((segments) => `google_sign_in=${segments.join('.')}`),
);
