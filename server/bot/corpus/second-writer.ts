// The corpus's second writer: 100 messages written by someone who had read
// only the demo catalogue, never the bot's engine, the first corpus or the
// tests. Measured on them before any change, the bot read 93 of 100 right;
// the seven misses led to general fixes (greetings such as "hamjambo", "list"
// read as a typo of "last", "ushuke", "ipo kwa sasa"), so they are part of
// the corpus now rather than unseen messages. server/bot/held-out/ holds
// messages the bot has never been tuned on. Four messages the first writer
// had also written ("Habari za asubuhi", "Niaje boss", "Do you have black
// granite?", "Duka lenu liko wapi?") are left out here.
import type { CorpusEntry } from './messages';

const ABSOLUTE_BLACK = 'Absolute Black Granite';
const GALAXY_BLACK = 'Galaxy Black Granite';
const KASHMIR_WHITE = 'Kashmir White Granite';
const TAN_BROWN = 'Tan Brown Granite';
const CARRARA = 'Carrara White Marble';
const EMPERADOR = 'Emperador Dark Marble';
const CALACATTA = 'Calacatta Gold Quartz';
const PURE_WHITE = 'Pure White Quartz';
const CONCRETE_GREY = 'Concrete Grey Quartz';
const FRANKE = 'Franke Stainless Steel Double Bowl Sink';
const BLANCO = 'Blanco Silgranit Single Bowl Sink';
const FIRECLAY = 'Fireclay Farmhouse Sink';
const CERAMIC = 'Ceramic 1.5 Bowl Sink';

const GRANITES = [ABSOLUTE_BLACK, GALAXY_BLACK, KASHMIR_WHITE, TAN_BROWN];
const MARBLES = [CARRARA, EMPERADOR];
const QUARTZES = [CALACATTA, PURE_WHITE, CONCRETE_GREY];

export const SECOND_WRITER: readonly CorpusEntry[] = [
  // greeting
  { text: 'Hello good morning', language: 'en', intent: 'greeting' },
  { text: 'hi there 👋', language: 'en', intent: 'greeting' },
  { text: 'Hamjambo ndugu', language: 'sw', intent: 'greeting' },
  { text: 'mambo vipi msee', language: 'sheng', intent: 'greeting' },
  { text: 'Hello madam, habari yako?', language: 'mixed', intent: 'greeting' },

  // catalogue
  { text: 'What products do you sell?', language: 'en', intent: 'catalogue' },
  { text: 'pls send me ur full catalog', language: 'en', intent: 'catalogue' },
  { text: 'Mnauza nini hapa dukani?', language: 'sw', intent: 'catalogue' },
  { text: 'Naomba kuona bidhaa zote mlizonazo', language: 'sw', intent: 'catalogue' },
  { text: 'nyinyi mnadeal na vitu gani', language: 'sheng', intent: 'catalogue' },
  { text: 'nitumie list ya products zenu pls', language: 'mixed', intent: 'catalogue' },

  // product
  {
    text: 'looking for a dabo bowl stainless steel sink for my kitchen',
    language: 'en',
    intent: 'product',
    products: [FRANKE],
  },
  { text: 'do you stock onyx', language: 'en', intent: 'product', notFound: 'onyx' },
  { text: 'I need white quatz for a kitchen island', language: 'en', intent: 'product', products: [PURE_WHITE] },
  { text: 'Natafuta sinki ya kauri', language: 'sw', intent: 'product', products: [CERAMIC] },
  { text: 'Mna marumaru?', language: 'sw', intent: 'product', products: MARBLES },
  { text: 'Mnauza vigae vya sakafu?', language: 'sw', intent: 'product', notFound: 'vigae' },
  { text: 'nataka ile sinc ya farmhouse buda', language: 'sheng', intent: 'product', products: [FIRECLAY] },
  { text: 'mko na travertine ama?', language: 'sheng', intent: 'product', notFound: 'travertine' },
  // brown + marble: only Emperador Dark is a brown marble
  {
    text: 'I need marbel for my bathroom, mnayo ya brown?',
    language: 'mixed',
    intent: 'product',
    products: [EMPERADOR],
  },
  { text: "Mko na bathtub? I'm renovating my bathroom", language: 'mixed', intent: 'product', notFound: 'bathtub' },

  // price
  {
    text: 'How much is the Absolute Black granite per slab?',
    language: 'en',
    intent: 'price',
    products: [ABSOLUTE_BLACK],
  },
  { text: 'price for calacatta gold quarts?', language: 'en', intent: 'price', products: [CALACATTA] },
  { text: 'HOW MUCH IS CARARA MARBLE', language: 'en', intent: 'price', products: [CARRARA] },
  { text: 'wats the cost of the franky sink', language: 'en', intent: 'price', products: [FRANKE] },
  {
    text: 'Bei ya granite nyeusi ni ngapi?',
    language: 'sw',
    intent: 'price',
    products: [ABSOLUTE_BLACK, GALAXY_BLACK],
  },
  { text: 'Sinki ya Blanco inauzwa shilingi ngapi', language: 'sw', intent: 'price', products: [BLANCO] },
  { text: 'hii quartz inaenda aje', language: 'sheng', intent: 'price', products: QUARTZES },
  { text: 'kashmere ni ngapi msee', language: 'sheng', intent: 'price', products: [KASHMIR_WHITE] },
  { text: 'bei ya ile sink ya ceramik iko aje boss', language: 'sheng', intent: 'price', products: [CERAMIC] },
  { text: 'bei ya galaxi black is how much per slab', language: 'mixed', intent: 'price', products: [GALAXY_BLACK] },
  { text: 'The Pure White quartz ni ngapi?', language: 'mixed', intent: 'price', products: [PURE_WHITE] },

  // size
  {
    text: 'What are the dimentions of the Kashmir White slab?',
    language: 'en',
    intent: 'size',
    products: [KASHMIR_WHITE],
  },
  { text: 'how big is the 1.5 bowl sink', language: 'en', intent: 'size', products: [CERAMIC] },
  { text: 'Ukubwa wa slab ya quartz ya kijivu ni gani?', language: 'sw', intent: 'size', products: [CONCRETE_GREY] },
  { text: 'Urefu na upana wa sinki ya farmhouse ni ngapi', language: 'sw', intent: 'size', products: [FIRECLAY] },
  { text: 'hiyo slab ni size gani kwani', language: 'sheng', intent: 'size' },
  {
    text: 'granit ya absolute black ni mita ngapi urefu',
    language: 'sheng',
    intent: 'size',
    products: [ABSOLUTE_BLACK],
  },
  {
    text: 'Emperador iko na size gani? I need at least 3m length',
    language: 'mixed',
    intent: 'size',
    products: [EMPERADOR],
  },

  // stock
  { text: 'Is the Tan Brown granite in stock?', language: 'en', intent: 'stock', products: [TAN_BROWN] },
  { text: 'is pure white quarts available this week', language: 'en', intent: 'stock', products: [PURE_WHITE] },
  { text: 'Bado mnayo Galaxy Black?', language: 'sw', intent: 'stock', products: [GALAXY_BLACK] },
  { text: 'Je, Emperador Dark ipo kwa sasa?', language: 'sw', intent: 'stock', products: [EMPERADOR] },
  { text: 'kashmir white bado iko ama imeisha', language: 'sheng', intent: 'stock', products: [KASHMIR_WHITE] },
  { text: 'is the concrete grey bado iko?', language: 'mixed', intent: 'stock', products: [CONCRETE_GREY] },
  // "or is it made to order" is part of the same stock question
  {
    text: 'Do you have the fireclay sink in stok ama ni order?',
    language: 'mixed',
    intent: 'stock',
    products: [FIRECLAY],
  },

  // installation
  {
    text: 'how much do you charge to install a granite kitchen top',
    language: 'en',
    intent: 'installation',
    products: GRANITES,
  },
  { text: 'do you guys do the fiting or do i bring my own guy', language: 'en', intent: 'installation' },
  { text: 'Mnaweza kuniwekea pia? Gharama ya kuweka ni kiasi gani', language: 'sw', intent: 'installation' },
  { text: 'Fundi wenu anachaji bei gani kuweka marumaru', language: 'sw', intent: 'installation', products: MARBLES },
  { text: 'mnaeza kam kuiweka ama nitafute fundi', language: 'sheng', intent: 'installation' },
  { text: 'fundi ni doh ngapi kwa slab moja', language: 'sheng', intent: 'installation' },
  {
    text: 'instalation ya calacata gold ni ngapi per slab',
    language: 'mixed',
    intent: 'installation',
    products: [CALACATTA],
  },

  // counter_offer
  {
    text: 'Can you do 9k for the Absolute Black?',
    language: 'en',
    intent: 'counter_offer',
    products: [ABSOLUTE_BLACK],
    amount: 9000,
  },
  { text: 'whats your last price on galaxy black', language: 'en', intent: 'counter_offer', products: [GALAXY_BLACK] },
  {
    text: "Would you take 15,000 for the Carrara? I'm buying 2 slabs",
    language: 'en',
    intent: 'counter_offer',
    products: [CARRARA],
    amount: 15000,
  },
  { text: 'Elfu tisa na mia tano utakubali?', language: 'sw', intent: 'counter_offer', amount: 9500 },
  {
    text: 'Nitakupa elfu kumi na mbili kwa Kashmir',
    language: 'sw',
    intent: 'counter_offer',
    products: [KASHMIR_WHITE],
    amount: 12000,
  },
  { text: '9 thao tushikane boss', language: 'sheng', intent: 'counter_offer', amount: 9000 },
  { text: 'ngiri tisa ni sawa?', language: 'sheng', intent: 'counter_offer', amount: 9000 },
  { text: 'si ushuke kiasi bana', language: 'sheng', intent: 'counter_offer' },
  // offer plus same-day pickup: the offer is what needs answering
  { text: '9.5k and I pick it today, sawa?', language: 'mixed', intent: 'counter_offer', amount: 9500 },
  {
    text: 'ksh 9000 for the tan browm, siwezi ongeza zaidi',
    language: 'mixed',
    intent: 'counter_offer',
    products: [TAN_BROWN],
    amount: 9000,
  },

  // accept
  { text: "Ok deal, I'll take it", language: 'en', intent: 'accept' },
  { text: 'alright that works for me, lets procede', language: 'en', intent: 'accept' },
  { text: 'Sawa nimekubali, nitachukua', language: 'sw', intent: 'accept' },
  { text: 'poa boss tumeelewana 👍', language: 'sheng', intent: 'accept' },
  { text: 'fiti hiyo ni poa, ntachukua', language: 'sheng', intent: 'accept' },
  { text: "Sawa, deal. I'll take the Blanco", language: 'mixed', intent: 'accept', products: [BLANCO] },

  // delivery
  { text: 'Do you deliver to Nakuru?', language: 'en', intent: 'delivery' },
  { text: 'where is your shop located', language: 'en', intent: 'delivery' },
  { text: 'how much is transpot to kitengela', language: 'en', intent: 'delivery' },
  { text: 'Mnaleta mpaka Eldoret?', language: 'sw', intent: 'delivery' },
  { text: 'mnadeliva Thika?', language: 'sheng', intent: 'delivery' },
  { text: 'mko wapi exactly nikam', language: 'sheng', intent: 'delivery' },
  { text: "Mnadeliver upcountry? I'm in Kisumu", language: 'mixed', intent: 'delivery' },

  // payment
  { text: 'Can I pay via mpesa or bank transfer?', language: 'en', intent: 'payment' },
  // mentions delivery, but the question is about paying in two parts
  { text: 'Can I pay half deposit then balance on delivery', language: 'en', intent: 'payment' },
  { text: 'Nalipaje? Mnapokea M-Pesa?', language: 'sw', intent: 'payment' },
  { text: 'Naweza kulipa kidogo kidogo kila mwezi?', language: 'sw', intent: 'payment' },
  { text: 'natuma doh kwa mpessa ama?', language: 'sheng', intent: 'payment' },
  { text: 'nipee paybil ama till boss', language: 'sheng', intent: 'payment' },
  { text: 'Can I pay thru bank? mnatumia bank gani', language: 'mixed', intent: 'payment' },
  { text: 'nitumie invoice please nilipe', language: 'mixed', intent: 'payment' },

  // thanks
  { text: 'Thanks a lot 🙏', language: 'en', intent: 'thanks' },
  { text: 'Asante sana, Mungu akubariki', language: 'sw', intent: 'thanks' },
  { text: 'poa, shukran msee', language: 'sheng', intent: 'thanks' },
  { text: 'asante, thanx for the help', language: 'mixed', intent: 'thanks' },
  { text: 'Thank you sana madam', language: 'mixed', intent: 'thanks' },

  // unclear
  { text: 'the one you sent in the picture yesterday', language: 'en', intent: 'unclear' },
  { text: 'ile kitu tuliongea jana', language: 'sw', intent: 'unclear' },
  { text: 'Mama yangu amesema nikuulize', language: 'sw', intent: 'unclear' },
  { text: 'ule msee alinitumia hiyo pic', language: 'sheng', intent: 'unclear' },
  { text: 'weh umeona match ya jana', language: 'sheng', intent: 'unclear' },
  { text: 'yule fundi wa last time alisema something', language: 'mixed', intent: 'unclear' },
  { text: 'is this the number for the matatu sacco ama nimekosea', language: 'mixed', intent: 'unclear' },
];
