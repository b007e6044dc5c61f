// The catalogs' check, part of `npm run lint` (decision 029): every message of every catalog exists in
// both languages, is valid ICU MessageFormat, and has the same placeholders in both ('{price}' in the
// English means '{price}' in the Bangla); no id is in two catalogs (they share one table at run time).
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { languages } from '../packages/contract/src/lang.ts';
import { namespaces } from '../packages/contract/src/locales/types.ts';

type Catalog = Record<string, string>;
const load = async (lang: string, ns: string): Promise<Catalog> =>
  ((await import(`../packages/contract/src/locales/${lang}/${ns}.ts`)) as { default: Catalog }).default;

/** The names of a message's placeholders, plurals and selects included. */
function placeholders(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of typeof message === 'string' ? [] : message) {
    if (typeof token === 'string') continue;
    into.add(token[0]);
    const choices = token[2];
    // A plural's choices also hold its `offset` (undefined unless the message gives one): only the messages are walked.
    if (choices && typeof choices === 'object')
      for (const choice of Object.values(choices)) if (choice !== undefined && typeof choice !== 'number') placeholders(choice as CompiledMessage, into);
  }
  return into;
}

const problems: string[] = [];
const owner = new Map<string, string>();
for (const ns of namespaces) {
  const [en, ...others] = await Promise.all(languages.map((lang) => load(lang, ns)));
  for (const [i, other] of [en!, ...others].entries()) {
    const lang = languages[i]!;
    for (const id of Object.keys(en!)) if (!(id in other)) problems.push(`${lang}/${ns}: '${id}' is missing`);
    for (const id of Object.keys(other)) if (!(id in en!)) problems.push(`${lang}/${ns}: '${id}' is not in the English catalog`);
  }
  for (const [id, text] of Object.entries(en!)) {
    if (owner.has(id)) problems.push(`'${id}' is in both ${owner.get(id)} and ${ns}`);
    owner.set(id, ns);
    const shape = (message: string, lang: string) => {
      try {
        return [...placeholders(compileMessageOrThrow(message))].sort().join(', ');
      } catch (err) {
        problems.push(`${lang}/${ns}: '${id}' is not valid MessageFormat: ${(err as Error).message}`);
        return null;
      }
    };
    const want = shape(text, 'en');
    for (const [i, other] of others.entries()) {
      const lang = languages[i + 1]!;
      const message = other[id];
      if (message === undefined) continue;
      if (!message.trim()) problems.push(`${lang}/${ns}: '${id}' is empty`);
      const got = shape(message, lang);
      if (want !== null && got !== null && got !== want) problems.push(`${lang}/${ns}: '${id}' has placeholders {${got}}, the English {${want}}`);
    }
  }
}

if (problems.length) {
  console.error(`The catalogs disagree (packages/contract/src/locales):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`catalogs: ${owner.size} messages in ${languages.length} languages agree`);
