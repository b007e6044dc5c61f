/**
 * A small ICU MessageFormat formatter: `{name}`, `{name, select, key {…} other {…}}`, `{name, plural,
 * =0 {…} one {…} other {…}}` with `#`, and apostrophe quoting ('' is an apostrophe, '{' starts quoted
 * text). It is what the API needs to say its refusals in English from the contract's templates
 * (errors.ts) without a library; the web app formats the same texts, and their translations, with Lingui.
 */
export type IcuValues = Readonly<Record<string, string | number>>;

type Part = string | { arg: string } | { pound: true } | { arg: string; kind: 'select' | 'plural'; options: Record<string, Part[]> };

const parsed = new Map<string, Part[]>();

export function formatIcu(message: string, values: IcuValues = {}, locale = 'en'): string {
  let parts = parsed.get(message);
  if (!parts) {
    const at = { i: 0 };
    parts = parseParts(message, at, false);
    if (at.i < message.length) throw new SyntaxError(`Unmatched '}' at ${at.i} in: ${message}`);
    parsed.set(message, parts);
  }
  return render(parts, values, locale, undefined);
}

function render(parts: Part[], values: IcuValues, locale: string, pound: number | undefined): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if ('pound' in part) out += pound === undefined ? '#' : new Intl.NumberFormat(locale).format(pound);
    else {
      const value = values[part.arg];
      if (value === undefined) throw new Error(`No value for {${part.arg}}`);
      if (!('kind' in part)) out += String(value);
      else if (part.kind === 'select') out += render(part.options[String(value)] ?? part.options.other!, values, locale, pound);
      else {
        const n = Number(value);
        const chosen = part.options[`=${n}`] ?? part.options[new Intl.PluralRules(locale).select(n)] ?? part.options.other!;
        out += render(chosen, values, locale, n);
      }
    }
  }
  return out;
}

const argument = /\s*([A-Za-z_]\w*)\s*(?:(\})|,\s*(select|plural)\s*,)/y;
const optionKey = /\s*(=\d+|[^\s{}]+)\s*\{/y;

function parseParts(src: string, at: { i: number }, inPlural: boolean): Part[] {
  const parts: Part[] = [];
  let text = '';
  const flush = () => {
    if (text) parts.push(text);
    text = '';
  };
  while (at.i < src.length) {
    const c = src[at.i]!;
    const next = src[at.i + 1];
    if (c === "'" && next === "'") {
      text += "'";
      at.i += 2;
    } else if (c === "'" && (next === '{' || next === '}' || (inPlural && next === '#'))) {
      // Quoted text, up to the next lone apostrophe.
      at.i++;
      while (at.i < src.length && !(src[at.i] === "'" && src[at.i + 1] !== "'")) {
        text += src[at.i];
        at.i += src[at.i] === "'" ? 2 : 1;
      }
      at.i++;
    } else if (c === '}') {
      break;
    } else if (c === '#' && inPlural) {
      flush();
      parts.push({ pound: true });
      at.i++;
    } else if (c === '{') {
      flush();
      at.i++;
      parts.push(parseArgument(src, at, inPlural));
    } else {
      text += c;
      at.i++;
    }
  }
  flush();
  return parts;
}

function parseArgument(src: string, at: { i: number }, inPlural: boolean): Part {
  argument.lastIndex = at.i;
  const head = argument.exec(src);
  if (!head) throw new SyntaxError(`Bad argument at ${at.i} in: ${src}`);
  at.i = argument.lastIndex;
  const [, arg = '', closed, kind] = head;
  if (closed) return { arg };
  const options: Record<string, Part[]> = {};
  for (;;) {
    while (/\s/.test(src[at.i] ?? '')) at.i++;
    if (src[at.i] === '}') break;
    optionKey.lastIndex = at.i;
    const key = optionKey.exec(src)?.[1];
    if (key === undefined) throw new SyntaxError(`Bad ${kind} option at ${at.i} in: ${src}`);
    at.i = optionKey.lastIndex;
    // A '#' in a select inside a plural is still the plural's number.
    options[key] = parseParts(src, at, inPlural || kind === 'plural');
    if (src[at.i] !== '}') throw new SyntaxError(`Unclosed ${kind} option at ${at.i} in: ${src}`);
    at.i++;
  }
  if (!options.other) throw new SyntaxError(`A ${kind} without 'other' in: ${src}`);
  at.i++;
  return { arg, kind: kind as 'select' | 'plural', options };
}
