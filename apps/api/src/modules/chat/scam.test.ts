import { describe, expect, it } from 'vitest';
import { scamCorpus } from './scam-corpus.ts';
import { scamSigns, scamSignsOf } from './scam.ts';

/* The warning signs of a chat message (scam.ts), read off the corpus of real-looking messages in three scripts. */

describe('the corpus', () => {
  it.each(scamCorpus.map((entry) => ({ ...entry, shown: entry.signs.join(', ') || 'nothing' })))('$script: "$text" → $shown', ({ text, signs }) => {
    expect(scamSignsOf(text)).toEqual(signs);
  });

  it('holds, per script, at least 15 messages that warn (every sign among them) and 10 that do not', () => {
    for (const script of ['en', 'bn', 'banglish'] as const) {
      const entries = scamCorpus.filter((e) => e.script === script);
      expect(entries.filter((e) => e.signs.length > 0).length, script).toBeGreaterThanOrEqual(15);
      expect(entries.filter((e) => e.signs.length === 0).length, script).toBeGreaterThanOrEqual(10);
      expect(new Set(entries.flatMap((e) => e.signs)), script).toEqual(new Set(scamSigns));
    }
  });
});

describe('links to the site itself', () => {
  const ownHosts = ['phonebazar.com.bd'];

  it('are no sign, nor those to its subdomains', () => {
    expect(scamSignsOf('See the listing: https://phonebazar.com.bd/products/42', { ownHosts })).toEqual([]);
    expect(scamSignsOf('Pay on www.phonebazar.com.bd/orders/7, it is protected', { ownHosts })).toEqual([]);
    expect(scamSignsOf('pay.phonebazar.com.bd/checkout', { ownHosts })).toEqual([]);
  });

  it('are a sign without ownHosts, and for a look-alike host', () => {
    expect(scamSignsOf('See the listing: https://phonebazar.com.bd/products/42')).toEqual(['payment_link']);
    expect(scamSignsOf('Pay on https://phonebazar.com.bd.pay-now.xyz/7', { ownHosts })).toEqual(['payment_link']);
    expect(scamSignsOf('Pay on https://phonebazar.com.bd@evil.top/7', { ownHosts })).toEqual(['payment_link']);
    expect(scamSignsOf('Pay on my-phonebazar.com.bd/7', { ownHosts })).toEqual(['payment_link']);
  });

  it('do not excuse another link in the same message', () => {
    expect(scamSignsOf('https://phonebazar.com.bd/products/42 or pay at bit.ly/abc', { ownHosts })).toEqual(['payment_link']);
  });
});

describe('the text is read normalised', () => {
  it('reads a number in Bangla digits as one in ASCII digits', () => {
    expect(scamSignsOf('বিকাশ ০১৭১১২৩৪৫৬৭')).toEqual(['send_money']);
    expect(scamSignsOf('বিকাশ ০১৭১১২৩৪৫৬৭')).toEqual(scamSignsOf('বিকাশ 01711234567'));
    expect(scamSignsOf('bkash +৮৮ ০১৭১১-২৩৪৫৬৭')).toEqual(['send_money']);
  });

  it('reads full-width letters, capitals, extra spaces and zero-width characters as plain text', () => {
    expect(scamSignsOf('ＳＥＮＤ   ＴＨＥ  ＯＴＰ')).toEqual(['otp_pin']);
    expect(scamSignsOf('Whats\u200BApp e aso')).toEqual(['off_platform']);
    expect(scamSignsOf('হোয়াটসঅ্যাপে মেসেজ দিন')).toEqual(scamSignsOf('হো\u09AF\u09BCাটসঅ্যাপে মেসেজ দিন'));
  });

  it('takes no piece of a longer number for a phone number', () => {
    expect(scamSignsOf('bkash e pay korbo site e, IMEI 350171123456789')).toEqual([]);
    expect(scamSignsOf('bkash e pay korbo site e, IMEI 350171123456789', {})).toEqual([]);
  });

  it('warns for a bare number only with a payment word', () => {
    expect(scamSignsOf('call me at 01711234567')).toEqual([]);
    expect(scamSignsOf('bkash 01711234567')).toEqual(['send_money']);
  });
});

describe('negation', () => {
  it.each([
    ["I don't use WhatsApp", []],
    ['not on Telegram, sorry', []],
    ['whatsapp nai', []],
    ['হোয়াটসঅ্যাপে না, এখানেই কথা বলি', []],
    ['ওটিপি কাউকে দিবেন না', []],
    // A polite request, a question and a "why not" still ask.
    ['ভাইবারে নক দেন না', ['off_platform']],
    ['bkash koren na 01711234567', ['send_money']],
    ['ওটিপি টা দিবেন না?', ['otp_pin']],
    ['why not whatsapp?', ['off_platform']],
    ["Don't worry, just send the OTP", ['otp_pin']],
    ["I don't have imo, use whatsapp", ['off_platform']],
  ])('"%s" → %j', (text, signs) => {
    expect(scamSignsOf(text)).toEqual(signs);
  });
});

describe('the signs come back', () => {
  it('in the order of scamSigns, each once, however often and in whatever order the message carries them', () => {
    const text = 'pay-bkash.xyz/a and bit.ly/b; imo te aso, whatsapp e aso; OTP ta den, otp; send money bkash 01711234567, nagad 01811234567';
    expect(scamSignsOf(text)).toEqual([...scamSigns]);
  });

  it('as [] for an empty message', () => {
    expect(scamSignsOf('')).toEqual([]);
    expect(scamSignsOf('   ')).toEqual([]);
  });
});
