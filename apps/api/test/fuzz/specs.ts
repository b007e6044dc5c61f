import {
  AdjustmentBody,
  DecisionBody,
  DisputeAnswerBody,
  DisputeBody,
  DisputeQuestionBody,
  HandoverBody,
  ChangePasswordBody,
  ForgotPasswordBody,
  GoogleUserBody,
  LanguageBody,
  MailPreferences,
  notificationKinds,
  LoginBody,
  NewOrderBody,
  EditProductBody,
  ModelAliasBody,
  ApproveListingBody,
  RejectListingBody,
  ModerationBody,
  NewReviewBody,
  EditReviewBody,
  AnswerBody,
  NewPhoneModelBody,
  NewProductBody,
  ReportBody,
  PaymentBody,
  PaymentIntentBody,
  ResetPasswordBody,
  SandboxConfirmBody,
  SignUpBody,
  VerifyEmailBody,
  StillAvailableBody,
  PayoutBody,
  MyNumberBody,
  PayoutMethodBody,
  PayoutOutcomeBody,
  SmsCodeBody,
  NewConversationBody,
  MessageBody,
  ReadBody,
  MessageReportBody,
  PushSubscriptionBody,
  PushEndpointBody,
  SaveSearchBody,
  SavedSearchFrequencyBody,
} from '@market/contract';
import { createECDH, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { ZodType } from 'zod';
import type { RouteKey } from '../../src/access-table.ts';
import { productBody } from '../fixtures.ts';
import { junkLeaf, weirdString, type IdKind } from './arbitraries.ts';
import type { Entries } from './bodies.ts';
import { actorNames, isVerified, PASSWORDS, type ActorName, type World } from './world.ts';

/** Per route: which id its path takes, what it reads, and the valid bodies the fuzz test starts from. */

export interface JsonSpec {
  kind: 'json';
  schema: ZodType;
  /** Bodies the schema accepts. */
  valid: () => fc.Arbitrary<Entries>;
  /** Why a body the schema accepts changes nothing on this route, if it cannot (else it needs another defect). */
  harmless?: (value: Record<string, unknown>) => boolean;
}
type BodySpec = JsonSpec | { kind: 'multipart' } | { kind: 'webhook' };
export interface Spec {
  id?: IdKind;
  query?: true;
  cookie?: true;
  body?: BodySpec;
  /** Callers (the access table lets through) for whom the route can change nothing, and why. */
  harmlessCaller?: { why: string; when: (actor: ActorName) => boolean };
  /**
   * A write that answers success whether or not it did anything, when it must not tell the two apart (or has
   * nothing to tell: an unblock of nobody blocked): its status and data, for a request whose only defect is this.
   */
  answersAlike?: { status: number; data: Record<string, unknown>; defect: 'harmless body' | 'unknown id' };
  /** A GET that writes (an Admin's reading of a conversation, in the audit log): fuzzed as a write, never let through. */
  audited?: true;
  /** A live stream (text/event-stream) for a caller it lets in: read as a stream, its first lines (helper.ts `call`). */
  stream?: true;
}

const entries = (record: Record<string, unknown>): Entries => Object.entries(record);
/** Browsers' subscription keys: P-256 public keys and auth secrets, as PushSubscription.toJSON() gives them. */
const pushKeys = [1, 2, 3].map(() => createECDH('prime256v1').generateKeys().toString('base64url'));
const pushAuths = [1, 2, 3].map(() => randomBytes(16).toString('base64url'));
/** Addresses no push service has: ours, a stranger's server, look-alikes (the server must never POST there). */
const strangePushEndpoints = [
  'https://127.0.0.1/push',
  'http://fcm.googleapis.com/fcm/send/abc',
  'https://fcm.googleapis.com.evil.example/fcm/send/abc',
  'https://user:pass@fcm.googleapis.com/fcm/send/abc',
  'https://fcm.googleapis.com:8443/fcm/send/abc',
  'https://notify.windows.com/w/abc',
  'https://169.254.169.254/latest/meta-data/',
  'https://localhost:3000/api/admin/message-reports',
  'ftp://updates.push.services.mozilla.com/wpush/v2/abc',
];
const phone = fc.constantFrom('01712-345678', '+8801712345678', '01911 222333');
const newPassword = fc.constantFrom('brand-new-secret', '😀😀😀😀😀😀', 'p'.repeat(200), 'secret1');
const json = (schema: ZodType, valid: () => fc.Arbitrary<Record<string, unknown>>, harmless?: JsonSpec['harmless']): JsonSpec => ({
  kind: 'json',
  schema,
  valid: () => valid().map(entries),
  ...(harmless ? { harmless } : {}),
});

/** Which ids a request names, and what it sends: every route of the access table. */
export function specsFor(world: World): Record<RouteKey, Spec> {
  /** A picture URL of the form the contract wants: one in the uploads table, or one nobody uploaded. */
  const pictureUrl = () =>
    fc.oneof(
      fc.constantFrom(...world.uploads),
      fc.uuid().map((u) => `/uploads/${u}.webp`),
    );
  const isUpload = (url: unknown) => world.uploads.includes(String(url));
  /** Keys of "Still available" links of the world's listings with a made-up signature (the server's is not the test's to make). */
  const stillAvailableKeys = () =>
    fc
      .tuple(fc.constantFrom(...world.productIds), fc.integer({ min: 0, max: 4_000_000_000 }), fc.base64String({ minLength: 44, maxLength: 44 }))
      .map(([id, term, mac]) => fc.record({ token: fc.constant(`${id}.${term}.${mac.replace(/\+/g, '-').replace(/\//g, '_').slice(0, 43)}`) }))
      .chain((r) => r);
  /** One-time link codes: the world's live and dead ones (each route's harmless rule says which work there), and made-up ones. */
  const linkCode = () =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...world.links.verify, ...world.links.reset, ...world.links.dead) },
      // The contract trims: a live code with spaces is still that code.
      { weight: 1, arbitrary: fc.constantFrom(...world.links.verify, ...world.links.reset).map((t) => ` ${t}\t`) },
      // Almost a live code: one character changed, or upper-cased (base64url is case-sensitive).
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...world.links.verify, ...world.links.reset), fc.nat(42))
          .map(([t, i]) => t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1)),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...world.links.verify, ...world.links.reset)
          .map((t) => t.toUpperCase())
          .filter((t) => !world.links.verify.includes(t) && !world.links.reset.includes(t)),
      },
      { weight: 2, arbitrary: fc.stringMatching(/^[\w-]{43}$/) },
    );
  /** An account's e-mail, in the forms the contract makes it again (case, spaces), or an address with no account. */
  const someEmail = () =>
    fc.oneof(
      fc.constantFrom(...world.emails),
      fc.constantFrom(...world.emails).map((e) => ` ${e.toUpperCase()} `),
      fc.uuid().map((u) => `fuzz-${u}@example.com`),
      fc.constant('nobody@example.com'),
    );

  /** What a message says: words, photos (uploaded or not, the caller's or not), or both. */
  const message = () =>
    fc
      .record(
        {
          body: fc.constantFrom('Is it still available?', 'আজ বিকেলে দেখা করা যাবে?', 'Send the OTP you got', '😀'),
          images: fc.uniqueArray(pictureUrl(), { minLength: 1, maxLength: 4 }),
        },
        { requiredKeys: [] },
      )
      .filter((m) => m.body !== undefined || m.images !== undefined);
  /** A push service's address for a browser (each of the four the server sends to). */
  const pushEndpoint = () =>
    fc
      .tuple(
        fc.constantFrom(
          'https://fcm.googleapis.com/fcm/send/',
          'https://updates.push.services.mozilla.com/wpush/v2/',
          'https://web.push.apple.com/',
          'https://wns2-par02p.notify.windows.com/w/?token=',
        ),
        fc.stringMatching(/^[\w-]{8,40}$/),
      )
      .map(([origin, id]) => origin + id);

  /** An Admin's reason for an act on a reported phone. */
  const moderation = () => fc.record({ reason: fc.constantFrom('Checked: the listing is fine', 'রিপোর্ট সঠিক নয়') });
  /** A whole listing, as the add and edit forms send it. */
  const listing = () =>
    fc
      .record({
        categoryId: fc.oneof(fc.constant(world.categoryId), fc.uuid()),
        img: pictureUrl(),
        phoneNumber: phone,
        condition: fc.constantFrom('Excellent', 'Good', 'Fair'),
        useYears: fc.constantFrom(0.5, 1, 3),
        storageGb: fc.constantFrom(64, 128, '256'),
        batteryHealth: fc.constantFrom(1, 85, 100),
        imei: fc.constantFrom('490154203237518', '35-209900-176148-1', '356938035643809'),
      })
      .map(({ categoryId, img, ...rest }) => productBody(categoryId, img, rest));
  // No such category, or a picture nobody uploaded: refused before anything is written.
  const unwritable = (value: Record<string, unknown>) => value.categoryId !== world.categoryId || !isUpload(value.img);

  return {
    'GET /api/health': {},
    'GET /api/demo-accounts': {},
    'POST /api/user': {
      body: json(
        SignUpBody,
        () =>
          fc.record(
            {
              name: fc.constantFrom('Fuzz Buyer', 'রহিম', 'O\u2019Brien'),
              email: fc.oneof(
                fc.uuid().map((u) => `fuzz-${u}@example.com`),
                fc.constantFrom(...actorNames).map((n) => world.actors[n].email),
              ),
              password: fc.constantFrom('secret1', 'correct horse battery', '😀😀😀😀😀😀'),
              role: fc.constantFrom('Buyer', 'Seller'),
              userImg: pictureUrl(),
              id: fc.constantFrom('firebase-uid', 'x'),
              language: fc.constantFrom('en', 'bn'),
            },
            { requiredKeys: ['name', 'email', 'password', 'role', 'userImg'] },
          ),
        // A picture nobody uploaded is refused before anything is written (with an upload, a new address makes an
        // account and a taken one a mail to its owner: such bodies are spoiled).
        (value) => !isUpload(value.userImg),
      ),
    },
    'POST /api/login': {
      // Never an account's password: a login here always fails.
      body: json(
        LoginBody,
        () =>
          fc.record({
            email: fc.oneof(
              fc.constantFrom(...actorNames).map((n) => world.actors[n].email),
              fc.emailAddress(),
            ),
            password: weirdString.filter((p) => p.length > 0 && p.length <= 200 && !PASSWORDS.includes(p)),
          }),
        (value) => !PASSWORDS.includes(String(value.password)),
      ),
    },
    'POST /api/images': { body: { kind: 'multipart' } },
    'GET /api/auth/google/start': { query: true },
    'GET /api/auth/google/callback': { query: true, cookie: true },
    'POST /api/google-user': {
      // No ID token here is signed by the provider's key, which this test does not have.
      body: json(
        GoogleUserBody,
        () => fc.record({ idToken: fc.constantFrom(...world.forged.map((f) => f.value)).filter((t) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(t)) }),
        () => true,
      ),
    },
    // A code works once, for its purpose, before it expires: only the live ones could change anything.
    'POST /api/verify-email': {
      body: json(
        VerifyEmailBody,
        () => fc.record({ token: linkCode() }),
        (value) => !world.links.verify.includes(String(value.token)),
      ),
    },
    // Only an address with an account gets a code (and a mail); the answer is 202 either way, by design.
    'POST /api/forgot-password': {
      body: json(
        ForgotPasswordBody,
        () => fc.record({ email: someEmail() }),
        (value) => !world.emails.includes(String(value.email)),
      ),
      answersAlike: { status: 202, data: { message: expect.any(String) }, defect: 'harmless body' },
    },
    'POST /api/reset-password': {
      body: json(
        ResetPasswordBody,
        () => fc.record({ token: linkCode(), password: newPassword }),
        (value) => !world.links.reset.includes(String(value.token)),
      ),
    },
    'GET /api/me': {},
    // A confirmed address gets no new link (409).
    'POST /api/verification-email': { harmlessCaller: { why: 'already confirmed', when: isVerified } },
    // Only the current password changes one.
    'POST /api/change-password': {
      body: json(
        ChangePasswordBody,
        () =>
          fc.record({
            currentPassword: fc.oneof(
              fc.constantFrom(...PASSWORDS),
              weirdString.filter((p) => p.length > 0 && p.length <= 200),
            ),
            password: newPassword,
          }),
        (value) => !PASSWORDS.includes(String(value.currentPassword)),
      ),
    },
    'POST /api/logout-everywhere': {},
    'GET /api/notifications': { query: true },
    'GET /api/notifications/unread': {},
    'PUT /api/notifications/:id/read': { id: 'uuid' },
    'PUT /api/notifications/read-all': {},
    'GET /api/notifications/preferences': {},
    // Any set of kinds is a valid choice, kept on the caller's account.
    'PUT /api/notifications/preferences': {
      body: json(MailPreferences, () => fc.record({ mailOff: fc.uniqueArray(fc.constantFrom(...notificationKinds), { maxLength: notificationKinds.length }) })),
    },
    // Every valid body is kept on the caller's account (the same language again too: one more write).
    'PUT /api/language': { body: json(LanguageBody, () => fc.record({ language: fc.constantFrom('en', 'bn') })) },
    'GET /api/category': {},
    'GET /api/phone-models': {},
    'GET /api/price-guide': { query: true },
    'GET /api/prices/:brand/:model': { id: 'slugs' },
    'GET /api/admin/unlisted-models': {},
    // The catalogue (issue 34): a new model of the world's brand by a name of its own, or another name of one.
    'POST /api/admin/phone-models': {
      body: json(NewPhoneModelBody, () =>
        fc.record(
          {
            categoryId: fc.constant(world.categoryId),
            name: fc.uuid().map((u) => `Fuzz ${u.slice(0, 8)}`),
            nameBn: fc.constantFrom('ফাজ', 'মডেল ১'),
            aliases: fc.array(
              fc.uuid().map((u) => `Other ${u.slice(0, 8)}`),
              { maxLength: 2 },
            ),
            variants: fc.constant([{ ramGb: 8, storageGb: 128 }]),
            year: fc.integer({ min: 2015, max: 2025 }),
          },
          { requiredKeys: ['categoryId', 'name', 'nameBn', 'variants'] },
        ),
      ),
    },
    'POST /api/admin/phone-models/:id/aliases': {
      id: 'uuid',
      body: json(ModelAliasBody, () => fc.record({ alias: fc.uuid().map((u) => `Alias ${u.slice(0, 8)}`) })),
    },
    // The check queue (issue 36): an approval's reason may be left out; a rejection's may not.
    'GET /api/admin/listing-checks': { query: true },
    'PUT /api/admin/listing-checks/:id/approve': {
      id: 'uuid',
      body: json(ApproveListingBody, () => fc.record({ reason: fc.constantFrom('Checked: the photos are the seller’s', 'ছবিগুলো বিক্রেতার নিজের') })),
    },
    'PUT /api/admin/listing-checks/:id/reject': { id: 'uuid', body: json(RejectListingBody, moderation) },
    'GET /api/advertise-products': { query: true },
    'GET /api/products': { query: true },
    'GET /api/product-suggestions': { query: true },
    'GET /api/category-products/:id': { id: 'uuid', query: true },
    'GET /api/detail-product/:id': { id: 'uuid' },
    'GET /api/similar-products/:id': { id: 'uuid' },
    'GET /api/own-product/:id': { id: 'uuid' },
    'GET /api/admin-overview': { query: true },
    'GET /api/all-buyer': { query: true },
    'GET /api/all-seller': { query: true },
    'GET /api/all-reported-products': { query: true },
    'PUT /api/verify-seller/:id': { id: 'uuid', body: json(ModerationBody, moderation) },
    'PUT /api/suspend-seller/:id': { id: 'uuid', body: json(ModerationBody, moderation) },
    'PUT /api/reinstate-seller/:id': { id: 'uuid', body: json(ModerationBody, moderation) },
    'PUT /api/suspend-buyer/:id': { id: 'uuid', body: json(ModerationBody, moderation) },
    'PUT /api/reinstate-buyer/:id': { id: 'uuid', body: json(ModerationBody, moderation) },
    'DELETE /api/user/:id': { id: 'uuid' },
    'GET /api/outbox': { query: true },
    'GET /api/audit-log': { query: true },
    'GET /api/paid-orders': { query: true },
    'PUT /api/refund-order/:id': { id: 'uuid', body: json(ModerationBody, moderation) },
    'GET /api/buyer-overview/:id': { id: 'userRef' },
    'GET /api/orders/:id': { id: 'userRef', query: true },
    'GET /api/seller-overview/:id': { id: 'userRef' },
    'GET /api/seller-products/:id': { id: 'userRef', query: true },
    'POST /api/product': { body: json(NewProductBody, listing, unwritable) },
    // Harmless past validation only in rare cases (a caller's own phone and a body it cannot write): always spoiled otherwise.
    'PUT /api/product/:id': { id: 'uuid', body: json(EditProductBody, listing) },
    'PUT /api/advertise-product/:id': { id: 'uuid' },
    'DELETE /api/advertise-product/:id': { id: 'uuid' },
    'PUT /api/mark-sold/:id': { id: 'uuid' },
    'PUT /api/hide-product/:id': { id: 'uuid' },
    'PUT /api/renew-product/:id': { id: 'uuid' },
    // A link's key is the server's signature of a listing and its term: one made up renews nothing.
    'POST /api/listing-term': { body: json(StillAvailableBody, stillAvailableKeys, () => true) },
    'POST /api/still-available': { body: json(StillAvailableBody, stillAvailableKeys, () => true) },
    'DELETE /api/product/:id': { id: 'uuid' },
    'POST /api/order': {
      body: json(NewOrderBody, () =>
        fc.record({
          productId: fc.oneof(fc.constantFrom(...world.productIds), fc.uuid()),
          meetingLocation: fc.constantFrom('Bashundhara City', 'মিরপুর ১০'),
          mobileNumber: phone,
          payWith: fc.constantFrom('cash', 'protected'),
        }),
      ),
    },
    'GET /api/order/:id': { id: 'uuid' },
    'GET /api/order/:id/events': { id: 'uuid' },
    'GET /api/booking/:id/events': { id: 'uuid' },
    'GET /api/seller-bookings/:id': { id: 'userRef', query: true },
    'PUT /api/decline-booking/:id': { id: 'uuid' },
    'PUT /api/accept-booking/:id': { id: 'uuid' },
    'GET /api/order/:id/handover': { id: 'uuid' },
    'POST /api/booking/:id/handover': { id: 'uuid', body: json(HandoverBody, () => fc.record({ code: fc.stringMatching(/^[0-9]{6}$/) })) },
    'POST /api/order/:id/call-off': { id: 'uuid' },
    'POST /api/booking/:id/call-off': { id: 'uuid' },
    'POST /api/order/:id/dispute': {
      id: 'uuid',
      body: json(DisputeBody, () => fc.record({ reason: fc.constantFrom('not_working', 'other'), text: fc.constantFrom('The screen flickers', 'চার্জ হয় না') })),
    },
    'GET /api/disputes': { query: true },
    'PUT /api/dispute/:id': {
      id: 'uuid',
      body: json(DecisionBody, () => fc.record({ decision: fc.constantFrom('refund', 'release'), reason: fc.constantFrom('Photos show the crack') })),
    },
    'DELETE /api/order/:id': { id: 'uuid' },
    'PUT /api/report-product/:id': { id: 'uuid' },
    'POST /api/report': {
      body: json(ReportBody, () =>
        fc.record(
          {
            productId: fc.oneof(fc.constantFrom(...world.productIds), fc.uuid()),
            reason: fc.constantFrom('spam', 'fake', 'stolen', 'wrong-category', 'offensive', 'other'),
            text: fc.constantFrom('The photos are from a shop website', 'ছবিগুলো অন্য ফোনের'),
          },
          { requiredKeys: ['productId', 'reason', 'text'] },
        ),
      ),
    },
    'GET /api/report-queue': { query: true },
    'PUT /api/dismiss-reports/:id': { id: 'uuid', body: json(ModerationBody, moderation) },
    'PUT /api/warn-seller/:id': { id: 'uuid', body: json(ModerationBody, moderation) },
    'PUT /api/remove-reported/:id': { id: 'uuid', body: json(ModerationBody, moderation) },
    'POST /api/create-payment-intent': {
      body: json(PaymentIntentBody, () =>
        fc.record({ orderId: fc.oneof(fc.constantFrom(...world.orderIds), fc.uuid()), productPrice: junkLeaf }, { requiredKeys: ['orderId'] }),
      ),
    },
    'POST /api/bkash/create-payment': {
      body: json(PaymentIntentBody, () => fc.record({ orderId: fc.oneof(fc.constantFrom(...world.orderIds), fc.uuid()) })),
    },
    // bKash's return: the world's one bKash payment is completed, so no query changes it (bKash is out of reach here).
    'GET /api/bkash/callback': { query: true },
    'POST /api/payment': {
      // Settling needs an intent that succeeded, and none ever does here (its client secret is never sent).
      body: json(
        PaymentBody,
        () =>
          fc.record(
            {
              orderId: fc.oneof(fc.constantFrom(...world.orderIds), fc.uuid()),
              transactionId: fc.oneof(fc.constant(world.intent.id), fc.stringMatching(/^pi_\w{1,24}$/)),
              buyerName: junkLeaf,
              productPrice: junkLeaf,
            },
            { requiredKeys: ['orderId', 'transactionId'] },
          ),
        () => true,
      ),
    },
    'POST /api/sandbox/payment_intents/:id/confirm': {
      id: 'intent',
      // The intent's client secret is the credential, and no request carries it.
      body: json(
        SandboxConfirmBody,
        () =>
          fc.record({
            client_secret: fc.oneof(fc.constant(`${world.intent.id}_secret_0000`), fc.stringMatching(/^pi_\w{1,20}_secret_\w{1,20}$/)),
            card: fc.record({
              number: fc.constantFrom('4242 4242 4242 4242', '4000000000000002', '1234'),
              exp_month: fc.integer({ min: 1, max: 12 }),
              exp_year: fc.constantFrom(2040, 20, 1999),
              cvc: fc.constantFrom('123', '1'),
            }),
          }),
        (value) => value.client_secret !== world.intent.clientSecret,
      ),
    },
    'POST /api/stripe/webhook': { body: { kind: 'webhook' } },
    'POST /api/review': {
      body: json(NewReviewBody, () =>
        fc.record(
          {
            orderId: fc.oneof(fc.constantFrom(...world.orderIds), fc.uuid()),
            stars: fc.integer({ min: 1, max: 5 }),
            text: fc.constantFrom('As described', 'ভালো বিক্রেতা'),
          },
          { requiredKeys: ['orderId', 'stars'] },
        ),
      ),
    },
    'PUT /api/review/:id': {
      id: 'uuid',
      body: json(EditReviewBody, () =>
        fc.record({ stars: fc.integer({ min: 1, max: 5 }), text: fc.constantFrom('Changed my mind', 'ঠিক আছে') }, { requiredKeys: ['stars'] }),
      ),
    },
    'PUT /api/review-answer/:id': { id: 'uuid', body: json(AnswerBody, () => fc.record({ answer: fc.constantFrom('Thank you', 'ধন্যবাদ') })) },
    'GET /api/seller/:id': { id: 'uuid' },
    'GET /api/seller-reviews/:id': { id: 'uuid', query: true },
    'GET /api/seller-listings/:id': { id: 'uuid', query: true },
    'GET /api/fees': {},
    'GET /api/earnings': {},
    'GET /api/earnings/sales': { query: true },
    'GET /api/earnings/sales.csv': {},
    'GET /api/payout-method': {},
    'PUT /api/payout-method': {
      body: json(PayoutMethodBody, () =>
        fc.oneof(
          fc.record({ kind: fc.constant('bkash'), wallet: fc.constantFrom('01770618575', '+880 1911-222333') }),
          fc.record({
            kind: fc.constant('bank'),
            accountName: fc.constantFrom('Rafiq Mobile House'),
            accountNumber: fc.constantFrom('1234567890123'),
            bankName: fc.constantFrom('Dutch-Bangla Bank'),
            routingNumber: fc.constantFrom('090260724'),
          }),
        ),
      ),
    },
    'POST /api/payout-method/confirm': { body: json(SmsCodeBody, () => fc.record({ code: fc.constantFrom('123456') })) },
    'POST /api/my-number': { body: json(MyNumberBody, () => fc.record({ number: fc.constantFrom('01870618575', '+880 1811-222333', '০১৭১১২২৩৩৪৪') })) },
    'POST /api/my-number/confirm': { body: json(SmsCodeBody, () => fc.record({ code: fc.constantFrom('123456') })) },
    'POST /api/payouts': { body: json(PayoutBody, () => fc.record({ amount: fc.integer({ min: 1, max: 100_000 }) })) },
    'GET /api/payouts': { query: true },
    'GET /api/all-payouts': { query: true },
    'POST /api/payout-batches': {},
    'PUT /api/payout/:id': {
      id: 'uuid',
      body: json(PayoutOutcomeBody, () => fc.record({ outcome: fc.constantFrom('paid', 'failed'), reason: fc.constantFrom('The bank confirmed it') })),
    },
    'POST /api/seller-balance/:id': {
      id: 'uuid',
      body: json(AdjustmentBody, () => fc.record({ amount: fc.constantFrom(100, -50), reason: fc.constantFrom('A correction') })),
    },
    'POST /api/dispute/:id/question': {
      id: 'uuid',
      body: json(DisputeQuestionBody, () => fc.record({ to: fc.constantFrom('buyer', 'seller'), text: fc.constantFrom('Did it charge?', 'চার্জ হয়েছিল?') })),
    },
    'POST /api/order/:id/dispute-answer': { id: 'uuid', body: json(DisputeAnswerBody, () => fc.record({ text: fc.constantFrom('It did not') })) },
    'POST /api/booking/:id/dispute-answer': { id: 'uuid', body: json(DisputeAnswerBody, () => fc.record({ text: fc.constantFrom('It did') })) },
    'GET /api/money-overview': {},
    'GET /api/sms-outbox': { query: true },
    // Conversations (issue 33). Writing about an unknown phone is a 404 before anything is written (mostly such
    // bodies: few requests come from a confirmed buyer, and enough of those must get past validation).
    'POST /api/conversations': {
      body: json(
        NewConversationBody,
        () =>
          fc
            .tuple(fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...world.productIds) }, { weight: 4, arbitrary: fc.uuid() }), message())
            .map(([productId, m]) => ({ productId, ...m })),
        (value) => !world.productIds.includes(String(value.productId)),
      ),
    },
    'GET /api/conversations': { query: true },
    'GET /api/conversations/unread': {},
    'GET /api/conversations/:id': { id: 'uuid' },
    'GET /api/conversations/:id/messages': { id: 'uuid', query: true },
    'POST /api/conversations/:id/messages': { id: 'uuid', body: json(MessageBody, message) },
    // Reading up to a message past the last (the world's conversation has two) would be refused, and the buyer can only
    // report its own message or one it reported: harmless, but a request names the one conversation or its messages too
    // seldom (one in a hundred) to be asked to get past validation here; they are spoiled like any other write.
    'PUT /api/conversations/:id/read': {
      id: 'uuid',
      body: json(ReadBody, () => fc.record({ seq: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom(1000, 2 ** 31 - 1)) })),
    },
    'POST /api/messages/:id/report': {
      id: 'uuid',
      body: json(MessageReportBody, () =>
        fc.record(
          { reason: fc.constantFrom('scam', 'abuse', 'spam', 'other'), text: fc.constantFrom('Asked for money first', 'টাকা আগে চেয়েছে') },
          { requiredKeys: ['reason', 'text'] },
        ),
      ),
    },
    'GET /api/blocks': { query: true },
    'PUT /api/blocks/:id': { id: 'uuid' },
    // Unblocking someone not blocked answers as unblocking does ("again is the same answer"): an unknown id too.
    'DELETE /api/blocks/:id': { id: 'uuid', answersAlike: { status: 200, data: { blocked: false }, defect: 'unknown id' } },
    // Saved phones (issue 34): unsaving a phone never saved answers as unsaving does, an unknown id too.
    // Saved searches (issue 34): the world's buyer keeps one; a saved body may be any search's filters.
    'POST /api/saved-searches': {
      body: json(SaveSearchBody, () =>
        fc.record({
          // A saved search names something (an empty one is refused): the words always, the rest or not.
          query: fc.record(
            {
              q: fc.constantFrom('galaxy', 'iphone 13', 'আইফোন'),
              district: fc.constantFrom('dhaka', 'Comilla'),
              maxPrice: fc.integer({ min: 1, max: 200000 }),
            },
            { requiredKeys: ['q'] },
          ),
          frequency: fc.constantFrom('instant', 'daily'),
        }),
      ),
    },
    'GET /api/saved-searches': { query: true },
    'PUT /api/saved-searches/:id': { id: 'uuid', body: json(SavedSearchFrequencyBody, () => fc.record({ frequency: fc.constantFrom('instant', 'daily') })) },
    'DELETE /api/saved-searches/:id': { id: 'uuid' },
    'GET /api/favourites': { query: true },
    'GET /api/favourites/ids': {},
    'PUT /api/favourites/:id': { id: 'uuid' },
    'DELETE /api/favourites/:id': { id: 'uuid', answersAlike: { status: 200, data: { saved: false }, defect: 'unknown id' } },
    'GET /api/admin/message-reports': { query: true },
    'GET /api/admin/conversations/:id': { id: 'uuid', audited: true },
    'POST /api/admin/messages/:id/dismiss': { id: 'uuid', body: json(ModerationBody, moderation) },
    'POST /api/admin/messages/:id/warn': { id: 'uuid', body: json(ModerationBody, moderation) },
    'GET /api/events': { stream: true },
    'GET /api/push/key': {},
    // Only the browsers' push services are kept: any other address is refused before anything is written.
    'POST /api/push/subscriptions': {
      body: json(
        PushSubscriptionBody,
        () =>
          fc.record({
            endpoint: fc.oneof({ weight: 1, arbitrary: pushEndpoint() }, { weight: 3, arbitrary: fc.constantFrom(...strangePushEndpoints) }),
            keys: fc.record({ p256dh: fc.constantFrom(...pushKeys), auth: fc.constantFrom(...pushAuths) }),
          }),
        (value) => strangePushEndpoints.includes(String(value.endpoint)),
      ),
    },
    // Forgetting a browser that is not the caller's (any but the world's one) changes nothing, and answers alike.
    'DELETE /api/push/subscriptions': {
      body: json(
        PushEndpointBody,
        () =>
          fc.record({
            endpoint: fc.oneof(
              { weight: 1, arbitrary: fc.constant(world.pushEndpoint) },
              { weight: 2, arbitrary: pushEndpoint() },
              { weight: 2, arbitrary: fc.constantFrom(...strangePushEndpoints) },
            ),
          }),
        (value) => value.endpoint !== world.pushEndpoint,
      ),
      answersAlike: { status: 200, data: { subscribed: false }, defect: 'harmless body' },
    },
  };
}
