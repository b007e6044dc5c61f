/*
 * Phone brands, series and model words as Bangladeshi buyers write them in Bangla, each under the English
 * word a search reads it as (decision 032): 'আইফোন ১৩' searches for 'iphone 13'.
 *
 * To add a word: put its English word (lower case, one word, as product names write it) with the Bangla
 * spellings people type. Spellings that differ only in ি/ী, ু/ূ, য়/য, a hasanta between two consonants
 * ('আল্ট্রা'/'আলট্রা') or how a vowel sign was typed are found without being listed (query-words.ts); list
 * the others ('স্যামসাং', 'স্যামসুং'). A Bangla spelling may stand for one English word only (a test checks).
 * A product name's own words are the best English words: a brand new model needs no entry if its series does.
 */
export const banglaWords: Record<string, string[]> = {
  // Brands: those of the demo seed first, then others sold in Bangladesh.
  apple: ['অ্যাপল', 'এপল', 'আপেল', 'অ্যাপেল'],
  samsung: ['স্যামসাং', 'স্যামসুং', 'সামসাং', 'সামসুং', 'স্যামস্যাং'],
  xiaomi: ['শাওমি', 'সাওমি', 'শিয়াওমি', 'জিয়াওমি'],
  oneplus: ['ওয়ানপ্লাস'],
  google: ['গুগল', 'গুগোল'],
  realme: ['রিয়েলমি', 'রিয়ালমি'],
  oppo: ['অপ্পো', 'অপো', 'ওপ্পো', 'ওপো'],
  vivo: ['ভিভো', 'ভিবো'],
  huawei: ['হুয়াওয়ে', 'হুয়াওয়েই', 'হুয়াউই'],
  honor: ['অনার', 'হনর'],
  nokia: ['নোকিয়া', 'নকিয়া'],
  motorola: ['মটোরোলা', 'মোটোরোলা'],
  moto: ['মটো', 'মোটো'],
  tecno: ['টেকনো'],
  infinix: ['ইনফিনিক্স'],
  itel: ['আইটেল'],
  symphony: ['সিম্ফনি', 'সিমফনি'],
  walton: ['ওয়ালটন'],
  sony: ['সনি'],
  nothing: ['নাথিং'],
  lenovo: ['লেনোভো'],
  asus: ['আসুস', 'এসুস'],
  // Series and model words.
  iphone: ['আইফোন', 'আইফন'],
  ipad: ['আইপ্যাড', 'আইপেড'],
  galaxy: ['গ্যালাক্সি', 'গেলাক্সি'],
  redmi: ['রেডমি'],
  poco: ['পোকো'],
  pixel: ['পিক্সেল', 'পিক্সল'],
  nord: ['নর্ড'],
  narzo: ['নারজো'],
  reno: ['রেনো'],
  find: ['ফাইন্ড'],
  mate: ['মেট'],
  nova: ['নোভা'],
  xperia: ['এক্সপেরিয়া'],
  spark: ['স্পার্ক'],
  camon: ['ক্যামন'],
  hot: ['হট'],
  smart: ['স্মার্ট'],
  zero: ['জিরো'],
  xenon: ['জেনন', 'জেনোন'],
  phone: ['ফোন'],
  pro: ['প্রো'],
  max: ['ম্যাক্স', 'মেক্স'],
  ultra: ['আল্ট্রা'],
  plus: ['প্লাস'],
  mini: ['মিনি'],
  note: ['নোট'],
  lite: ['লাইট'],
  neo: ['নিও'],
  edge: ['এজ'],
  fold: ['ফোল্ড'],
  flip: ['ফ্লিপ'],
  fe: ['এফই'],
  gt: ['জিটি'],
  se: ['এসই'],
  xr: ['এক্সআর'],
  '5g': ['ফাইভজি'],
};

/**
 * Series letters, read only when a number follows them in the same word ('এস২৩' → 's23', as 'Galaxy S23'
 * writes it): alone, 'এ' and 'কে' are everyday Bangla words, and 's' alone would begin half the vocabulary.
 */
export const banglaSeriesLetters: Record<string, string[]> = {
  a: ['এ'],
  c: ['সি'],
  f: ['এফ'],
  g: ['জি'],
  k: ['কে'],
  m: ['এম'],
  p: ['পি'],
  s: ['এস'],
  t: ['টি'],
  v: ['ভি'],
  x: ['এক্স'],
  y: ['ওয়াই'],
  z: ['জেড'],
};
