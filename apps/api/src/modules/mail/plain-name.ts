/**
 * A name someone chose (their own, a phone's), as a mail may print it (decision 039): one line of plain text that
 * no mail client turns into a link. Control characters and line breaks become spaces, a scheme's `://` becomes
 * `[:]//`, and the dots of a domain-like run (`evil.com`, `উদাহরণ.বাংলা`, with the full-width dots IDNA reads as
 * dots) and of an IPv4 address become `[.]`, the way security notices write addresses nobody should follow. A dot that ends a word
 * (`Dr. Rahman`) or joins initials (`J.R. Smith`: a one-letter last label) is left alone.
 */
const DOT = '[.\u3002\uFF0E\uFF61]';
const LABEL = '[\\p{L}\\p{M}\\p{N}_-]+';
const domainLike = new RegExp(`${LABEL}(?:${DOT}${LABEL})*${DOT}[\\p{L}\\p{M}]{2,}(?![\\p{L}\\p{M}\\p{N}_-])`, 'gu');
const ipv4 = new RegExp(`\\d{1,3}(?:${DOT}\\d{1,3}){3}`, 'gu');
const dot = new RegExp(DOT, 'gu');

export function plainName(name: string): string {
  return name
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/:\/\//g, '[:]//')
    .replace(domainLike, (run) => run.replace(dot, '[.]'))
    .replace(ipv4, (run) => run.replace(dot, '[.]'))
    .replace(/ {2,}/g, ' ')
    .trim();
}
