// The catalogue bot's reading of a message (server/bot/catalogue): the
// normal form, KES amounts, the language, the intent and its precedence, the
// products named (typos, colours, materials, bowls, sizes), the words of a
// product the shop does not have, and business hours.
import { describe, expect, it } from 'vitest';
import { findAmounts } from '../../bot/catalogue/amounts';
import { demoCatalogue, defaultSettings } from './fixtures/chat-harness';
import { isOpen } from '../../bot/catalogue/hours';
import { detectLanguage } from '../../bot/catalogue/language';
import { closeTo, kes, normalise, typoDistance, words } from '../../bot/catalogue/text';
import { productWordReading, understand } from '../../bot/catalogue/understand';
import { SWAHILI_WORDS } from './fixtures/corpus/swahili-words';

const catalogue = demoCatalogue();
const read = (text: string, previous?: 'en' | 'sw') => understand(text, catalogue, previous);
const names = (text: string) =>
  read(text)
    .products.map((p) => p.name)
    .sort();
const amountsIn = (text: string) => findAmounts(words(normalise(text)));

const ABSOLUTE = 'Absolute Black Granite';
const GALAXY = 'Galaxy Black Granite';
const KASHMIR = 'Kashmir White Granite';
const TAN = 'Tan Brown Granite';
const CARRARA = 'Carrara White Marble';
const EMPERADOR = 'Emperador Dark Marble';
const CALACATTA = 'Calacatta Gold Quartz';
const PURE_WHITE = 'Pure White Quartz';
const CONCRETE = 'Concrete Grey Quartz';
const FRANKE = 'Franke Stainless Steel Double Bowl Sink';
const BLANCO = 'Blanco Silgranit Single Bowl Sink';
const FIRECLAY = 'Fireclay Farmhouse Sink';
const CERAMIC = 'Ceramic 1.5 Bowl Sink';

describe('normalise', () => {
  it('lowercases, drops accents and punctuation, and squeezes repeated letters', () => {
    expect(normalise('  SAWAAA!!  Café, poaaa?? ')).toBe('sawa cafe poa');
    expect(normalise('Niajeee bro 😂')).toBe('niaje bro');
  });

  it('keeps numbers whole: thousands commas, decimals, sizes and currency', () => {
    expect(normalise('Can you do 9,000?')).toBe('can you do 9000');
    expect(normalise('1,250,000')).toBe('1250000');
    expect(normalise('9.5k')).toBe('9.5k');
    expect(normalise('3000x1800')).toBe('3000 x 1800');
    expect(normalise('kes9,000')).toBe('kes 9000');
    expect(normalise('Ksh.8500')).toBe('ksh 8500');
  });

  it('joins M-Pesa and reads a thumbs-up as ok', () => {
    expect(normalise('M-Pesa')).toBe('mpesa');
    expect(normalise('👍')).toBe('ok');
  });
});

describe('typo distance', () => {
  it('counts a swap of neighbours as one typo (Damerau–Levenshtein)', () => {
    expect(typoDistance('dael', 'deal', 2)).toBe(1);
    expect(typoDistance('granit', 'granite', 2)).toBe(1);
    expect(typoDistance('carara', 'carrara', 2)).toBe(1);
  });

  it('allows none under 4 letters, one for 4–6, two for 7 and more', () => {
    expect(closeTo('tab', 'tan')).toBe(false);
    expect(closeTo('galaxi', 'galaxy')).toBe(true);
    expect(closeTo('glaxi', 'galaxy')).toBe(false);
    expect(closeTo('emperdor', 'emperador')).toBe(true);
    expect(closeTo('calcata', 'calacatta')).toBe(true);
  });
});

describe('KES amounts', () => {
  it.each([
    ['9,000', 9000],
    ['9000', 9000],
    ['9k', 9000],
    ['9K', 9000],
    ['9.5k', 9500],
    ['ksh 9000', 9000],
    ['kes9,000', 9000],
    ['9000 bob', 9000],
    ['9 thao', 9000],
    ['thao tisa', 9000],
    ['elfu tisa', 9000],
    ['elfu tisa na mia tano', 9500],
    ['elfu kumi na mbili', 12000],
    ['elfu kumi na mbili na mia tano', 12500],
    ['elfu ishirini na nane', 28000],
    ['ngiri tisa', 9000],
    ['elfu 9', 9000],
    ['nine thousand', 9000],
    ['nine thousand five hundred', 9500],
    ['9 thousand', 9000],
  ])('reads %s as %d', (text, amount) => {
    expect(amountsIn(text)).toEqual([amount]);
  });

  it('never reads a size, a count, a small number or a phone number as an amount', () => {
    expect(amountsIn('3000 x 1800')).toEqual([]);
    expect(amountsIn('3000 by 1800 mm')).toEqual([]);
    expect(amountsIn('300mm deep, 3m long')).toEqual([]);
    expect(amountsIn('2 slabs')).toEqual([]);
    expect(amountsIn('vipande 3')).toEqual([]);
    expect(amountsIn('I need 4')).toEqual([]);
    expect(amountsIn('call 0712345678')).toEqual([]);
    expect(amountsIn('1.5 bowl')).toEqual([]);
  });

  it('keeps the amount beside a count: "2 slabs for 16000"', () => {
    expect(amountsIn('2 slabs for 16000')).toEqual([16000]);
  });
});

describe('language', () => {
  const lang = (text: string, previous?: 'en' | 'sw') => detectLanguage(words(normalise(text)), previous);

  it('tells English from Swahili and Sheng', () => {
    expect(lang('How much is the black granite?')).toBe('en');
    expect(lang('Bei ya granite nyeusi ni ngapi?')).toBe('sw');
    expect(lang('Niaje boss, mnadeliver Nakuru?')).toBe('sw');
  });

  it('answers mixed messages in Swahili unless they are mostly English', () => {
    expect(lang('bei ya black granite ni ngapi')).toBe('sw');
    expect(lang('Bei ya galaxy black is how much?')).toBe('sw');
    expect(lang('Hi, do you have black granite for my kitchen? nataka')).toBe('en');
  });

  it('keeps the previous language for a neutral message', () => {
    expect(lang('9k', 'sw')).toBe('sw');
    expect(lang('9k', 'en')).toBe('en');
    expect(lang('Galaxy black', 'sw')).toBe('sw');
    expect(lang('9k')).toBe('en');
    expect(read('9k', 'sw').language).toBe('sw');
  });
});

describe('intents', () => {
  it.each([
    ['Hello', 'greeting'],
    ['habari', 'greeting'],
    ['mambo', 'greeting'],
    ['niaje', 'greeting'],
    ['sasa boss', 'greeting'],
    ['good morning', 'greeting'],
    ['what do you sell?', 'catalogue'],
    ['mnauza nini?', 'catalogue'],
    ['do you have black granite?', 'product'],
    ['how much is galaxy black', 'price'],
    ['pesa ngapi?', 'price'],
    ['inaenda aje?', 'price'],
    ['what are the dimensions of carrara', 'size'],
    ['urefu wake ni ngapi?', 'size'],
    ['ukubwa wa sinki ya franke', 'size'],
    ['is it available?', 'stock'],
    ['mko nayo?', 'stock'],
    ['iko stock?', 'stock'],
    ['do you do installation?', 'installation'],
    ['mna fundi wa kuweka?', 'installation'],
    ['fitting ni ngapi', 'installation'],
    ['punguza kidogo', 'counter_offer'],
    ['pungeza', 'counter_offer'],
    ['last price?', 'counter_offer'],
    ['bei ya mwisho', 'counter_offer'],
    ['any discount?', 'counter_offer'],
    ['deal', 'accept'],
    ['sawa', 'accept'],
    ['poa', 'accept'],
    ["ok I'll take it", 'accept'],
    ['nitachukua', 'accept'],
    ['nimekubali', 'accept'],
    ['do you deliver to Kisumu?', 'delivery'],
    ['mnaleta Thika?', 'delivery'],
    ['mko wapi?', 'delivery'],
    ['where are you located?', 'delivery'],
    ['transport ni ngapi?', 'delivery'],
    ['do you take mpesa?', 'payment'],
    ['paybill number?', 'payment'],
    ['till number pls', 'payment'],
    ['can I pay by bank?', 'payment'],
    ['naweza kulipa deposit?', 'payment'],
    ['lipa kwa instalments?', 'payment'],
    ['can I get an invoice', 'payment'],
    ['asante sana', 'thanks'],
    ['thanks', 'thanks'],
    ['shukran', 'thanks'],
    ['hmm', 'unclear'],
    ['??', 'unclear'],
    ['nipigie simu', 'unclear'],
  ])('%s → %s', (text, intent) => {
    expect(read(text).intent).toBe(intent);
  });

  it('weighs several cues by a fixed precedence', () => {
    // A price question with a product named is a price question.
    expect(read('bei ya black granite ni ngapi').intent).toBe('price');
    // An amount is an offer, even with "can you".
    expect(read('can you do 9k').intent).toBe('counter_offer');
    // "sawa" then a delivery question: delivery.
    expect(read('sawa, mnadeliver Nakuru?').intent).toBe('delivery');
    // A payment method beats delivery; an offered amount beats a payment method.
    expect(read('Can I pay on delivery?').intent).toBe('payment');
    expect(read('nitalipa 9000 cash').intent).toBe('counter_offer');
    // The price of fitting is an installation question.
    expect(read('bei ya kuweka granite ni ngapi').intent).toBe('installation');
    // "ok thanks" closes; it does not buy.
    expect(read('ok thanks').intent).toBe('thanks');
    // A greeting with a question is the question.
    expect(read('Hi, how much is pure white quartz').intent).toBe('price');
    // "ngapi" with "mna" asks how many.
    expect(read('mna slab ngapi za carrara?').intent).toBe('stock');
  });

  it('reads a typo of an intent word', () => {
    expect(read('dael').intent).toBe('accept');
    expect(read('delivary to nakuru').intent).toBe('delivery');
    expect(read('instalation cost').intent).toBe('installation');
    expect(read('asnte').intent).toBe('thanks');
    expect(read('paybil').intent).toBe('payment');
  });

  it('reads Sheng verbs made of English ones', () => {
    expect(read('mnadeliver Mombasa?').intent).toBe('delivery');
    expect(read('mnainstall pia?').intent).toBe('installation');
    expect(read('nitapay kesho').intent).toBe('payment');
    expect(read('mnaweza kuifix?').intent).toBe('installation');
  });

  it('gives an amount only with a counter-offer', () => {
    expect(read('can you do 9,000').amount).toBe(9000);
    expect(read('Nitakupa elfu nane').amount).toBe(8000);
    expect(read('Ata thao nane ni fiti?').amount).toBe(8000);
    expect(read('I need 3000 x 1800 black granite').amount).toBeNull();
    expect(read('2 slabs of galaxy black').intent).toBe('product');
    expect(read('2 slabs of galaxy black').amount).toBeNull();
    // Of two amounts, the lower is the customer's offer.
    expect(read('bei ni 11000 lakini nikupe 9500').amount).toBe(9500);
  });
});

describe('general rules, beyond any one sentence', () => {
  it('reads Swahili verbs by their stems, whatever object or tense they carry', () => {
    expect(read('Boss ukiweza kunipunguzia kidogo').intent).toBe('counter_offer');
    expect(read('nitakulipa kesho').intent).toBe('payment');
    expect(read('tuletee kesho').intent).toBe('delivery');
    expect(read('mnaeza niwekea granite jikoni?').intent).toBe('installation');
    expect(read('nitazichukua').intent).toBe('accept');
  });

  it('allows intent words one typo only, so Swahili words close to each other stay apart', () => {
    expect(read('Nataka kujenga kitchen, mna nini?').intent).toBe('catalogue'); // kujenga is not kufunga
    expect(read("i'll think about it").intent).not.toBe('thanks'); // think is not thank
  });

  it('does not read "ok wait" as a yes, and asks for a discount with "10% off"', () => {
    expect(read('ok wait').intent).toBe('unclear');
    expect(read('Can I get 10% off?').intent).toBe('counter_offer');
    expect(read('Can I get 10% off?').amount).toBeNull();
  });

  it('reads opening-hours questions, and leaves asking for a person to staff', () => {
    expect(read('Mnafungua saa ngapi?').intent).toBe('hours');
    expect(read('are you open on sunday').intent).toBe('hours');
    expect(read('Mnaopen saa ngapi?').intent).toBe('hours');
    expect(read('Mko wazi leo?').intent).toBe('hours');
    expect(read('Nataka kuongea na mtu').intent).toBe('unclear');
  });

  it('puts delivery, payment and installation before the hour they ask about', () => {
    expect(read('Mtaleta saa ngapi?').intent).toBe('delivery');
    expect(read('What time can you install the sink?').intent).toBe('installation');
    expect(read('Nitalipa mpesa saa ngapi?').intent).toBe('payment');
    // "Mnafunga sinki?" asks whether they fit sinks, not when they close.
    expect(read('Mnafunga sinki?').intent).not.toBe('hours');
  });

  it('reads a Swahili verb by its shape for the language', () => {
    expect(read('Nitakuja kuchukua mwenyewe').language).toBe('sw');
    expect(read('Nitakuja kuchukua mwenyewe').intent).toBe('delivery');
  });
});

describe('everyday Swahili and Sheng words', () => {
  it('holds a few hundred of them', () => {
    expect(SWAHILI_WORDS.length).toBeGreaterThanOrEqual(300);
    for (const word of ['basi', 'sana', 'bado', 'kabisa', 'sawa', 'poa', 'leo', 'kesho', 'bei', 'pesa', 'msee', 'maze'])
      expect(SWAHILI_WORDS).toContain(word);
  });

  it('never reads one as a product, category, colour, material or stone word, typos allowed', () => {
    const misread = SWAHILI_WORDS.flatMap((word) => {
      const reading = productWordReading(word, catalogue);
      return reading ? [`${word} → ${reading}`] : [];
    });
    expect(misread).toEqual([]);
  });

  it('names no product and searches for none with one of them in a sentence', () => {
    const misread = SWAHILI_WORDS.flatMap((word) =>
      [word, `nataka ${word} leo`, `7500 ${word}`].flatMap((text) => {
        const u = read(text);
        return u.products.length > 0 || u.searched !== null
          ? [`${JSON.stringify(text)} → ${u.products.map((p) => p.name).join(', ') || `searched "${u.searched}"`}`]
          : [];
      }),
    );
    expect(misread).toEqual([]);
  });

  it('reads an amount with "basi" as an offer, and "fedha" as money unless it is the colour', () => {
    expect(read('7500 basi')).toMatchObject({ intent: 'counter_offer', amount: 7500, products: [] });
    expect(read('sina fedha ya kutosha').products).toEqual([]);
    expect(productWordReading('silver', catalogue)).toBe('colour silver');
  });

  it('keeps the language of the conversation for one word of any chat ("deal", "ok", 👍), not for more', () => {
    expect(read('deal', 'sw').language).toBe('sw');
    expect(read('👍', 'sw').language).toBe('sw');
    expect(read('ok', 'sw').language).toBe('sw');
    expect(read('10,500 deal', 'sw').language).toBe('sw');
    expect(read('deal', 'en').language).toBe('en');
    expect(read('Sawa, deal', 'en').language).toBe('sw');
    expect(read('Ok deal', 'sw').language).toBe('en');
    expect(read('how much per slab?', 'sw').language).toBe('en');
  });
});

describe('whole-dialogue lessons', () => {
  it('reads short English words as themselves, not as typos of product or catalogue words', () => {
    expect(read('my cousin told me to ask you about it')).toMatchObject({ intent: 'unclear', products: [] });
    expect(read('the one from last year, you remember?')).toMatchObject({ intent: 'unclear', products: [] });
    expect(names('sinc ya double bowl')).toEqual([FRANKE]);
  });

  it('asks about paying without an amount, offers with one', () => {
    expect(read('how do I pay?').intent).toBe('payment');
    expect(read("I'll pay 9000")).toMatchObject({ intent: 'counter_offer', amount: 9000 });
  });

  it('reads transport by lorry and "kunisafirishia" as delivery, and "moja na nusu" as 1.5 bowls', () => {
    expect(read('Mnaweza kunisafirishia hadi Mombasa?').intent).toBe('delivery');
    expect(read('Nikiichukua mtanitumia na lori hadi Thika?').intent).toBe('delivery');
    expect(names('Ile sinki ya bakuli moja na nusu ni ngapi')).toEqual([CERAMIC]);
  });

  it('does not search for a Swahili verb as a product ("bado nafikiria")', () => {
    expect(read('Bado nafikiria. Je, mna stock ya kutosha?')).toMatchObject({ intent: 'stock', searched: null });
  });
});

describe('products', () => {
  it('finds a product by its name, with typos', () => {
    expect(names('absolute black')).toEqual([ABSOLUTE]);
    expect(names('galaxi black price')).toEqual([GALAXY]);
    expect(names('how much is carara')).toEqual([CARRARA]);
    expect(names('absolut black granit')).toEqual([ABSOLUTE]);
    expect(names('emperado')).toEqual([EMPERADOR]);
    expect(names('calcatta')).toEqual([CALACATTA]);
    expect(names('franky sink')).toEqual([FRANKE]);
    expect(names('blanco')).toEqual([BLANCO]);
  });

  it('lets a name beat the attributes it also carries', () => {
    expect(names('galaxy black granite')).toEqual([GALAXY]);
    expect(names('kashmir white granite')).toEqual([KASHMIR]);
    expect(names('nitachukua galaxy')).toEqual([GALAXY]);
  });

  it('selects every product with all the attributes given: category, colour', () => {
    expect(names('black granite')).toEqual([ABSOLUTE, GALAXY]);
    expect(names('granite nyeusi')).toEqual([ABSOLUTE, GALAXY]);
    expect(names('do you have quarts')).toEqual([CALACATTA, CONCRETE, PURE_WHITE]);
    expect(names('marble nyeupe')).toEqual([CARRARA]);
    expect(names('quartz ya kijivu')).toEqual([CONCRETE]);
    expect(names('marble ya kahawia')).toEqual([EMPERADOR]);
    expect(names('granite ya kahawia')).toEqual([TAN]);
    expect(names('quartz ya dhahabu')).toEqual([CALACATTA]);
    expect(names('white stone')).toEqual([CARRARA, KASHMIR, PURE_WHITE]);
    expect(names('mnauza sinki?')).toEqual([BLANCO, CERAMIC, FIRECLAY, FRANKE]);
  });

  it('finds sinks by material and bowls', () => {
    expect(names('stainless steel sink')).toEqual([FRANKE]);
    expect(names('granite composite sink')).toEqual([BLANCO]);
    expect(names('ceramic sink')).toEqual([CERAMIC]);
    expect(names('double bowl sink')).toEqual([FRANKE]);
    expect(names('sink with two bowls')).toEqual([FRANKE]);
    expect(names('sinki ya bakuli mbili')).toEqual([FRANKE]);
    expect(names('single bowl sink')).toEqual([BLANCO, FIRECLAY]);
    expect(names('1.5 bowl sink')).toEqual([CERAMIC]);
    expect(names('one and a half bowl sink')).toEqual([CERAMIC]);
    // "single" about a slab is no bowl.
    expect(names('a single slab of tan brown')).toEqual([TAN]);
  });

  it('finds slabs by size', () => {
    expect(names('slabs of 3000 x 1800')).toEqual([ABSOLUTE, GALAXY, TAN]);
    expect(names('granite 2800 x 1700')).toEqual([KASHMIR]);
    expect(names('quartz 3.2m')).toEqual([CALACATTA, CONCRETE, PURE_WHITE]);
  });

  it('names nothing for a word about slabs alone or no product at all', () => {
    expect(names('how big is one slab')).toEqual([]);
    expect(names('thanks, will get back to you')).toEqual([]);
    expect(names('absolutely')).toEqual([]);
  });
});

describe('a product the catalogue does not have', () => {
  it.each([
    ['Do you have onyx countertops?', 'onyx countertops'],
    ['mnauza terrazzo tiles?', 'terrazzo tiles'],
    ['I need a bathtub', 'bathtub'],
    ['Do you have a copper sink?', 'copper sink'],
    ['Do you have red quartz?', 'red quartz'],
    ['do you have a marble sink', 'marble sink'],
    ['Boss mko na ubatuba?', 'ubatuba'],
    ['natafuta gypsum board', 'gypsum board'],
    ['how much is onyx', 'onyx'],
  ])('%s → searched "%s"', (text, searched) => {
    const u = read(text);
    expect(u.intent).toBe('product');
    expect(u.products).toEqual([]);
    expect(u.searched).toBe(searched);
  });

  it('searches nothing when the catalogue has it, or nothing is asked for', () => {
    expect(read('do you have black granite?').searched).toBeNull();
    expect(read('what do you sell').searched).toBeNull();
    expect(read('Niaje, mko na nini kwa stoo?').searched).toBeNull();
    expect(read('How much is transport to Eldoret?').searched).toBeNull();
    expect(read('Are you a real person or a bot?').searched).toBeNull();
    expect(read('My name is Brian, I need black granite').searched).toBeNull();
  });

  it("leaves a customer's own name out of the words searched", () => {
    expect(read('My name is Brian Otieno, I need help').searched).toBeNull();
    expect(read('Jina langu ni Wanjiru, natafuta onyx').searched).toBe('onyx');
    expect(read("I'm Kevin, do you have ubatuba?").searched).toBe('ubatuba');
  });
});

describe('business hours', () => {
  const hours = { ...defaultSettings().businessHours, enabled: true };
  // 2026-11-24 is a Tuesday; Nairobi is UTC+3 all year.
  const at = (iso: string) => new Date(iso);

  it('is always open when business hours are off', () => {
    expect(isOpen({ ...hours, enabled: false }, at('2026-11-29T23:00:00Z'))).toBe(true);
  });

  it('reads the day and time in the business time zone', () => {
    expect(isOpen(hours, at('2026-11-24T05:00:00Z'))).toBe(true); // Tue 08:00 Nairobi: opens
    expect(isOpen(hours, at('2026-11-24T04:59:00Z'))).toBe(false); // Tue 07:59
    expect(isOpen(hours, at('2026-11-24T14:59:00Z'))).toBe(true); // Tue 17:59
    expect(isOpen(hours, at('2026-11-24T15:00:00Z'))).toBe(false); // Tue 18:00: closed
    expect(isOpen(hours, at('2026-11-28T10:00:00Z'))).toBe(true); // Sat 13:00
    expect(isOpen(hours, at('2026-11-28T11:00:00Z'))).toBe(false); // Sat 14:00
    expect(isOpen(hours, at('2026-11-29T08:00:00Z'))).toBe(false); // Sun: closed all day
    // Monday 01:00 in Nairobi is still Sunday in UTC.
    expect(
      isOpen(
        { ...hours, days: hours.days.map((d) => ({ ...d, from: '00:00' })) as typeof hours.days },
        at('2026-11-29T22:00:00Z'),
      ),
    ).toBe(true);
  });

  it('follows another zone, daylight saving included', () => {
    const london = { ...hours, timezone: 'Europe/London' };
    expect(isOpen(london, at('2026-11-24T08:30:00Z'))).toBe(true); // 08:30 GMT
    expect(isOpen(london, at('2026-07-07T07:30:00Z'))).toBe(true); // 08:30 BST
    expect(isOpen(london, at('2026-07-07T06:30:00Z'))).toBe(false); // 07:30 BST
  });
});

describe('kes', () => {
  it('writes KES with thousands separators', () => {
    expect(kes(8500)).toBe('KES 8,500');
    expect(kes(18500)).toBe('KES 18,500');
    expect(kes(1234.5)).toBe('KES 1,234.50');
  });
});
