import fc from 'fast-check';
import { headerString, hugeString, junk, weirdKey, weirdString } from './arbitraries.ts';
import type { World } from './world.ts';

/** Bodies: JSON (a route's valid body spoiled, and every other kind of bad input), uploads, webhook events. */

/** Fastify's bodyLimit in app.ts. */
export const BODY_LIMIT = 256 * 1024;

export type Entries = [string, unknown][];
export interface Body {
  payload: string | Buffer;
  /** The content-type header; undefined: none sent. */
  type: string | undefined;
  /** What kind of body (for the tally and the failure report). */
  what: string;
  /** A JSON body's fields before serialization, when it has them. */
  extra?: Record<string, string>;
}

export const serialize = (entries: Entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
export const bytes = (payload: string | Buffer) => (typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length);

/** Content types the server may read as JSON, loosely (for deciding a body is refused: when in doubt, it is not). */
export const mayBeJson = (type: string | undefined) => type !== undefined && /application\/json/i.test(type);
/** Content types the server surely reads as JSON (for expecting a 413 over the body limit rather than a 415). */
export const isJson = (type: string | undefined) => type !== undefined && /^\s*application\/json\s*(;.*)?$/i.test(type);
const jsonType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json;charset=UTF-8',
  ' application/json',
);
const otherType = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom<string | undefined>(
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'application/xml',
      'text/xml',
      'multipart/form-data',
      'multipart/form-data; boundary=----fuzz',
      'application/octet-stream',
      'text/json',
      'application/jsonx',
      'application/ld+json',
      'application/vnd.api+json',
      'image/png',
      '*/*',
      'json',
      '',
      undefined,
    ),
  },
  { weight: 1, arbitrary: headerString(60) },
);

/** Bodies for a JSON route: mostly its valid body spoiled, and every other kind of bad input. */
export function jsonBodyArb(valid: fc.Arbitrary<Entries>): fc.Arbitrary<Body> {
  const keysOf = (e: Entries) => e.map(([k]) => k);
  const spoiled = valid.chain((base) =>
    fc
      .record({
        drop: fc.subarray(keysOf(base)),
        replace: fc.array(fc.tuple(fc.constantFrom(...keysOf(base)), junk), { maxLength: 3 }),
        extra: fc.array(fc.tuple(fc.oneof(weirdKey, fc.constantFrom(...keysOf(base))), junk), { maxLength: 4 }),
        extraFirst: fc.boolean(),
        type: jsonType,
      })
      .map(({ drop, replace, extra, extraFirst, type }): Body => {
        let e: Entries = base.filter(([k]) => !drop.includes(k));
        for (const [k, v] of replace) e = e.map(([key, value]) => [key, key === k ? v : value]);
        e = extraFirst ? [...extra, ...e] : [...e, ...extra];
        const what = drop.length ? 'missing fields' : replace.length ? 'wrong values' : extra.length ? 'extra fields' : 'valid fields';
        return { payload: serialize(e), type, what };
      }),
  );
  const serialized = valid.map(serialize);
  const badJson = fc.oneof(
    fc.constantFrom(
      '{',
      '}',
      '{"a":',
      '{a:1}',
      "{'a':1}",
      '{"a":1,}',
      '[1,]',
      '{"a":1}}',
      'undefined',
      'NaN',
      '\u0000',
      '{"a":"\u0000"',
      '{"a":01}',
      '{"a":.5}',
      '{"a":+1}',
      '{"a":0x10}',
      '{"a":"\\x41"}',
      '{"a":"\\u12"}',
      '//{}',
      '/*x*/{}',
      '{"a":Infinity}',
      ' ',
      '\n',
      'nul',
      'tru',
      '',
    ),
    fc.tuple(serialized, fc.nat()).map(([s, n]) => s.slice(0, n % s.length)),
    fc
      .tuple(serialized, fc.nat(), fc.constantFrom('"', '{', '}', ',', ':', '\\', '\u0000', '\n', ']'))
      .map(([s, n, ch]) => s.slice(0, n % s.length) + ch + s.slice(n % s.length)),
    weirdString,
  );
  const poisonRaw = fc.constantFrom(
    '"__proto__":{"polluted":"yes","role":"Admin"}',
    '"constructor":{"prototype":{"polluted":"yes"}}',
    '"__proto__":{"__proto__":{"polluted":"yes"}}',
    '"nested":{"__proto__":{"polluted":"yes"}}',
    '"list":[{"constructor":{"prototype":{"polluted":"yes"}}}]',
    '"\\u005f_proto__":{"polluted":"yes"}',
    '"__pro\\u0074o__":{"polluted":"yes"}',
    '"constructor":{"\\u0070rototype":{"polluted":"yes"}}',
    '"__proto__":null',
    '"__proto__":[]',
    '"constructor":{"prototype":null}',
  );
  return fc.oneof(
    { weight: 10, arbitrary: spoiled },
    // Unspoiled too: the route must judge the data itself (or the request gets another defect).
    { weight: 5, arbitrary: fc.tuple(serialized, jsonType).map(([payload, type]): Body => ({ payload, type, what: 'valid fields' })) },
    { weight: 2, arbitrary: fc.tuple(badJson, jsonType).map(([payload, type]): Body => ({ payload, type, what: 'bad JSON' })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(
            serialized,
            serialized.map((s) => new URLSearchParams(JSON.parse(s) as Record<string, string>).toString()),
            fc.constantFrom('<a>1</a>', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
            weirdString,
          ),
          otherType,
        )
        .map(([payload, type]): Body => ({ payload, type, what: 'wrong content type' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.constantFrom('null', '[]', '0', '-1', '""', '"x"', 'true', 'false', '[{}]', '[null]', '1e999'),
            serialized.map((s) => `[${s}]`),
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
          jsonType,
        )
        .map(([payload, type]): Body => ({ payload, type, what: 'not an object' })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, poisonRaw, fc.boolean(), jsonType).map(([e, poison, first, type]): Body => {
        const body = serialize(e).slice(1, -1);
        return { payload: `{${first || !body ? poison + (body ? ',' : '') + body : `${body},${poison}`}}`, type, what: 'prototype keys' };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, hugeString, jsonType).map(([e, huge, type]): Body => {
        const [k] = e[Math.floor(huge.length % e.length)]!;
        return { payload: serialize(e.map(([key, v]) => [key, key === k ? huge : v])), type, what: 'huge string' };
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.integer({ min: BODY_LIMIT + 1, max: 2 * BODY_LIMIT }), jsonType)
        .map(([e, n, type]): Body => ({ payload: serialize([...e, ['padding', 'x'.repeat(n)]]), type, what: 'over the body limit' })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.integer({ min: 500, max: 5000 }), fc.boolean(), jsonType).map(([e, depth, arrays, type]): Body => {
        const deep = arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
        return { payload: `{${serialize(e).slice(1, -1)},"deep":${deep}}`, type, what: 'deeply nested' };
      }),
    },
  );
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const imageLike = (world: World): fc.Arbitrary<Buffer> =>
  fc.oneof(
    fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
    fc
      .tuple(
        fc.constantFrom(
          PNG_MAGIC,
          [0xff, 0xd8, 0xff, 0xe0],
          [...Buffer.from('GIF89a')],
          [...Buffer.from('RIFF\0\0\0\0WEBPVP8 ')],
          [0, 0, 0, 0x1c, ...Buffer.from('ftypavif')],
          [...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">')],
        ),
        fc.uint8Array({ maxLength: 1024 }),
      )
      .map(([magic, rest]) => Buffer.concat([Buffer.from(magic), Buffer.from(rest)])),
    // A real picture cut short (at most half of it): never decodable.
    fc.integer({ min: 0, max: Math.floor(world.png.length / 2) }).map((n) => world.png.subarray(0, n)),
    weirdString.map((s) => Buffer.from(s)),
  );

/** Uploads that are never a decodable picture (a stored picture would be a file anyway, not a row). */
export function multipartArb(world: World): fc.Arbitrary<Body> {
  const part = fc.record({
    name: fc.oneof(fc.constantFrom('image', 'image', 'file', 'Image', 'image[]', '', '__proto__'), weirdString),
    filename: fc.option(fc.oneof(fc.constantFrom('a.png', '../../etc/passwd', 'a.php', 'a.png\u0000.php', '😀.jpg'), weirdString)),
    type: fc.option(
      fc.constantFrom('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/svg+xml', 'text/plain', 'application/octet-stream'),
    ),
    data: imageLike(world),
  });
  const form = fc
    .record({
      boundary: fc.oneof(fc.constant('----fuzz'), fc.stringMatching(/^[A-Za-z0-9'()+_,\-.:=?]{1,70}$/)),
      parts: fc.array(part, { maxLength: 7 }),
      breakage: fc.constantFrom('none', 'none', 'none', 'no closing', 'other boundary', 'no boundary', 'truncated', 'preamble', 'LF only'),
    })
    .map(({ boundary, parts, breakage }): Body => {
      const chunks: Buffer[] = [];
      for (const p of parts) {
        const disposition = `form-data; name="${p.name}"${p.filename === null ? '' : `; filename="${p.filename}"`}`;
        chunks.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`),
          p.data,
          Buffer.from('\r\n'),
        );
      }
      if (breakage !== 'no closing') chunks.push(Buffer.from(`--${boundary}--\r\n`));
      if (breakage === 'preamble') chunks.unshift(Buffer.from('garbage before the first boundary\r\n'));
      let payload = Buffer.concat(chunks);
      if (breakage === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
      if (breakage === 'LF only') payload = Buffer.from(payload.toString('latin1').replaceAll('\r\n', '\n'), 'latin1');
      const type =
        breakage === 'no boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${breakage === 'other boundary' ? 'not-the-one' : boundary}`;
      return { payload, type, what: `multipart (${breakage})` };
    });
  const notForm = fc
    .tuple(fc.oneof(fc.constant('{"image":"data:image/png;base64,iVBORw0KGgo="}'), weirdString), fc.oneof(jsonType, otherType))
    .map(([payload, type]): Body => ({ payload, type, what: 'not multipart' }));
  return fc.oneof({ weight: 4, arbitrary: form }, { weight: 1, arbitrary: notForm });
}

/** Anything at all for the Stripe webhook, which is off here (no Stripe keys): every call is refused. */
export function webhookArb(world: World): fc.Arbitrary<Body> {
  const event = fc.record({
    id: fc.oneof(fc.constant('evt_fuzz_handled'), fc.stringMatching(/^evt_\w{1,20}$/)),
    type: fc.constantFrom('payment_intent.succeeded', 'charge.refunded'),
    data: fc.record({ object: fc.record({ id: fc.constant(world.intent.id), metadata: fc.record({ orderId: fc.constantFrom(...world.orderIds) }) }) }),
  });
  return fc.oneof(
    fc
      .tuple(event, jsonType)
      .map(([e, type]): Body => ({ payload: JSON.stringify(e), type, what: 'unsigned event', extra: { 'stripe-signature': 't=1,v1=00' } })),
    fc
      .tuple(
        fc.oneof(
          weirdString,
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        fc.oneof(jsonType, otherType),
        headerString(80),
      )
      .map(([payload, type, sig]): Body => ({ payload, type, what: 'junk event', extra: { 'stripe-signature': sig } })),
  );
}

/** Routes without a body sometimes get one anyway. */
export const strayBody: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.oneof(
          junk.map((v) => JSON.stringify(v) ?? ''),
          weirdString,
        ),
        fc.oneof(jsonType, otherType),
      )
      .map(([payload, type]): Body => ({ payload, type, what: 'stray body' })),
  },
);
