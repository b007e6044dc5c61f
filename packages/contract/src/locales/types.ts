/**
 * A catalog is a module of messages in ICU MessageFormat ('Resale price : {price} tk'), keyed by a
 * stable id. The English catalogs are the spec's words and the source of the ids; each Bangla one
 * `satisfies Translation<typeof en>`, so a missing or extra id fails the typecheck, and
 * `scripts/check-catalogs.ts` (in `npm run lint`) also compares their placeholders.
 */
export type Translation<T> = { readonly [K in keyof T]: string };

/** The catalogs, each loaded when a screen that needs it first renders (common and errors: with the app); 'mail' and 'head' are the API's only (e-mails; page heads and the pages it writes whole). */
export const namespaces = ['common', 'errors', 'forms', 'catalog', 'auth', 'payment', 'dashboard', 'admin', 'blog', 'mail', 'head'] as const;
export type Namespace = (typeof namespaces)[number];
