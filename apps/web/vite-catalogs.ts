import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

export const locales = fileURLToPath(new URL('../../packages/contract/src/locales', import.meta.url));

/**
 * The catalogs (packages/contract/src/locales/{en,bn}/*.ts) become their messages compiled for
 * Lingui's runtime, which then needs no ICU parser in the bundle (decision 029). A message that
 * is not valid MessageFormat fails the build. Only imports that ask for it (`?compiled`, lib/i18n.ts) get
 * them: the API's own imports of the catalogs (its mails and page heads) read the messages as written.
 */
export const compiledCatalogs = (): Plugin => ({
  name: 'compiled-catalogs',
  enforce: 'pre',
  // Vitest keeps transformed files between runs, keyed by the file's own text; a compiled catalog is also made of
  // what the catalog imports (en/errors.ts is the contract's errors.ts), so it is compiled afresh every run instead
  // of a new refusal's text going missing from a kept copy.
  configureVitest({ defineCacheKeyGenerator }) {
    defineCacheKeyGenerator(({ id }) => (id.endsWith('?compiled') ? false : undefined));
  },
  async load(id) {
    const [file = '', query] = id.split('?');
    if (query !== 'compiled' || !file.startsWith(locales) || !/\/(en|bn)\/[\w-]+\.ts$/.test(file)) return null;
    this.addWatchFile(file);
    const url = `${pathToFileURL(file).href}?at=${Date.now()}`;
    const { default: messages } = (await import(url)) as { default: Record<string, string> };
    const compiled = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, compileMessageOrThrow(text)]));
    return `export default ${JSON.stringify(compiled)};`;
  },
});
