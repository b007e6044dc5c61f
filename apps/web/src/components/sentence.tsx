import type { ReactNode } from 'react';

/** Marks where the element goes in the translated text; an invisible separator nobody types. */
const MARK = '\u2063';

/**
 * A translated sentence with an element inside it ('Member since <time>', 'everyone sees it on <a>'):
 * `text` gets a placeholder value for the element's place, which each language puts where its grammar wants.
 */
export function Sentence({ text, children }: { text: (slot: string) => string; children: ReactNode }) {
  const [before = '', after = ''] = text(MARK).split(MARK);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
