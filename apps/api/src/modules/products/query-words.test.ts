import { describe, expect, it } from 'vitest';
import { seedCategories, seedProducts } from '../../db/seed-data.ts';
import { banglaSeriesLetters, banglaWords } from './bangla-words.ts';
import { queryWords, readQuery, searchText } from './query-words.ts';

/* How a query becomes words (decision 032): Bangla brand and model words read as their English words. */

describe('Bangla brand and model words', () => {
  it.each([
    ['আইফোন ১৩', 'iphone 13'],
    ['iphone ১৩', 'iphone 13'],
    ['আইফোন 13', 'iphone 13'],
    ['আইফোন১৩', 'iphone 13'],
    ['স্যামসাং', 'samsung'],
    ['স্যামসুং', 'samsung'],
    ['স্যামসাং গ্যালাক্সি এস২৩', 'samsung galaxy s23'],
    ['গ্যালাক্সি এ৫৪ ৫জি', 'galaxy a54 5g'],
    ['ভিভো ওয়াই৩৩এস', 'vivo y33s'],
    ['শাওমি রেডমি নোট ১২', 'xiaomi redmi note 12'],
    ['সাওমি', 'xiaomi'],
    ['রিয়েলমি', 'realme'],
    ['ভিভো ভি২৫', 'vivo v25'],
    ['অপ্পো', 'oppo'],
    ['ওয়ানপ্লাস নর্ড', 'oneplus nord'],
    ['গুগল পিক্সেল ৭', 'google pixel 7'],
    ['নোকিয়া', 'nokia'],
    ['হুয়াওয়ে', 'huawei'],
    ['টেকনো', 'tecno'],
    ['ইনফিনিক্স', 'infinix'],
    ['আইফোন ১৪ প্রো ম্যাক্স', 'iphone 14 pro max'],
    ['আল্ট্রা', 'ultra'],
    ['নোট', 'note'],
    ['মিনি', 'mini'],
    ['প্লাস', 'plus'],
  ])('%s → %s', (bangla, english) => {
    expect(queryWords(bangla).join(' ')).toBe(english);
  });

  it('reads a Bangla query exactly as its English form: the same words with the same Bangla spellings beside them', () => {
    for (const [bangla, english] of [
      ['আইফোন ১৩', 'iphone 13'],
      ['iphone ১৩', 'iphone 13'],
      ['আইফোন 13', 'iphone 13'],
      ['স্যামসাং', 'samsung'],
      ['গ্যালাক্সি এস২৩ ', 'galaxy s23 '],
    ] as const) {
      expect(readQuery(bangla), bangla).toEqual(readQuery(english));
    }
    expect(readQuery('s23')).toEqual([{ word: 's23', also: ['এস23'] }]);
  });

  it('finds the common other spellings without listing them: ি/ী, ু/ূ, য়/য, a hasanta, a vowel sign typed in two parts, a zero-width joiner', () => {
    expect(queryWords('গ্যালাক্সী')).toEqual(['galaxy']);
    expect(queryWords('স্যামসূং')).toEqual(['samsung']);
    expect(queryWords('আলট্রা')).toEqual(['ultra']);
    expect(queryWords('গ্যালাকসি')).toEqual(['galaxy']);
    // য় written as one letter (U+09DF) or as য and a nukta; ো as ে + া.
    expect(queryWords('রি\u09DFেলমি')).toEqual(['realme']);
    expect(queryWords('রি\u09AF\u09BCেলমি')).toEqual(['realme']);
    expect(queryWords('অপ্প\u09C7\u09BE')).toEqual(['oppo']);
    expect(queryWords('ওয়ানপ্\u200Dলাস')).toEqual(['oneplus']);
    // A document may hold any of them: each is looked for.
    expect(readQuery('আল্ট্রা')[0]!.also).toEqual(expect.arrayContaining(['আল্ট্রা', 'আলট্রা']));
  });

  it("reads a series letter only before its number: 'এস২৩' is s23, 'এস' and 'এ' alone stay Bangla words", () => {
    expect(queryWords('এস২৩')).toEqual(['s23']);
    expect(queryWords('এক্স৮০')).toEqual(['x80']);
    expect(queryWords('এস ২৩')).toEqual(['এস', '23']);
    expect(queryWords('এ ফোন')).toEqual(['এ', 'phone']);
    // An unknown word with a number stays one word, as the documents hold it.
    expect(queryWords('ফোনটি১২')).toEqual(['ফোনটি12']);
  });

  it('keeps other Bangla words as typed, with their vowel signs, hasanta, anusvara and visarga, and splits at Bangla punctuation', () => {
    expect(queryWords('ব্যাটারি ভালো। দুঃখিত, রং ৳৫০০')).toEqual(['ব্যাটারি', 'ভালো', 'দুঃখিত', 'রং', '500']);
    expect(readQuery('ব্যাটারি')).toEqual([{ word: 'ব্যাটারি', also: [] }]);
    expect(searchText('আইফোন ১৩\u200C')).toBe('আইফোন 13');
  });

  it('reads a Bangla word still being typed as the one English word it begins, if only one', () => {
    expect(readQuery('আইফো')[0]).toEqual({ word: 'iphone', also: expect.arrayContaining(['আইফোন', 'আইফো']) });
    expect(queryWords('স্যাম')).toEqual(['samsung']);
    expect(queryWords('আইফোন প্র')).toEqual(['iphone', 'pro']);
    // Finished (a space after it), it is a word of its own; too short or begun by several words, it stays.
    expect(queryWords('আইফো ')).toEqual(['আইফো']);
    expect(queryWords('আ')).toEqual(['আ']);
    expect(queryWords('নো')).toEqual(['নো']);
    expect(queryWords('আইফো ১৩')).toEqual(['আইফো', '13']);
  });

  it('counts each word once and at most eight', () => {
    expect(queryWords('iphone আইফোন আইফোন১৩ 13')).toEqual(['iphone', '13']);
    expect(queryWords('১ ২ ৩ ৪ ৫ ৬ ৭ ৮ ৯')).toHaveLength(8);
  });
});

describe('the dictionary (bangla-words.ts)', () => {
  it('has English words as product names write them and Bangla spellings in Bangla script', () => {
    for (const [english, spellings] of Object.entries({ ...banglaWords, ...banglaSeriesLetters })) {
      expect(english).toMatch(/^[a-z0-9]+$/);
      for (const s of spellings) expect(s, english).toMatch(/^[\u0980-\u09FF]+$/u);
    }
  });

  it('covers every brand of the demo seed and every word of its model names', () => {
    for (const { name } of seedCategories)
      expect(
        queryWords(name).every((w) => w in banglaWords),
        name,
      ).toBe(true);
    for (const { productName } of seedProducts) {
      for (const word of queryWords(productName)) {
        const letters = /^[a-z]+/.exec(word)?.[0];
        // A model code ('s22', 'a54', 'y33s') by its series letter; a number needs no Bangla.
        const covered = !letters || word in banglaWords || (letters.length === 1 && letters in banglaSeriesLetters) || /^\d/.test(word);
        expect(covered, `${productName}: ${word}`).toBe(true);
      }
    }
  });
});
