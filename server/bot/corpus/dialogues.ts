// Whole conversations the shop's bot is held to, in English, Swahili, Sheng
// and mixed (code-switching) chat. Written by a fourth writer, a speaker of
// Kenyan English, Swahili and Sheng who has NOT read the bot's code, its
// vocabulary or the other writers' messages: only the catalogue
// (common/demo-data/catalogue.ts, DEMO_PRODUCTS) and the documented outward
// behaviour (docs/chatbot.md).
//
// Arithmetic used (defaults: lowest price = 90 % of startingPrice, 3 rounds):
// a first quote is exactly the startingPrice; a counter is the halfway point
// between the customer's offer and the bot's last quoted price, rounded to
// 50 KES, never below the lowest price. Offers were chosen so that most
// halfway points are already multiples of 50, which fixes the counter; where
// the rounding could go either way the expectation gives both bounds.
// Lowest prices: Absolute Black 7,650; Galaxy Black 9,900; Kashmir White
// 8,820; Tan Brown 7,020; Carrara 13,050; Emperador 14,400; Calacatta Gold
// 17,550; Pure White 12,150; Concrete Grey 11,250; Franke 16,650; Blanco
// 18,900; Fireclay 28,800; Ceramic 1.5 Bowl 12,600.
//
// Choices: every hand-over is the last turn of its dialogue (what the bot does
// after a person has been called is not documented). A message with no words
// of either language ("👍", "deal") is expected in the language the customer
// has been writing. In mixed dialogues each message is answered in the
// language most of that message is in. Products the shop does not stock are
// onyx, travertine and limestone; "terrazzo" was avoided because Terrazzo
// Multicolor is among the catalogue's stone names (STONES), though not in
// DEMO_PRODUCTS.
import type { Dialogue } from './dialogue-types';

const TAN = 'Tan Brown Granite';
const ABSOLUTE = 'Absolute Black Granite';
const GALAXY = 'Galaxy Black Granite';
const KASHMIR = 'Kashmir White Granite';
const CARRARA = 'Carrara White Marble';
const EMPERADOR = 'Emperador Dark Marble';
const CALACATTA = 'Calacatta Gold Quartz';
const PURE_WHITE = 'Pure White Quartz';
const CONCRETE = 'Concrete Grey Quartz';
const FRANKE = 'Franke Stainless Steel Double Bowl Sink';
const BLANCO = 'Blanco Silgranit Single Bowl Sink';
const FIRECLAY = 'Fireclay Farmhouse Sink';
const CERAMIC = 'Ceramic 1.5 Bowl Sink';

const ENGLISH: Dialogue[] = [
  {
    id: 'en-purchase-tan-brown',
    language: 'en',
    kind: 'purchase',
    story: 'A homeowner asks the price of Tan Brown, takes it at once, then asks how to pay by M-Pesa.',
    turns: [
      {
        customer: 'Hi, how much is tan brown granite?',
        expect: { does: 'quotes', replyLanguage: 'en', product: TAN, priceAtLeast: 7800, priceAtMost: 7800 },
      },
      {
        customer: "ok I'll take it",
        expect: { does: 'accepts', replyLanguage: 'en', product: TAN, price: 7800 },
      },
      {
        customer: 'how do i pay? mpesa?',
        expect: { does: 'hands_over', replyLanguage: 'en' },
      },
    ],
  },
  {
    id: 'en-purchase-galaxy-typo',
    language: 'en',
    kind: 'purchase',
    story: 'A customer greets, asks for "galaxi black" with a typo and agrees to the first price.',
    turns: [
      { customer: 'hello', expect: { does: 'greets', replyLanguage: 'en' } },
      {
        customer: 'galaxi black price pls',
        expect: { does: 'quotes', replyLanguage: 'en', product: GALAXY, priceAtLeast: 11000, priceAtMost: 11000 },
      },
      {
        customer: 'deal',
        expect: { does: 'accepts', replyLanguage: 'en', product: GALAXY, price: 11000 },
      },
    ],
  },
  {
    id: 'en-purchase-double-bowl-thumbs-up',
    language: 'en',
    kind: 'purchase',
    story: 'A fundi asks for the double bowl sink by its bowl configuration and accepts with a thumbs up.',
    turns: [
      {
        customer: 'hw much is the double bowl sink',
        expect: { does: 'quotes', replyLanguage: 'en', product: FRANKE, priceAtLeast: 18500, priceAtMost: 18500 },
      },
      {
        // An emoji has no language: the customer has been writing English.
        customer: '👍',
        expect: { does: 'accepts', replyLanguage: 'en', product: FRANKE, price: 18500 },
      },
    ],
  },
  {
    id: 'en-purchase-kashmir-after-size',
    language: 'en',
    kind: 'purchase',
    story: 'A customer gets the Kashmir White price, checks the slab size, then takes two slabs.',
    turns: [
      {
        customer: 'Price for kashmir white slab?',
        expect: { does: 'quotes', replyLanguage: 'en', product: KASHMIR, priceAtLeast: 9800, priceAtMost: 9800 },
      },
      {
        customer: 'what size is it',
        expect: { does: 'answers', replyLanguage: 'en', product: KASHMIR },
      },
      {
        // The size answer does not change the price: the standing price is still the first quote.
        customer: "alright deal, I'll take two slabs",
        expect: { does: 'accepts', replyLanguage: 'en', product: KASHMIR, price: 9800 },
      },
    ],
  },
  {
    id: 'en-bargain-absolute-over-standing',
    language: 'en',
    kind: 'bargain',
    story: 'A customer offers 7,800 for Absolute Black, gets 8,150, then offers 8,200 which is above the bot price.',
    turns: [
      {
        customer: 'absolute black granite how much bro',
        expect: { does: 'quotes', replyLanguage: 'en', product: ABSOLUTE, priceAtLeast: 8500, priceAtMost: 8500 },
      },
      {
        // Halfway between 7,800 and 8,500 is 8,150 (already a multiple of 50, above the 7,650 floor).
        customer: 'can u do 7,800',
        expect: { does: 'counters', replyLanguage: 'en', product: ABSOLUTE, priceAtLeast: 8150, priceAtMost: 8150 },
      },
      {
        // 8,200 is above the standing 8,150: a deal at the bot's price, not the customer's.
        customer: 'ok 8200 and we close',
        expect: { does: 'accepts', replyLanguage: 'en', product: ABSOLUTE, price: 8150 },
      },
    ],
  },
  {
    id: 'en-bargain-carrara-three-rounds',
    language: 'en',
    kind: 'bargain',
    story: 'A customer bargains Carrara for three rounds and ends exactly at the lowest price.',
    turns: [
      {
        customer: 'carrara marble price per slab?',
        expect: { does: 'quotes', replyLanguage: 'en', product: CARRARA, priceAtLeast: 14500, priceAtMost: 14500 },
      },
      {
        // Halfway between 12,000 and 14,500 is 13,250, above the 13,050 floor.
        customer: '12k?',
        expect: { does: 'counters', replyLanguage: 'en', product: CARRARA, priceAtLeast: 13250, priceAtMost: 13250 },
      },
      {
        // Halfway between 13,000 and 13,250 is 13,125: rounding to 50 may go down or up.
        customer: 'what about 13000',
        expect: { does: 'counters', replyLanguage: 'en', product: CARRARA, priceAtLeast: 13100, priceAtMost: 13150 },
      },
      {
        // Third round, offer equal to the lowest price (90 % of 14,500): accepted at the offer.
        customer: '13,050 last offer',
        expect: { does: 'accepts', replyLanguage: 'en', product: CARRARA, price: 13050 },
      },
    ],
  },
  {
    id: 'en-bargain-absolute-final-too-low',
    language: 'en',
    kind: 'bargain',
    story: 'A customer keeps offering under the lowest price of Absolute Black and the bot holds at 7,650.',
    turns: [
      {
        customer: 'How much is absolute black',
        expect: { does: 'quotes', replyLanguage: 'en', product: ABSOLUTE, priceAtLeast: 8500, priceAtMost: 8500 },
      },
      {
        // Halfway between 7,000 and 8,500 is 7,750.
        customer: "I'll give you 7000",
        expect: { does: 'counters', replyLanguage: 'en', product: ABSOLUTE, priceAtLeast: 7750, priceAtMost: 7750 },
      },
      {
        // Halfway between 7,200 and 7,750 is 7,475, under the floor: the floor 7,650.
        customer: 'ok 7200',
        expect: { does: 'counters', replyLanguage: 'en', product: ABSOLUTE, priceAtLeast: 7650, priceAtMost: 7650 },
      },
      {
        // Last round, offer under the floor: not accepted; the only price left is the floor.
        customer: "7300 final, that's all I have",
        expect: { does: 'counters', replyLanguage: 'en', product: ABSOLUTE, priceAtLeast: 7650, priceAtMost: 7650 },
      },
    ],
  },
  {
    id: 'en-bargain-pure-white-last-price',
    language: 'en',
    kind: 'bargain',
    story: 'A customer asks "last price?" for Pure White quartz without naming a figure, then agrees.',
    turns: [
      {
        customer: 'pure white quartz how much',
        expect: { does: 'quotes', replyLanguage: 'en', product: PURE_WHITE, priceAtLeast: 13500, priceAtMost: 13500 },
      },
      {
        // No figure from the customer: only the floor and the first quote bound the answer.
        customer: 'last price?',
        expect: { does: 'counters', replyLanguage: 'en', product: PURE_WHITE, priceAtLeast: 12150, priceAtMost: 13500 },
      },
      {
        customer: 'ok deal',
        expect: { does: 'accepts', replyLanguage: 'en', product: PURE_WHITE, priceAtLeast: 12150, priceAtMost: 13500 },
      },
    ],
  },
  {
    id: 'en-bargain-concrete-grey-meet',
    language: 'en',
    kind: 'bargain',
    story: 'A contractor bargains Concrete Grey quartz twice and takes the bot’s second counter.',
    turns: [
      {
        customer: 'concrete grey quartz price pls',
        expect: { does: 'quotes', replyLanguage: 'en', product: CONCRETE, priceAtLeast: 12500, priceAtMost: 12500 },
      },
      {
        // Halfway between 11,500 and 12,500 is 12,000.
        customer: 'would you take 11,500?',
        expect: { does: 'counters', replyLanguage: 'en', product: CONCRETE, priceAtLeast: 12000, priceAtMost: 12000 },
      },
      {
        // Halfway between 11,800 and 12,000 is 11,900, above the 11,250 floor.
        customer: 'meet me at 11800',
        expect: { does: 'counters', replyLanguage: 'en', product: CONCRETE, priceAtLeast: 11900, priceAtMost: 11900 },
      },
      {
        customer: 'fine, 11900 it is',
        expect: { does: 'accepts', replyLanguage: 'en', product: CONCRETE, price: 11900 },
      },
    ],
  },
  {
    id: 'en-handover-delivery-nakuru',
    language: 'en',
    kind: 'handover',
    story: 'A customer in Nakuru gets the Emperador price and asks about delivery and transport.',
    turns: [
      {
        customer: 'how much is emperador dark',
        expect: { does: 'quotes', replyLanguage: 'en', product: EMPERADOR, priceAtLeast: 16000, priceAtMost: 16000 },
      },
      {
        customer: 'can you deliver to nakuru? how much is transport',
        expect: { does: 'hands_over', replyLanguage: 'en' },
      },
    ],
  },
  {
    id: 'en-handover-onyx',
    language: 'en',
    kind: 'handover',
    story: 'A customer asks for onyx, which the shop does not sell.',
    turns: [
      { customer: 'good afternoon', expect: { does: 'greets', replyLanguage: 'en' } },
      { customer: 'do you have onyx slabs?', expect: { does: 'hands_over', replyLanguage: 'en' } },
    ],
  },
  {
    id: 'en-handover-real-person',
    language: 'en',
    kind: 'handover',
    story: 'A customer says hi and then asks for a human instead of the bot.',
    turns: [
      { customer: 'hi', expect: { does: 'greets', replyLanguage: 'en' } },
      { customer: 'can I talk to a real person, not a bot', expect: { does: 'hands_over', replyLanguage: 'en' } },
    ],
  },
  {
    id: 'en-handover-paybill-fireclay',
    language: 'en',
    kind: 'handover',
    story: 'A customer gets the Fireclay sink price and asks for the paybill number.',
    turns: [
      {
        customer: 'fireclay farmhouse sink price',
        expect: { does: 'quotes', replyLanguage: 'en', product: FIRECLAY, priceAtLeast: 32000, priceAtMost: 32000 },
      },
      { customer: "what's your paybill number", expect: { does: 'hands_over', replyLanguage: 'en' } },
    ],
  },
  {
    id: 'en-handover-two-unplaced',
    language: 'en',
    kind: 'handover',
    story: 'A customer writes two vague messages the shop cannot place, so a person is called in.',
    turns: [
      { customer: 'hey', expect: { does: 'greets', replyLanguage: 'en' } },
      {
        // One message it cannot place is not yet a hand-over (that takes two in a row); a sensible
        // assistant asks what they mean, which is an 'answers'.
        customer: 'my cousin told me to ask you about it',
        expect: { does: 'answers', replyLanguage: 'en' },
      },
      { customer: 'the one from last year, you remember?', expect: { does: 'hands_over', replyLanguage: 'en' } },
    ],
  },
  {
    id: 'en-enquiry-what-do-you-sell',
    language: 'en',
    kind: 'enquiry',
    story: 'A new customer asks what the shop sells, narrows to marble, then asks the size of Emperador.',
    turns: [
      { customer: 'what do you sell', expect: { does: 'lists', replyLanguage: 'en' } },
      // Two marbles in the catalogue (Carrara White, Emperador Dark): a list, not one product.
      { customer: 'marble?', expect: { does: 'lists', replyLanguage: 'en' } },
      {
        customer: 'what size is the emperador',
        expect: { does: 'answers', replyLanguage: 'en', product: EMPERADOR },
      },
    ],
  },
  {
    id: 'en-enquiry-install-calacatta',
    language: 'en',
    kind: 'enquiry',
    story: 'A customer asks the installation charge for Calacatta Gold quartz, then the slab price.',
    turns: [
      {
        customer: 'How much do you charge to install calacatta gold quartz?',
        expect: { does: 'answers', replyLanguage: 'en', product: CALACATTA },
      },
      {
        customer: 'and the slab price?',
        expect: { does: 'quotes', replyLanguage: 'en', product: CALACATTA, priceAtLeast: 19500, priceAtMost: 19500 },
      },
    ],
  },
  {
    id: 'en-enquiry-blanco-stock-size',
    language: 'en',
    kind: 'enquiry',
    story: 'A customer checks whether the Blanco sink is in stock and what its dimensions are.',
    turns: [
      { customer: 'is the blanco sink in stock', expect: { does: 'answers', replyLanguage: 'en', product: BLANCO } },
      { customer: 'dimensions?', expect: { does: 'answers', replyLanguage: 'en', product: BLANCO } },
    ],
  },
];

const SWAHILI: Dialogue[] = [
  {
    id: 'sw-purchase-habari-yako-tan-brown',
    language: 'sw',
    kind: 'purchase',
    story: 'A customer greets with "Habari yako", asks the Tan Brown price and takes it.',
    turns: [
      { customer: 'Habari yako', expect: { does: 'greets', replyLanguage: 'sw' } },
      {
        customer: 'Nataka kujua bei ya Tan Brown',
        expect: { does: 'quotes', replyLanguage: 'sw', product: TAN, priceAtLeast: 7800, priceAtMost: 7800 },
      },
      { customer: 'Sawa, nitachukua', expect: { does: 'accepts', replyLanguage: 'sw', product: TAN, price: 7800 } },
    ],
  },
  {
    id: 'sw-bargain-tan-brown-7500-basi',
    language: 'sw',
    kind: 'bargain',
    story: 'A customer offers elfu saba for Tan Brown, gets 7,400, then says "7500 basi", more than the bot asks.',
    turns: [
      {
        customer: 'Tan brown ni bei gani?',
        expect: { does: 'quotes', replyLanguage: 'sw', product: TAN, priceAtLeast: 7800, priceAtMost: 7800 },
      },
      {
        // Halfway between 7,000 and 7,800 is 7,400, above the 7,020 floor.
        customer: 'Nitakupa elfu saba',
        expect: { does: 'counters', replyLanguage: 'sw', product: TAN, priceAtLeast: 7400, priceAtMost: 7400 },
      },
      {
        // 7,500 is above the standing 7,400: a deal at the bot's own 7,400.
        customer: '7500 basi',
        expect: { does: 'accepts', replyLanguage: 'sw', product: TAN, price: 7400 },
      },
    ],
  },
  {
    id: 'sw-bargain-tan-brown-nitakupa-6000',
    language: 'sw',
    kind: 'bargain',
    story: 'A customer offers 6,000 for Tan Brown, asks for more off, and takes the lowest price.',
    turns: [
      {
        customer: 'bei ya tan brown granite ni ngapi',
        expect: { does: 'quotes', replyLanguage: 'sw', product: TAN, priceAtLeast: 7800, priceAtMost: 7800 },
      },
      {
        // Halfway between 6,000 and 7,800 is 6,900, under the floor: the floor 7,020.
        customer: 'Nitakupa 6000',
        expect: { does: 'counters', replyLanguage: 'sw', product: TAN, priceAtLeast: 7020, priceAtMost: 7020 },
      },
      {
        // Already at the floor: the bot can only hold its 7,020 (a price of its own, so a counter).
        customer: 'Punguza zaidi',
        expect: { does: 'counters', replyLanguage: 'sw', product: TAN, priceAtLeast: 7020, priceAtMost: 7020 },
      },
      { customer: 'Sawa, deal', expect: { does: 'accepts', replyLanguage: 'sw', product: TAN, price: 7020 } },
    ],
  },
  {
    id: 'sw-bargain-asubuhi-kashmir-bei-ya-mwisho',
    language: 'sw',
    kind: 'bargain',
    story: 'A morning customer asks the Kashmir White price, then "bei ya mwisho?", and agrees.',
    turns: [
      { customer: 'Habari za asubuhi', expect: { does: 'greets', replyLanguage: 'sw' } },
      {
        customer: 'kashmir white bei gani',
        expect: { does: 'quotes', replyLanguage: 'sw', product: KASHMIR, priceAtLeast: 9800, priceAtMost: 9800 },
      },
      {
        // No figure from the customer: bounded only by the floor (8,820) and the first quote.
        customer: 'bei ya mwisho?',
        expect: { does: 'counters', replyLanguage: 'sw', product: KASHMIR, priceAtLeast: 8820, priceAtMost: 9800 },
      },
      {
        customer: 'Sawa basi',
        expect: { does: 'accepts', replyLanguage: 'sw', product: KASHMIR, priceAtLeast: 8820, priceAtMost: 9800 },
      },
    ],
  },
  {
    id: 'sw-bargain-carrara-elfu-kumi-na-tatu',
    language: 'sw',
    kind: 'bargain',
    story: 'A customer bargains Carrara in Swahili number words and takes the second counter.',
    turns: [
      {
        customer: 'Carara marble inauzwa pesa ngapi?',
        expect: { does: 'quotes', replyLanguage: 'sw', product: CARRARA, priceAtLeast: 14500, priceAtMost: 14500 },
      },
      {
        // Halfway between 13,000 and 14,500 is 13,750.
        customer: 'Nitakupa elfu kumi na tatu',
        expect: { does: 'counters', replyLanguage: 'sw', product: CARRARA, priceAtLeast: 13750, priceAtMost: 13750 },
      },
      {
        // Halfway between 13,500 and 13,750 is 13,625: rounding to 50 may go either way.
        customer: 'Nitaongeza kidogo, elfu kumi na tatu na mia tano',
        expect: { does: 'counters', replyLanguage: 'sw', product: CARRARA, priceAtLeast: 13600, priceAtMost: 13650 },
      },
      {
        customer: 'Sawa nitachukua',
        expect: { does: 'accepts', replyLanguage: 'sw', product: CARRARA, priceAtLeast: 13600, priceAtMost: 13650 },
      },
    ],
  },
  {
    id: 'sw-bargain-galaxy-mwisho-kabisa-too-low',
    language: 'sw',
    kind: 'bargain',
    story: 'A customer bargains Galaxy Black three times and the final offer stays under the lowest price.',
    turns: [
      {
        customer: 'Galaxy black ni shilingi ngapi',
        expect: { does: 'quotes', replyLanguage: 'sw', product: GALAXY, priceAtLeast: 11000, priceAtMost: 11000 },
      },
      {
        // Halfway between 9,000 and 11,000 is 10,000, above the 9,900 floor.
        customer: 'Elfu tisa je?',
        expect: { does: 'counters', replyLanguage: 'sw', product: GALAXY, priceAtLeast: 10000, priceAtMost: 10000 },
      },
      {
        // Halfway between 9,200 and 10,000 is 9,600, under the floor: 9,900.
        customer: 'Elfu tisa mia mbili',
        expect: { does: 'counters', replyLanguage: 'sw', product: GALAXY, priceAtLeast: 9900, priceAtMost: 9900 },
      },
      {
        // Third round, 9,500 is under the floor: not accepted, the bot holds 9,900.
        customer: 'Elfu tisa mia tano, mwisho kabisa',
        expect: { does: 'counters', replyLanguage: 'sw', product: GALAXY, priceAtLeast: 9900, priceAtMost: 9900 },
      },
    ],
  },
  {
    id: 'sw-bargain-blanco-ghali-sana',
    language: 'sw',
    kind: 'bargain',
    story: 'A customer finds the Blanco sink "ghali sana", offers elfu kumi na tisa and accepts the counter.',
    turns: [
      {
        customer: 'Blanco sinki ni bei gani',
        expect: { does: 'quotes', replyLanguage: 'sw', product: BLANCO, priceAtLeast: 21000, priceAtMost: 21000 },
      },
      {
        // Halfway between 19,000 and 21,000 is 20,000, above the 18,900 floor.
        customer: 'Ni ghali sana, nitakupa elfu kumi na tisa',
        expect: { does: 'counters', replyLanguage: 'sw', product: BLANCO, priceAtLeast: 20000, priceAtMost: 20000 },
      },
      { customer: 'Sawa, deal', expect: { does: 'accepts', replyLanguage: 'sw', product: BLANCO, price: 20000 } },
    ],
  },
  {
    id: 'sw-purchase-sinki-bakuli-mbili',
    language: 'sw',
    kind: 'purchase',
    story: 'A customer asks for "sinki ya bakuli mbili" (the double bowl sink) and takes it.',
    turns: [
      {
        customer: 'Sinki ya bakuli mbili ni bei gani?',
        expect: { does: 'quotes', replyLanguage: 'sw', product: FRANKE, priceAtLeast: 18500, priceAtMost: 18500 },
      },
      { customer: 'Poa, nitachukua', expect: { does: 'accepts', replyLanguage: 'sw', product: FRANKE, price: 18500 } },
    ],
  },
  {
    id: 'sw-purchase-ceramic-mpesa',
    language: 'sw',
    kind: 'purchase',
    story: 'A customer buys the ceramic sink and asks for the M-Pesa paybill.',
    turns: [
      {
        customer: 'Habari, sinki ya ceramic ni shilingi ngapi?',
        expect: { does: 'quotes', replyLanguage: 'sw', product: CERAMIC, priceAtLeast: 14000, priceAtMost: 14000 },
      },
      {
        customer: 'Nitachukua moja',
        expect: { does: 'accepts', replyLanguage: 'sw', product: CERAMIC, price: 14000 },
      },
      {
        customer: 'Nitalipa kwa M-Pesa, namba ya paybill ni gani?',
        expect: { does: 'hands_over', replyLanguage: 'sw' },
      },
    ],
  },
  {
    id: 'sw-handover-mombasa',
    language: 'sw',
    kind: 'handover',
    story: 'A customer in Mombasa gets the Emperador price and asks whether it can be transported there.',
    turns: [
      {
        customer: 'Emperador dark bei yake ni?',
        expect: { does: 'quotes', replyLanguage: 'sw', product: EMPERADOR, priceAtLeast: 16000, priceAtMost: 16000 },
      },
      { customer: 'Mnaweza kunisafirishia hadi Mombasa?', expect: { does: 'hands_over', replyLanguage: 'sw' } },
    ],
  },
  {
    id: 'sw-handover-onyx',
    language: 'sw',
    kind: 'handover',
    story: 'A customer greets and asks for onyx stone, which the shop does not have.',
    turns: [
      { customer: 'Habari yako', expect: { does: 'greets', replyLanguage: 'sw' } },
      { customer: 'Je, mna mawe ya onyx?', expect: { does: 'hands_over', replyLanguage: 'sw' } },
    ],
  },
  {
    id: 'sw-handover-travertine',
    language: 'sw',
    kind: 'handover',
    story: 'An evening customer asks for travertine, which the shop does not have.',
    turns: [
      { customer: 'Habari za jioni', expect: { does: 'greets', replyLanguage: 'sw' } },
      { customer: 'Mnauza travertine?', expect: { does: 'hands_over', replyLanguage: 'sw' } },
    ],
  },
  {
    id: 'sw-handover-mtu',
    language: 'sw',
    kind: 'handover',
    story: 'A customer gets the Pure White price and then asks to talk to a person, not a robot.',
    turns: [
      {
        customer: 'Bei ya Pure White quartz ni ngapi',
        expect: { does: 'quotes', replyLanguage: 'sw', product: PURE_WHITE, priceAtLeast: 13500, priceAtMost: 13500 },
      },
      { customer: 'Nataka kuongea na mtu, sio roboti', expect: { does: 'hands_over', replyLanguage: 'sw' } },
    ],
  },
  {
    id: 'sw-handover-deposit-fireclay',
    language: 'sw',
    kind: 'handover',
    story: 'A customer asks the Fireclay sink price and whether a half deposit is allowed.',
    turns: [
      {
        customer: 'Fireclay farmhouse sinki ni bei gani',
        expect: { does: 'quotes', replyLanguage: 'sw', product: FIRECLAY, priceAtLeast: 32000, priceAtMost: 32000 },
      },
      { customer: 'Naweza kulipa deposit nusu kwanza?', expect: { does: 'hands_over', replyLanguage: 'sw' } },
    ],
  },
  {
    id: 'sw-enquiry-absolute-ukubwa',
    language: 'sw',
    kind: 'enquiry',
    story: 'A customer asks the size of an Absolute Black slab, then its price.',
    turns: [
      {
        customer: 'Slab ya Absolute Black ina ukubwa gani?',
        expect: { does: 'answers', replyLanguage: 'sw', product: ABSOLUTE },
      },
      {
        customer: 'Na bei yake?',
        expect: { does: 'quotes', replyLanguage: 'sw', product: ABSOLUTE, priceAtLeast: 8500, priceAtMost: 8500 },
      },
    ],
  },
  {
    id: 'sw-enquiry-mnauza-nini-quartz',
    language: 'sw',
    kind: 'enquiry',
    story: 'A customer asks what the shop sells, then the quartz range, then the Concrete Grey price.',
    turns: [
      { customer: 'Mnauza nini?', expect: { does: 'lists', replyLanguage: 'sw' } },
      { customer: 'Nionyesheni quartz', expect: { does: 'lists', replyLanguage: 'sw' } },
      {
        customer: 'Concrete grey inagharimu kiasi gani?',
        expect: { does: 'quotes', replyLanguage: 'sw', product: CONCRETE, priceAtLeast: 12500, priceAtMost: 12500 },
      },
    ],
  },
  {
    id: 'sw-enquiry-tan-brown-installation-bado',
    language: 'sw',
    kind: 'enquiry',
    story: 'A customer asks the Tan Brown installation charge, says "bado nafikiria" and asks about stock.',
    turns: [
      {
        customer: 'Gharama ya installation ya Tan Brown ni ngapi kwa slab?',
        expect: { does: 'answers', replyLanguage: 'sw', product: TAN },
      },
      {
        // "Bado" (still) is a Swahili word here, not a product or an offer.
        customer: 'Bado nafikiria. Je, mna stock ya kutosha?',
        expect: { does: 'answers', replyLanguage: 'sw', product: TAN },
      },
    ],
  },
];

const SHENG: Dialogue[] = [
  {
    id: 'sheng-purchase-vipi-msee-tan-brown',
    language: 'sheng',
    kind: 'purchase',
    story: 'A young customer greets with "Vipi msee", asks the Tan Brown price and takes it.',
    turns: [
      { customer: 'Vipi msee', expect: { does: 'greets', replyLanguage: 'sw' } },
      {
        customer: 'tan brown ni ngapi boss',
        expect: { does: 'quotes', replyLanguage: 'sw', product: TAN, priceAtLeast: 7800, priceAtMost: 7800 },
      },
      { customer: 'poa nitaichukua', expect: { does: 'accepts', replyLanguage: 'sw', product: TAN, price: 7800 } },
    ],
  },
  {
    id: 'sheng-purchase-franke-thumbs-up',
    language: 'sheng',
    kind: 'purchase',
    story: 'A fundi asks the Franke sink price in Sheng and accepts with a thumbs up.',
    turns: [
      {
        customer: 'Boss hiyo sinki ya franke ni ngapi',
        expect: { does: 'quotes', replyLanguage: 'sw', product: FRANKE, priceAtLeast: 18500, priceAtMost: 18500 },
      },
      {
        // An emoji has no language: the customer has been writing Sheng, answered in Swahili.
        customer: '👍',
        expect: { does: 'accepts', replyLanguage: 'sw', product: FRANKE, price: 18500 },
      },
    ],
  },
  {
    id: 'sheng-purchase-pure-white-mpesa',
    language: 'sheng',
    kind: 'purchase',
    story: 'A customer takes Pure White quartz and asks for the paybill to send the money by M-Pesa.',
    turns: [
      {
        customer: 'Mresh, pure white quartz ni how much',
        expect: { does: 'quotes', replyLanguage: 'sw', product: PURE_WHITE, priceAtLeast: 13500, priceAtMost: 13500 },
      },
      {
        customer: 'Poa nitachukua hiyo',
        expect: { does: 'accepts', replyLanguage: 'sw', product: PURE_WHITE, price: 13500 },
      },
      { customer: 'Nitakutumia doh kwa mpesa, tuma paybill', expect: { does: 'hands_over', replyLanguage: 'sw' } },
    ],
  },
  {
    id: 'sheng-bargain-niaje-galaxy-10k',
    language: 'sheng',
    kind: 'bargain',
    story: 'A customer greets and asks the Galaxy Black price in one message, offers 10k and takes 10,500.',
    turns: [
      {
        customer: 'Niaje, galaxi black iko how much?',
        expect: { does: 'quotes', replyLanguage: 'sw', product: GALAXY, priceAtLeast: 11000, priceAtMost: 11000 },
      },
      {
        // Halfway between 10,000 and 11,000 is 10,500.
        customer: 'nikupe 10k msee',
        expect: { does: 'counters', replyLanguage: 'sw', product: GALAXY, priceAtLeast: 10500, priceAtMost: 10500 },
      },
      { customer: 'poa 10,500 deal', expect: { does: 'accepts', replyLanguage: 'sw', product: GALAXY, price: 10500 } },
    ],
  },
  {
    id: 'sheng-bargain-concrete-thao',
    language: 'sheng',
    kind: 'bargain',
    story: 'A customer offers "11 thao" for Concrete Grey, pushes with "shukisha kiasi" and agrees.',
    turns: [
      {
        customer: 'Sasa, concrete grey ni ngapi?',
        expect: { does: 'quotes', replyLanguage: 'sw', product: CONCRETE, priceAtLeast: 12500, priceAtMost: 12500 },
      },
      {
        // Halfway between 11,000 and 12,500 is 11,750.
        customer: 'Nikupe 11 thao',
        expect: { does: 'counters', replyLanguage: 'sw', product: CONCRETE, priceAtLeast: 11750, priceAtMost: 11750 },
      },
      {
        // Halfway between 11,500 and 11,750 is 11,625: rounding to 50 may go either way.
        customer: 'shukisha kiasi msee, nitakupa 11.5k',
        expect: { does: 'counters', replyLanguage: 'sw', product: CONCRETE, priceAtLeast: 11600, priceAtMost: 11650 },
      },
      {
        customer: 'Poa, deal',
        expect: { does: 'accepts', replyLanguage: 'sw', product: CONCRETE, priceAtLeast: 11600, priceAtMost: 11650 },
      },
    ],
  },
  {
    id: 'sheng-bargain-emperador-too-low',
    language: 'sheng',
    kind: 'bargain',
    story:
      'A customer bargains Emperador for three rounds; "13.5k basi" is still under the bot price and the last offer under the floor.',
    turns: [
      {
        customer: 'Emperador ni bei gani msee',
        expect: { does: 'quotes', replyLanguage: 'sw', product: EMPERADOR, priceAtLeast: 16000, priceAtMost: 16000 },
      },
      {
        // Halfway between 13,000 and 16,000 is 14,500, above the 14,400 floor.
        customer: 'nikupe 13k cash',
        expect: { does: 'counters', replyLanguage: 'sw', product: EMPERADOR, priceAtLeast: 14500, priceAtMost: 14500 },
      },
      {
        // "basi" here closes an offer that is still under the bot's 14,500: a counter, not a deal.
        // Halfway between 13,500 and 14,500 is 14,000, under the floor: 14,400.
        customer: '13.5k basi',
        expect: { does: 'counters', replyLanguage: 'sw', product: EMPERADOR, priceAtLeast: 14400, priceAtMost: 14400 },
      },
      {
        // Third round, 14,000 is under the floor: not accepted.
        customer: '14k ndio mwisho bana',
        expect: { does: 'counters', replyLanguage: 'sw', product: EMPERADOR, priceAtLeast: 14400, priceAtMost: 14400 },
      },
    ],
  },
  {
    id: 'sheng-bargain-kashmir-9500-basi',
    language: 'sheng',
    kind: 'bargain',
    story: 'A customer offers 9k for Kashmir White, gets 9,400, then offers 9,500 which beats the bot price.',
    turns: [
      {
        customer: 'kashmir white bei iko aje',
        expect: { does: 'quotes', replyLanguage: 'sw', product: KASHMIR, priceAtLeast: 9800, priceAtMost: 9800 },
      },
      {
        // Halfway between 9,000 and 9,800 is 9,400, above the 8,820 floor.
        customer: 'nikupe 9k cash',
        expect: { does: 'counters', replyLanguage: 'sw', product: KASHMIR, priceAtLeast: 9400, priceAtMost: 9400 },
      },
      {
        // 9,500 is above the standing 9,400: a deal at the bot's 9,400.
        customer: '9500 basi tufunge',
        expect: { does: 'accepts', replyLanguage: 'sw', product: KASHMIR, price: 9400 },
      },
    ],
  },
  {
    id: 'sheng-bargain-ceramic-punguza-kiasi',
    language: 'sheng',
    kind: 'bargain',
    story: 'A customer asks for the one-and-a-half bowl sink, asks for a discount without a figure and agrees.',
    turns: [
      {
        customer: 'Ile sinki ya bakuli moja na nusu ni ngapi',
        expect: { does: 'quotes', replyLanguage: 'sw', product: CERAMIC, priceAtLeast: 14000, priceAtMost: 14000 },
      },
      {
        // No figure: bounded by the floor (12,600) and the first quote.
        customer: 'Punguza kiasi bana',
        expect: { does: 'counters', replyLanguage: 'sw', product: CERAMIC, priceAtLeast: 12600, priceAtMost: 14000 },
      },
      {
        customer: 'poa sawa',
        expect: { does: 'accepts', replyLanguage: 'sw', product: CERAMIC, priceAtLeast: 12600, priceAtMost: 14000 },
      },
    ],
  },
  {
    id: 'sheng-bargain-tan-brown-three-rounds',
    language: 'sheng',
    kind: 'bargain',
    story: 'A customer bargains Tan Brown from 6.5k up and closes at 7,050 in the third round.',
    turns: [
      {
        customer: 'tan brown ni ngapi mse',
        expect: { does: 'quotes', replyLanguage: 'sw', product: TAN, priceAtLeast: 7800, priceAtMost: 7800 },
      },
      {
        // Halfway between 6,500 and 7,800 is 7,150, above the 7,020 floor.
        customer: 'nikupe 6.5k',
        expect: { does: 'counters', replyLanguage: 'sw', product: TAN, priceAtLeast: 7150, priceAtMost: 7150 },
      },
      {
        // Halfway between 7,000 and 7,150 is 7,075: 7,050 or 7,100.
        customer: 'nikupe 7k basi',
        expect: { does: 'counters', replyLanguage: 'sw', product: TAN, priceAtLeast: 7050, priceAtMost: 7100 },
      },
      {
        // Third round, 7,050 is above the 7,020 floor: accepted (and if the bot stood at 7,050, that is its price too).
        customer: '7050 mwisho msee',
        expect: { does: 'accepts', replyLanguage: 'sw', product: TAN, price: 7050 },
      },
    ],
  },
  {
    id: 'sheng-handover-kitengela',
    language: 'sheng',
    kind: 'handover',
    story: 'A customer in Kitengela gets the Absolute Black price and asks if they deliver.',
    turns: [
      {
        customer: 'Niaje boss, absolute black ni ngapi',
        expect: { does: 'quotes', replyLanguage: 'sw', product: ABSOLUTE, priceAtLeast: 8500, priceAtMost: 8500 },
      },
      { customer: 'Mnadeliver Kitengela?', expect: { does: 'hands_over', replyLanguage: 'sw' } },
    ],
  },
  {
    id: 'sheng-handover-onyx',
    language: 'sheng',
    kind: 'handover',
    story: 'A customer greets with "Sasa boss" and asks for onyx, which the shop does not have.',
    turns: [
      { customer: 'Sasa boss', expect: { does: 'greets', replyLanguage: 'sw' } },
      { customer: 'Msee mnauza onyx?', expect: { does: 'hands_over', replyLanguage: 'sw' } },
    ],
  },
  {
    id: 'sheng-handover-mtu-si-bot',
    language: 'sheng',
    kind: 'handover',
    story: 'A customer gets the Fireclay sink price and demands a person instead of the bot.',
    turns: [
      {
        customer: 'fireclay sink ni ngapi msee',
        expect: { does: 'quotes', replyLanguage: 'sw', product: FIRECLAY, priceAtLeast: 32000, priceAtMost: 32000 },
      },
      { customer: 'Nipe mtu wa kuongea naye bana, si hii bot', expect: { does: 'hands_over', replyLanguage: 'sw' } },
    ],
  },
  {
    id: 'sheng-handover-lori-thika',
    language: 'sheng',
    kind: 'handover',
    story: 'A customer asks the Calacatta Gold price and whether a lorry can bring it to Thika.',
    turns: [
      {
        customer: 'Calacatta gold ni ngapi msee',
        expect: { does: 'quotes', replyLanguage: 'sw', product: CALACATTA, priceAtLeast: 19500, priceAtMost: 19500 },
      },
      { customer: 'Nikiichukua mtanitumia na lori hadi Thika?', expect: { does: 'hands_over', replyLanguage: 'sw' } },
    ],
  },
  {
    id: 'sheng-enquiry-mnauza-nini-granite',
    language: 'sheng',
    kind: 'enquiry',
    story: 'A customer asks what the shop sells, then which granites.',
    turns: [
      // A greeting and a question in one message: the question is what gets answered.
      { customer: 'Niaje msee, mnauza vitu gani?', expect: { does: 'lists', replyLanguage: 'sw' } },
      { customer: 'Mko na granite gani?', expect: { does: 'lists', replyLanguage: 'sw' } },
    ],
  },
  {
    id: 'sheng-enquiry-carara-size-installation',
    language: 'sheng',
    kind: 'enquiry',
    story: 'A customer asks the size of "carara" and its installation charge.',
    turns: [
      { customer: 'Carara iko size gani msee', expect: { does: 'answers', replyLanguage: 'sw', product: CARRARA } },
      { customer: 'Na installation ni ngapi?', expect: { does: 'answers', replyLanguage: 'sw', product: CARRARA } },
    ],
  },
  {
    id: 'sheng-enquiry-blanco-stock',
    language: 'sheng',
    kind: 'enquiry',
    story: 'A customer asks whether the Blanco sink is in stock, then its price.',
    turns: [
      { customer: 'Blanco sinki mko nayo stock?', expect: { does: 'answers', replyLanguage: 'sw', product: BLANCO } },
      {
        customer: 'Bei yake ni ngapi?',
        expect: { does: 'quotes', replyLanguage: 'sw', product: BLANCO, priceAtLeast: 21000, priceAtMost: 21000 },
      },
    ],
  },
];

const MIXED: Dialogue[] = [
  {
    id: 'mixed-purchase-tan-brown',
    language: 'mixed',
    kind: 'purchase',
    story: 'A customer asks the Tan Brown price in English and accepts in Swahili.',
    turns: [
      {
        customer: "Hi, what's the price of tan brown granite?",
        expect: { does: 'quotes', replyLanguage: 'en', product: TAN, priceAtLeast: 7800, priceAtMost: 7800 },
      },
      {
        customer: 'Sawa, nitachukua hiyo',
        expect: { does: 'accepts', replyLanguage: 'sw', product: TAN, price: 7800 },
      },
    ],
  },
  {
    id: 'mixed-purchase-galaxy',
    language: 'mixed',
    kind: 'purchase',
    story: 'A customer says good morning in English, then asks and accepts the Galaxy Black price in Swahili.',
    turns: [
      { customer: 'Good morning', expect: { does: 'greets', replyLanguage: 'en' } },
      {
        customer: 'Galaxy black ni bei gani?',
        expect: { does: 'quotes', replyLanguage: 'sw', product: GALAXY, priceAtLeast: 11000, priceAtMost: 11000 },
      },
      {
        customer: 'Poa, nitachukua leo',
        expect: { does: 'accepts', replyLanguage: 'sw', product: GALAXY, price: 11000 },
      },
    ],
  },
  {
    id: 'mixed-purchase-blanco',
    language: 'mixed',
    kind: 'purchase',
    story: 'A customer asks the Blanco sink price in English and takes one in Swahili.',
    turns: [
      {
        customer: 'Hi, how much for the blanco sink?',
        expect: { does: 'quotes', replyLanguage: 'en', product: BLANCO, priceAtLeast: 21000, priceAtMost: 21000 },
      },
      {
        customer: 'Sawa boss, nitachukua moja',
        expect: { does: 'accepts', replyLanguage: 'sw', product: BLANCO, price: 21000 },
      },
    ],
  },
  {
    id: 'mixed-bargain-absolute-ghali-sana',
    language: 'mixed',
    kind: 'bargain',
    story: 'A customer asks in English, complains "ghali sana" with an offer in Swahili, and closes in English.',
    turns: [
      {
        customer: 'Hello, how much is absolute black?',
        expect: { does: 'quotes', replyLanguage: 'en', product: ABSOLUTE, priceAtLeast: 8500, priceAtMost: 8500 },
      },
      {
        // Halfway between 7,500 and 8,500 is 8,000.
        customer: 'Hiyo ni ghali sana bana, nitakupa 7,500',
        expect: { does: 'counters', replyLanguage: 'sw', product: ABSOLUTE, priceAtLeast: 8000, priceAtMost: 8000 },
      },
      { customer: 'ok 8k deal', expect: { does: 'accepts', replyLanguage: 'en', product: ABSOLUTE, price: 8000 } },
    ],
  },
  {
    id: 'mixed-bargain-kashmir-punguza-kidogo',
    language: 'mixed',
    kind: 'bargain',
    story: 'A customer switches language every message while bargaining Kashmir White.',
    turns: [
      {
        customer: 'Kashmir white iko ngapi?',
        expect: { does: 'quotes', replyLanguage: 'sw', product: KASHMIR, priceAtLeast: 9800, priceAtMost: 9800 },
      },
      {
        // Halfway between 9,000 and 9,800 is 9,400.
        customer: 'Can you do 9,000?',
        expect: { does: 'counters', replyLanguage: 'en', product: KASHMIR, priceAtLeast: 9400, priceAtMost: 9400 },
      },
      {
        // No figure: bounded by the floor (8,820) and the standing 9,400.
        customer: 'Punguza kidogo tu boss',
        expect: { does: 'counters', replyLanguage: 'sw', product: KASHMIR, priceAtLeast: 8820, priceAtMost: 9400 },
      },
      {
        customer: "ok I'll take it",
        expect: { does: 'accepts', replyLanguage: 'en', product: KASHMIR, priceAtLeast: 8820, priceAtMost: 9400 },
      },
    ],
  },
  {
    id: 'mixed-bargain-carrara-final-round',
    language: 'mixed',
    kind: 'bargain',
    story:
      'A customer bargains Carrara over three rounds in both languages; the third offer is just under the bot price but above the floor.',
    turns: [
      {
        customer: 'Niaje, carrara marble ni ngapi',
        expect: { does: 'quotes', replyLanguage: 'sw', product: CARRARA, priceAtLeast: 14500, priceAtMost: 14500 },
      },
      {
        // Halfway between 13,500 and 14,500 is 14,000.
        customer: "That's too much, I can pay 13,500",
        expect: { does: 'counters', replyLanguage: 'en', product: CARRARA, priceAtLeast: 14000, priceAtMost: 14000 },
      },
      {
        // Halfway between 13,700 and 14,000 is 13,850.
        customer: 'Nikuongezee 13,700 basi',
        expect: { does: 'counters', replyLanguage: 'sw', product: CARRARA, priceAtLeast: 13850, priceAtMost: 13850 },
      },
      {
        // Third and last round, 13,800 is at or above the 13,050 floor: the customer's offer is accepted.
        customer: '13,800 final, take it or leave it',
        expect: { does: 'accepts', replyLanguage: 'en', product: CARRARA, price: 13800 },
      },
    ],
  },
  {
    id: 'mixed-bargain-fireclay-too-low',
    language: 'mixed',
    kind: 'bargain',
    story: 'A customer offers far too little for the Fireclay sink three times and the bot holds its lowest price.',
    turns: [
      {
        customer: 'Fireclay farmhouse sink price?',
        expect: { does: 'quotes', replyLanguage: 'en', product: FIRECLAY, priceAtLeast: 32000, priceAtMost: 32000 },
      },
      {
        // Halfway between 25,000 and 32,000 is 28,500, under the floor: 28,800.
        customer: 'Nitakupa 25k',
        expect: { does: 'counters', replyLanguage: 'sw', product: FIRECLAY, priceAtLeast: 28800, priceAtMost: 28800 },
      },
      {
        customer: 'How about 26k boss, please',
        expect: { does: 'counters', replyLanguage: 'en', product: FIRECLAY, priceAtLeast: 28800, priceAtMost: 28800 },
      },
      {
        // Third round, 27,000 is under the floor: not accepted.
        customer: '27k ndio mwisho wangu',
        expect: { does: 'counters', replyLanguage: 'sw', product: FIRECLAY, priceAtLeast: 28800, priceAtMost: 28800 },
      },
    ],
  },
  {
    id: 'mixed-handover-eldoret',
    language: 'mixed',
    kind: 'handover',
    story: 'A customer asks the Concrete Grey price in English and delivery to Eldoret in Swahili.',
    turns: [
      {
        customer: 'Concrete grey quartz how much?',
        expect: { does: 'quotes', replyLanguage: 'en', product: CONCRETE, priceAtLeast: 12500, priceAtMost: 12500 },
      },
      { customer: 'Mnadeliver Eldoret? Ama ni pick up tu', expect: { does: 'hands_over', replyLanguage: 'sw' } },
    ],
  },
  {
    id: 'mixed-handover-mpesa-after-deal',
    language: 'mixed',
    kind: 'handover',
    story: 'A customer asks Pure White in Swahili, agrees in English and asks about paying by M-Pesa.',
    turns: [
      {
        customer: 'Pure white quartz ni ngapi',
        expect: { does: 'quotes', replyLanguage: 'sw', product: PURE_WHITE, priceAtLeast: 13500, priceAtMost: 13500 },
      },
      { customer: 'Ok deal', expect: { does: 'accepts', replyLanguage: 'en', product: PURE_WHITE, price: 13500 } },
      { customer: 'Can I pay with M-Pesa?', expect: { does: 'hands_over', replyLanguage: 'en' } },
    ],
  },
  {
    id: 'mixed-handover-onyx',
    language: 'mixed',
    kind: 'handover',
    story: 'A customer greets in Swahili and asks for onyx in English.',
    turns: [
      { customer: 'Habari yako', expect: { does: 'greets', replyLanguage: 'sw' } },
      { customer: 'Do you have onyx?', expect: { does: 'hands_over', replyLanguage: 'en' } },
    ],
  },
  {
    id: 'mixed-handover-real-person',
    language: 'mixed',
    kind: 'handover',
    story: 'A customer greets in Sheng and asks for a real person in English.',
    turns: [
      { customer: 'Niaje', expect: { does: 'greets', replyLanguage: 'sw' } },
      { customer: 'I need to talk to a real person please', expect: { does: 'hands_over', replyLanguage: 'en' } },
    ],
  },
  {
    id: 'mixed-handover-limestone',
    language: 'mixed',
    kind: 'handover',
    story: 'A customer asks what the shop sells in English, then asks for limestone in Swahili.',
    turns: [
      { customer: 'What do you sell?', expect: { does: 'lists', replyLanguage: 'en' } },
      { customer: 'Mko na limestone?', expect: { does: 'hands_over', replyLanguage: 'sw' } },
    ],
  },
  {
    id: 'mixed-enquiry-franke-size',
    language: 'mixed',
    kind: 'enquiry',
    story: 'A customer asks the size of the Franke sink in English and its price in Swahili.',
    turns: [
      {
        customer: 'What size is the franke double bowl sink?',
        expect: { does: 'answers', replyLanguage: 'en', product: FRANKE },
      },
      {
        customer: 'Na bei yake ni ngapi?',
        expect: { does: 'quotes', replyLanguage: 'sw', product: FRANKE, priceAtLeast: 18500, priceAtMost: 18500 },
      },
    ],
  },
  {
    id: 'mixed-enquiry-emperador-installation',
    language: 'mixed',
    kind: 'enquiry',
    story: 'A customer asks the Emperador installation charge in Swahili and the slab price in English.',
    turns: [
      {
        customer: 'Mnafanya installation pia? Ni pesa ngapi kwa emperador?',
        expect: { does: 'answers', replyLanguage: 'sw', product: EMPERADOR },
      },
      {
        customer: 'Ok, and the slab price?',
        expect: { does: 'quotes', replyLanguage: 'en', product: EMPERADOR, priceAtLeast: 16000, priceAtMost: 16000 },
      },
    ],
  },
  {
    id: 'mixed-enquiry-sinki-ceramic',
    language: 'mixed',
    kind: 'enquiry',
    story: 'A customer asks for "sinki" in Swahili, then the size of the ceramic one in English.',
    turns: [
      // Four sinks in the catalogue: a list, not one product.
      { customer: 'Nataka sinki', expect: { does: 'lists', replyLanguage: 'sw' } },
      {
        customer: 'The ceramic one, how big is it?',
        expect: { does: 'answers', replyLanguage: 'en', product: CERAMIC },
      },
    ],
  },
  {
    id: 'mixed-enquiry-calacatta-stock',
    language: 'mixed',
    kind: 'enquiry',
    story: 'A customer asks whether Calacatta Gold is in stock, then the price per slab in English.',
    turns: [
      {
        // "Hello" and "stock" are English, "mko na ... kwa" Swahili: most of the message is Swahili.
        customer: 'Hello, mko na calacatta gold kwa stock?',
        expect: { does: 'answers', replyLanguage: 'sw', product: CALACATTA },
      },
      {
        customer: 'How much per slab?',
        expect: { does: 'quotes', replyLanguage: 'en', product: CALACATTA, priceAtLeast: 19500, priceAtMost: 19500 },
      },
    ],
  },
];

export const DIALOGUES: Dialogue[] = [...ENGLISH, ...SWAHILI, ...SHENG, ...MIXED];
