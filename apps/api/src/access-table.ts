import { endpoints, type Endpoint, type Endpoints, type RouteKeyOf, type Rule } from '@market/contract';

export type { Rule };

/** `METHOD /api/path` of every endpoint. */
export type RouteKey = { [K in keyof Endpoints]: RouteKeyOf<Endpoints[K]> }[keyof Endpoints];

/**
 * Who may call what, by route: derived from the endpoint descriptors (packages/contract/src/endpoints),
 * where each rule is written once, and printed for people in docs/access-table.md (a test keeps it
 * current). The access plugin enforces the descriptor of each route on every request and refuses to
 * start if an /api route was registered without one. The local OpenID Connect stand-in (/oidc) lies
 * outside /api and so outside this table: all of it is open, as a provider's endpoints are. So are
 * robots.txt and the sitemaps (first-screen/crawler-files.ts, decision 030): files for crawlers, open to anyone; and
 * the pages' share cards (first-screen/share-cards.ts, decision 060): pictures for link previews, open to anyone.
 */
export const accessTable = Object.fromEntries(Object.values(endpoints).map((e) => [`${e.method} ${e.path}`, e.access])) as Record<RouteKey, Rule>;

const whoText = (rule: Rule): string => {
  switch (rule.who) {
    case 'anyone':
      return 'anyone';
    case 'signed-in':
      return 'signed in';
    case 'role':
      return rule.roles.join(' or ');
    case 'self-or-admin':
      return 'the user named by `:id` (id or e-mail), or an Admin';
    case 'owner':
      if (rule.of === 'booking') return `a ${rule.roles.join(' or ')} whose phone the booking (\`:id\`) is for`;
      if (rule.of === 'review') return `a ${rule.roles.join(' or ')} who wrote the review (\`:id\`)`;
      if (rule.of === 'conversation') return `a ${rule.roles.join(' or ')} who is one of the conversation's (\`:id\`) two people`;
      if (rule.of === 'message') return `a ${rule.roles.join(' or ')} who is one of the two people of the message's (\`:id\`) conversation`;
      if (rule.of === 'review-of-me') return `a ${rule.roles.join(' or ')} whom the review (\`:id\`) is of`;
      return `a ${rule.roles.join(' or ')} whose ${rule.of} it is (${rule.bodyKey ? `body \`${rule.bodyKey}\`` : '`:id`'})`;
    case 'owner-or-admin':
      return `the ${rule.of === 'product' ? "product's seller" : "order's buyer"}, or an Admin`;
  }
};

/** docs/access-table.md: the table people read, printed from the descriptors (`npm run access-table -w @market/api` writes it). */
export function accessTableMarkdown(): string {
  const byPath = (Object.values(endpoints) as Endpoint[]).sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const rows = byPath.map((e) => {
    const rule = e.access;
    const confirmed = 'verified' in rule && rule.verified ? 'yes' : '';
    const cache = e.cache === 'public' ? 'cached' : e.cache === 'keeps' ? 'leaves it' : e.method === 'GET' && e.cache !== 'writes' ? '' : 'empties it';
    const limits = (e.limits ?? []).map((l) => `${l.limit} (per ${l.per})`).join(', ');
    return `| \`${e.method} ${e.path}\` | ${whoText(rule)} | ${confirmed} | ${cache} | ${limits} |`;
  });
  return [
    '# Who may call what',
    '',
    'Printed from the endpoint descriptors in `packages/contract/src/endpoints/` by',
    '`npm run access-table -w @market/api`; `apps/api/test/access-doc.test.ts` fails when it is out of date.',
    'The access plugin enforces these rules on every request (decision 003); limits are configured by',
    'their `LIMIT_*` variables (README).',
    '',
    '| route | who may call | confirmed e-mail | public cache | abuse limits |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
