// What customers really write to the shop on WhatsApp, and what a sensible
// shop assistant understands from each message: the corpus the catalogue
// bot's understanding is measured against (server/test/bot-corpus.test.ts,
// `npm run bench:bot`).
//
// English, Swahili, Sheng and messages that switch between them, with the
// typos, missing punctuation, capitals, emoji and "pls", "bro", "boss",
// "madam" of real chats. Each message is read on its own, as the first thing
// the bot sees: "how much?" names no product, so its products are none.
//
// The expectation is what the customer most wants answered: "Hi, how much is
// pure white quartz" is a price question. Products are the catalogue products
// the message names, by name or by what it says about them: "black granite"
// is every black granite (Absolute Black and Galaxy Black), "sinks" every
// sink. A product the shop does not have is intent 'product' with `notFound`,
// a word that must be among the words searched. `amount` is the KES a
// counter-offer proposes. The few entries whose expectation could be argued
// say why above them.
//
// Written against DEMO_PRODUCTS (common/demo-data/catalogue.ts), the catalogue
// a first run shows: corpusCatalogue() is that catalogue as the bot sees it.
import { DEMO_IMAGES, DEMO_PRODUCTS } from '../../../common/demo-data/catalogue';
import type { CatalogueProduct } from '../interface';
import { SECOND_WRITER } from './second-writer';
import { THIRD_WRITER } from './third-writer';

export type CorpusLanguage = 'en' | 'sw' | 'sheng' | 'mixed';

export type CorpusIntent =
  | 'greeting'
  | 'catalogue'
  | 'product'
  | 'price'
  | 'size'
  | 'stock'
  | 'installation'
  | 'counter_offer'
  | 'accept'
  | 'delivery'
  | 'payment'
  | 'hours'
  | 'thanks'
  | 'unclear';

export type CorpusEntry = {
  text: string;
  /** The language the customer wrote in; 'mixed' switches between English and Swahili or Sheng in one message. */
  language: CorpusLanguage;
  intent: CorpusIntent;
  /** The catalogue products the message names (order aside); omitted = none. */
  products?: string[];
  /** A product the shop does not have: a word that must appear in what the bot searched for. */
  notFound?: string;
  /** The KES amount of a counter-offer; omitted = none. */
  amount?: number;
  /** The message holds misspellings (not counting chat spellings such as "pls" or "u"). */
  typos?: true;
};

// The catalogue's products, and the sets a message names by what it says about them.
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

const BLACK_GRANITE = [ABSOLUTE, GALAXY];
const GRANITE = [ABSOLUTE, GALAXY, KASHMIR, TAN];
const MARBLE = [CARRARA, EMPERADOR];
const QUARTZ = [CALACATTA, PURE_WHITE, CONCRETE];
const SINKS = [FRANKE, BLANCO, FIRECLAY, CERAMIC];
/** The slabs of 3000 x 1800 x 20. */
const SLABS_3000_1800 = [ABSOLUTE, GALAXY, TAN];

const FIRST_WRITER: readonly CorpusEntry[] = [
  // ---------------------------------------------------------------------------
  // Greetings.
  { text: 'Hi', language: 'en', intent: 'greeting' },
  { text: 'Hello, good morning', language: 'en', intent: 'greeting' },
  { text: 'HELLO', language: 'en', intent: 'greeting' },
  { text: 'hey there 👋', language: 'en', intent: 'greeting' },
  { text: 'Good evening madam', language: 'en', intent: 'greeting' },
  { text: 'helo', language: 'en', intent: 'greeting', typos: true },
  { text: 'Hi, I got your number from Facebook', language: 'en', intent: 'greeting' },
  { text: 'Habari yako', language: 'sw', intent: 'greeting' },
  { text: 'Jambo', language: 'sw', intent: 'greeting' },
  { text: 'Habari za asubuhi', language: 'sw', intent: 'greeting' },
  { text: 'Salaam aleikum', language: 'sw', intent: 'greeting' },
  { text: 'Hujambo ndugu', language: 'sw', intent: 'greeting' },
  { text: 'habri yako', language: 'sw', intent: 'greeting', typos: true },
  { text: 'Niaje boss', language: 'sheng', intent: 'greeting' },
  { text: 'Mambo', language: 'sheng', intent: 'greeting' },
  { text: 'Sasa msee', language: 'sheng', intent: 'greeting' },
  { text: 'Vipi bro', language: 'sheng', intent: 'greeting' },
  { text: 'Uko aje', language: 'sheng', intent: 'greeting' },
  { text: 'Hi habari yako', language: 'mixed', intent: 'greeting' },
  { text: 'Hello boss, niaje', language: 'mixed', intent: 'greeting' },
  { text: 'Good morning, habari za leo', language: 'mixed', intent: 'greeting' },

  // ---------------------------------------------------------------------------
  // What the business sells.
  { text: 'What do you sell?', language: 'en', intent: 'catalogue' },
  { text: 'what products do you have', language: 'en', intent: 'catalogue' },
  { text: 'Can you send me your catalogue pls', language: 'en', intent: 'catalogue' },
  { text: 'What kind of stones do you have?', language: 'en', intent: 'catalogue' },
  { text: 'wat do u sell', language: 'en', intent: 'catalogue', typos: true },
  // A price list is the whole catalogue with its prices, not the price of one thing.
  { text: 'Do you have a price list?', language: 'en', intent: 'catalogue' },
  { text: 'Mnauza nini?', language: 'sw', intent: 'catalogue' },
  { text: 'Mna bidhaa gani?', language: 'sw', intent: 'catalogue' },
  { text: 'Naomba kuona vitu mnavyouza', language: 'sw', intent: 'catalogue' },
  { text: 'Mnauza vitu gani hapa dukani?', language: 'sw', intent: 'catalogue' },
  { text: 'Mnauza nini maze', language: 'sheng', intent: 'catalogue' },
  { text: 'Niaje, mko na nini kwa stoo?', language: 'sheng', intent: 'catalogue' },
  { text: 'Mko na vitu gani boss', language: 'sheng', intent: 'catalogue' },
  { text: 'mnauza nn', language: 'sheng', intent: 'catalogue' },
  { text: 'Hi, naomba catalogue yenu', language: 'mixed', intent: 'catalogue' },
  { text: 'Send me picha za vitu mnauza', language: 'mixed', intent: 'catalogue' },
  { text: 'Nionyeshe what you have pls', language: 'mixed', intent: 'catalogue' },

  // ---------------------------------------------------------------------------
  // A product, by name or by what it is.
  { text: 'Do you have black granite?', language: 'en', intent: 'product', products: BLACK_GRANITE },
  {
    text: "I'm looking for Galaxy Black granite for my kitchen top",
    language: 'en',
    intent: 'product',
    products: [GALAXY],
  },
  { text: 'show me carrara marble', language: 'en', intent: 'product', products: [CARRARA] },
  { text: 'Do you sell quartz?', language: 'en', intent: 'product', products: QUARTZ },
  { text: 'I need a double bowl sink', language: 'en', intent: 'product', products: [FRANKE] },
  { text: 'Looking for a stainless steel sink', language: 'en', intent: 'product', products: [FRANKE] },
  { text: 'Any white marble?', language: 'en', intent: 'product', products: [CARRARA] },
  { text: 'farmhouse sink pls', language: 'en', intent: 'product', products: [FIRECLAY] },
  { text: 'Do you have the Blanco single bowl?', language: 'en', intent: 'product', products: [BLANCO] },
  { text: 'Need something grey for a modern kitchen', language: 'en', intent: 'product', products: [CONCRETE] },
  { text: 'Pics of Kashmir white granite please', language: 'en', intent: 'product', products: [KASHMIR] },
  // Names the category: every sink, for the customer to choose from.
  { text: 'What sinks do you have?', language: 'en', intent: 'product', products: SINKS },
  // Asked for by size: the slabs of that size (every quartz is 3200 x 1600; three granites are 3000 x 1800).
  { text: 'Do you have slabs of 3200 x 1600?', language: 'en', intent: 'product', products: QUARTZ },
  { text: 'Any slab 3000 by 1800 mm', language: 'en', intent: 'product', products: SLABS_3000_1800 },
  { text: 'calacata gold', language: 'en', intent: 'product', products: [CALACATTA], typos: true },
  { text: 'absolut black granit', language: 'en', intent: 'product', products: [ABSOLUTE], typos: true },
  { text: 'I want the emperador', language: 'en', intent: 'product', products: [EMPERADOR] },
  // Granite composite is the Blanco's material: a sink, not a granite slab.
  { text: 'Granite composite sink?', language: 'en', intent: 'product', products: [BLANCO] },
  { text: 'SHOW ME YOUR MARBLE', language: 'en', intent: 'product', products: MARBLE },
  { text: 'Do you have a 1.5 bowl sink', language: 'en', intent: 'product', products: [CERAMIC] },
  { text: 'Do u hav galaxy blak?', language: 'en', intent: 'product', products: [GALAXY], typos: true },
  { text: 'franky sink', language: 'en', intent: 'product', products: [FRANKE], typos: true },
  { text: 'quarts countertop', language: 'en', intent: 'product', products: QUARTZ, typos: true },
  { text: 'Nataka granite nyeusi', language: 'sw', intent: 'product', products: BLACK_GRANITE },
  { text: 'Mna marble nyeupe?', language: 'sw', intent: 'product', products: [CARRARA] },
  { text: 'Naomba picha ya Tan Brown', language: 'sw', intent: 'product', products: [TAN] },
  { text: 'Natafuta sinki ya bakuli mbili', language: 'sw', intent: 'product', products: [FRANKE] },
  { text: 'Mna quartz ya rangi ya kijivu?', language: 'sw', intent: 'product', products: [CONCRETE] },
  { text: 'Nataka kuona sinki za fireclay', language: 'sw', intent: 'product', products: [FIRECLAY] },
  { text: 'Mnauza granite?', language: 'sw', intent: 'product', products: GRANITE },
  { text: 'Mna Pure White quartz?', language: 'sw', intent: 'product', products: [PURE_WHITE] },
  { text: 'Naomba kuona sinki zenu', language: 'sw', intent: 'product', products: SINKS },
  { text: 'Kuna ile marble ya brown?', language: 'sw', intent: 'product', products: [EMPERADOR] },
  { text: 'Niaje, mko na galaxy black?', language: 'sheng', intent: 'product', products: [GALAXY] },
  { text: 'Boss nadai ile black granite ya kitchen', language: 'sheng', intent: 'product', products: BLACK_GRANITE },
  { text: 'Maze nionyeshe ma sink zenu', language: 'sheng', intent: 'product', products: SINKS },
  { text: 'Mko na ile sink ya ceramic?', language: 'sheng', intent: 'product', products: [CERAMIC] },
  { text: 'Nitumie picha ya carrara bro', language: 'sheng', intent: 'product', products: [CARRARA] },
  { text: 'Msee nataka quartz ya white', language: 'sheng', intent: 'product', products: [PURE_WHITE] },
  { text: 'Nadai kucheki granite zenu', language: 'sheng', intent: 'product', products: GRANITE },
  { text: 'Hi, nataka kuona black granite', language: 'mixed', intent: 'product', products: BLACK_GRANITE },
  { text: 'Nataka double bowl sink ya stainless', language: 'mixed', intent: 'product', products: [FRANKE] },
  { text: 'Mko na marble? I want for bathroom', language: 'mixed', intent: 'product', products: MARBLE },
  { text: 'Natafuta granite ya brown for kitchen', language: 'mixed', intent: 'product', products: [TAN] },
  { text: 'Hello madam, mna Concrete grey quartz?', language: 'mixed', intent: 'product', products: [CONCRETE] },
  { text: 'Please nitumie picha ya Franke sink', language: 'mixed', intent: 'product', products: [FRANKE] },
  { text: 'kashmiri white iko na picha?', language: 'mixed', intent: 'product', products: [KASHMIR], typos: true },
  { text: 'I need quartz nyeupe for my kitchen island', language: 'mixed', intent: 'product', products: [PURE_WHITE] },
  { text: 'sinc ya double bowl iko?', language: 'mixed', intent: 'product', products: [FRANKE], typos: true },

  // ---------------------------------------------------------------------------
  // A product the shop does not have.
  { text: 'Do you sell tiles?', language: 'en', intent: 'product', notFound: 'tiles' },
  { text: 'Do you have onyx?', language: 'en', intent: 'product', notFound: 'onyx' },
  // Blue Pearl is a granite, but not one this shop stocks.
  { text: 'Looking for blue pearl granite', language: 'en', intent: 'product', notFound: 'pearl' },
  { text: 'Any travertine?', language: 'en', intent: 'product', notFound: 'travertine' },
  { text: 'Do you have a copper sink?', language: 'en', intent: 'product', notFound: 'copper' },
  { text: 'I need a bathtub', language: 'en', intent: 'product', notFound: 'bathtub' },
  { text: 'Do you have green marble?', language: 'en', intent: 'product', notFound: 'green' },
  { text: 'Mnauza mabati?', language: 'sw', intent: 'product', notFound: 'mabati' },
  { text: 'Mna terrazzo?', language: 'sw', intent: 'product', notFound: 'terrazzo' },
  { text: 'Mnauza cement?', language: 'sw', intent: 'product', notFound: 'cement' },
  { text: 'Mna vyoo vya kisasa?', language: 'sw', intent: 'product', notFound: 'vyoo' },
  { text: 'Boss mko na ubatuba?', language: 'sheng', intent: 'product', notFound: 'ubatuba' },
  { text: 'Mko na gypsum maze', language: 'sheng', intent: 'product', notFound: 'gypsum' },
  { text: 'Mnauza cabro?', language: 'sheng', intent: 'product', notFound: 'cabro' },
  { text: 'Hi, mnauza porcelain slabs?', language: 'mixed', intent: 'product', notFound: 'porcelain' },
  { text: 'Nataka nero marquina for my bathroom', language: 'mixed', intent: 'product', notFound: 'marquina' },
  { text: 'Mko na red granite? Kama ile imperial red', language: 'mixed', intent: 'product', notFound: 'red' },

  // ---------------------------------------------------------------------------
  // Prices.
  { text: 'How much is absolute black?', language: 'en', intent: 'price', products: [ABSOLUTE] },
  { text: 'Price of Galaxy black per slab?', language: 'en', intent: 'price', products: [GALAXY] },
  { text: 'how much for the carrara', language: 'en', intent: 'price', products: [CARRARA] },
  { text: "What's the price of the franke sink", language: 'en', intent: 'price', products: [FRANKE] },
  { text: 'How much?', language: 'en', intent: 'price' },
  { text: 'quartz prices pls', language: 'en', intent: 'price', products: QUARTZ },
  { text: 'how much r ur sinks', language: 'en', intent: 'price', products: SINKS },
  { text: 'Hi, how much is pure white quartz', language: 'en', intent: 'price', products: [PURE_WHITE] },
  { text: 'What does Emperador dark cost?', language: 'en', intent: 'price', products: [EMPERADOR] },
  { text: 'HOW MUCH IS THE FARMHOUSE SINK', language: 'en', intent: 'price', products: [FIRECLAY] },
  { text: 'hw much is tan brwon', language: 'en', intent: 'price', products: [TAN], typos: true },
  { text: 'prize of kashmir white', language: 'en', intent: 'price', products: [KASHMIR], typos: true },
  { text: 'How much for black granite?? 🙏', language: 'en', intent: 'price', products: BLACK_GRANITE },
  { text: 'emperado marble price', language: 'en', intent: 'price', products: [EMPERADOR], typos: true },
  { text: 'bei ya black granite ni ngapi?', language: 'sw', intent: 'price', products: BLACK_GRANITE },
  { text: 'Bei gani?', language: 'sw', intent: 'price' },
  { text: 'Tan brown ni shilingi ngapi?', language: 'sw', intent: 'price', products: [TAN] },
  { text: 'Sinki ya Blanco inauzwa bei gani?', language: 'sw', intent: 'price', products: [BLANCO] },
  { text: 'Bei ya marble ni ngapi kwa slab moja', language: 'sw', intent: 'price', products: MARBLE },
  { text: 'Kashmir white ni pesa ngapi', language: 'sw', intent: 'price', products: [KASHMIR] },
  { text: 'Habari, bei ya quartz nyeupe?', language: 'sw', intent: 'price', products: [PURE_WHITE] },
  { text: 'bei ya calcatta gold', language: 'sw', intent: 'price', products: [CALACATTA], typos: true },
  { text: 'Hii ni how much boss?', language: 'sheng', intent: 'price' },
  { text: 'Galaxy ni ngapi maze', language: 'sheng', intent: 'price', products: [GALAXY] },
  { text: 'Ile ceramic sink inaenda aje?', language: 'sheng', intent: 'price', products: [CERAMIC] },
  { text: 'Carrara inaenda ngapi bro', language: 'sheng', intent: 'price', products: [CARRARA] },
  { text: 'Bei ya granite nyeusi ni how much', language: 'sheng', intent: 'price', products: BLACK_GRANITE },
  { text: 'Calacatta ni doh ngapi?', language: 'sheng', intent: 'price', products: [CALACATTA] },
  { text: 'Sink ya franke ni ngapi msee', language: 'sheng', intent: 'price', products: [FRANKE] },
  { text: 'Maze hizo sinks ni ngapi', language: 'sheng', intent: 'price', products: SINKS },
  { text: '🔥🔥 nimeipenda hii galaxy, bei?', language: 'sheng', intent: 'price', products: [GALAXY] },
  { text: 'Hi, bei ya absolute black per slab?', language: 'mixed', intent: 'price', products: [ABSOLUTE] },
  { text: "Niaje, what's the price ya concrete grey", language: 'mixed', intent: 'price', products: [CONCRETE] },
  { text: 'Please nitumie prices za granite', language: 'mixed', intent: 'price', products: GRANITE },
  { text: 'Bei ya galaxy black is how much?', language: 'mixed', intent: 'price', products: [GALAXY] },
  { text: 'How much ni Emperador?', language: 'mixed', intent: 'price', products: [EMPERADOR] },
  { text: 'Price ya marbel pls', language: 'mixed', intent: 'price', products: MARBLE, typos: true },

  // ---------------------------------------------------------------------------
  // Sizes.
  { text: 'What size is the absolute black slab?', language: 'en', intent: 'size', products: [ABSOLUTE] },
  { text: 'Dimensions of the Franke sink?', language: 'en', intent: 'size', products: [FRANKE] },
  { text: 'how big is one slab', language: 'en', intent: 'size' },
  { text: 'How thick is the quartz?', language: 'en', intent: 'size', products: QUARTZ },
  { text: 'What are the measurements of the farmhouse sink', language: 'en', intent: 'size', products: [FIRECLAY] },
  { text: 'wat size is tan browm', language: 'en', intent: 'size', products: [TAN], typos: true },
  { text: 'Slab moja ni size gani?', language: 'sw', intent: 'size' },
  { text: 'Ukubwa wa sinki ya ceramic ni ngapi?', language: 'sw', intent: 'size', products: [CERAMIC] },
  { text: 'Carrara ina urefu gani?', language: 'sw', intent: 'size', products: [CARRARA] },
  { text: 'Galaxy ni size gani boss', language: 'sheng', intent: 'size', products: [GALAXY] },
  { text: 'Hiyo slab ni mita ngapi kwa urefu?', language: 'sheng', intent: 'size' },
  { text: 'Dimensions za pure white quartz ni ngapi?', language: 'mixed', intent: 'size', products: [PURE_WHITE] },
  { text: 'Size ya blanco sink pls', language: 'mixed', intent: 'size', products: [BLANCO] },
  { text: 'Sink ya franke ni deep aje? I need the depth', language: 'mixed', intent: 'size', products: [FRANKE] },

  // ---------------------------------------------------------------------------
  // Stock.
  { text: 'Is Galaxy black in stock?', language: 'en', intent: 'stock', products: [GALAXY] },
  { text: 'Do you have 4 slabs of Kashmir white available?', language: 'en', intent: 'stock', products: [KASHMIR] },
  { text: 'Is the farmhouse sink available now', language: 'en', intent: 'stock', products: [FIRECLAY] },
  { text: 'how many slabs of absolute black do you have', language: 'en', intent: 'stock', products: [ABSOLUTE] },
  { text: 'is it still available?', language: 'en', intent: 'stock' },
  { text: 'is absolut black in stok', language: 'en', intent: 'stock', products: [ABSOLUTE], typos: true },
  { text: 'Bado mko na Tan Brown?', language: 'sw', intent: 'stock', products: [TAN] },
  { text: 'Carrara imeisha?', language: 'sw', intent: 'stock', products: [CARRARA] },
  { text: 'Mna slab ngapi za quartz ya kijivu?', language: 'sw', intent: 'stock', products: [CONCRETE] },
  { text: 'Sinki za Franke zipo stoo?', language: 'sw', intent: 'stock', products: [FRANKE] },
  { text: 'Boss hii kitu iko stock?', language: 'sheng', intent: 'stock' },
  { text: 'Mko na calacatta ngapi kwa store?', language: 'sheng', intent: 'stock', products: [CALACATTA] },
  { text: 'Emperador bado iko ama imeisha?', language: 'sheng', intent: 'stock', products: [EMPERADOR] },
  { text: 'Blanco sink iko in stock?', language: 'mixed', intent: 'stock', products: [BLANCO] },
  { text: 'Pure white quartz ipo available sasa hivi?', language: 'mixed', intent: 'stock', products: [PURE_WHITE] },
  // "I want six slabs, do you have them?": how many there are is the question.
  { text: 'Nataka 6 slabs za black granite, mko nazo?', language: 'mixed', intent: 'stock', products: BLACK_GRANITE },

  // ---------------------------------------------------------------------------
  // Installation.
  { text: 'Do you do installation?', language: 'en', intent: 'installation' },
  { text: 'How much to install the carrara?', language: 'en', intent: 'installation', products: [CARRARA] },
  { text: 'Installation charges for absolute black?', language: 'en', intent: 'installation', products: [ABSOLUTE] },
  { text: 'do u guys also do fitting', language: 'en', intent: 'installation' },
  { text: 'Can your fundi install it this week?', language: 'en', intent: 'installation' },
  { text: 'instalation cost for tan brown', language: 'en', intent: 'installation', products: [TAN], typos: true },
  { text: 'Mna fundi wa kuweka?', language: 'sw', intent: 'installation' },
  { text: 'Gharama ya kuweka granite ni ngapi?', language: 'sw', intent: 'installation', products: GRANITE },
  // "Bei ya kuweka": the price of fitting it, not of the slab.
  { text: 'Bei ya kuweka Kashmir white ni ngapi?', language: 'sw', intent: 'installation', products: [KASHMIR] },
  { text: 'Mnaeza kuja kuifix kwa site?', language: 'sheng', intent: 'installation' },
  { text: 'Fitting ya galaxy ni ngapi boss', language: 'sheng', intent: 'installation', products: [GALAXY] },
  { text: 'Fundi wenu anachaji ngapi kuweka quartz?', language: 'sheng', intent: 'installation', products: QUARTZ },
  { text: 'Installation ya calacatta ni ngapi?', language: 'mixed', intent: 'installation', products: [CALACATTA] },
  // Installation, in Nairobi: the question is whether they install.
  { text: 'Mnafanya installation Nairobi?', language: 'mixed', intent: 'installation' },
  {
    text: 'Installation price per slab ya emperador?',
    language: 'mixed',
    intent: 'installation',
    products: [EMPERADOR],
  },
  { text: 'Hi, mnainstall pia ama ni supply tu?', language: 'mixed', intent: 'installation' },

  // ---------------------------------------------------------------------------
  // Counter-offers.
  { text: 'can you do 9,000', language: 'en', intent: 'counter_offer', amount: 9000 },
  { text: '9k', language: 'en', intent: 'counter_offer', amount: 9000 },
  { text: '9.5k?', language: 'en', intent: 'counter_offer', amount: 9500 },
  { text: 'Last price?', language: 'en', intent: 'counter_offer' },
  { text: 'Can you give me a discount?', language: 'en', intent: 'counter_offer' },
  {
    text: "I'll pay 8,000 for the absolute black",
    language: 'en',
    intent: 'counter_offer',
    products: [ABSOLUTE],
    amount: 8000,
  },
  {
    text: 'Ksh 17,000 for the franke and I pick it today',
    language: 'en',
    intent: 'counter_offer',
    products: [FRANKE],
    amount: 17000,
  },
  // A budget stated after "too expensive" is the price the customer offers.
  { text: 'too expensive, 12000 is my budget', language: 'en', intent: 'counter_offer', amount: 12000 },
  { text: 'Will you take 10500?', language: 'en', intent: 'counter_offer', amount: 10500 },
  // Asking for a better price for a quantity: bargaining, with no amount named.
  { text: 'Best price for 3 slabs?', language: 'en', intent: 'counter_offer' },
  { text: 'make it 15k pls', language: 'en', intent: 'counter_offer', amount: 15000 },
  { text: 'cn u do 9000', language: 'en', intent: 'counter_offer', amount: 9000, typos: true },
  { text: 'Can I get it for ksh 9000?', language: 'en', intent: 'counter_offer', amount: 9000 },
  { text: '8,500 final', language: 'en', intent: 'counter_offer', amount: 8500 },
  { text: 'elfu tisa', language: 'sw', intent: 'counter_offer', amount: 9000 },
  { text: 'punguza kidogo', language: 'sw', intent: 'counter_offer' },
  { text: 'Nitakupa elfu nane', language: 'sw', intent: 'counter_offer', amount: 8000 },
  { text: 'elfu tisa na mia tano', language: 'sw', intent: 'counter_offer', amount: 9500 },
  // "The last price": the customer is bargaining, not asking the price.
  { text: 'Bei ya mwisho ni ngapi?', language: 'sw', intent: 'counter_offer' },
  {
    text: 'Nikupe elfu kumi na nane kwa sinki ya Franke',
    language: 'sw',
    intent: 'counter_offer',
    products: [FRANKE],
    amount: 18000,
  },
  { text: 'Siwezi zaidi ya elfu kumi', language: 'sw', intent: 'counter_offer', amount: 10000 },
  { text: 'nitakupa elf tisa', language: 'sw', intent: 'counter_offer', amount: 9000, typos: true },
  { text: '9 thao', language: 'sheng', intent: 'counter_offer', amount: 9000 },
  { text: 'ngiri kumi', language: 'sheng', intent: 'counter_offer', amount: 10000 },
  { text: 'Boss wacha iwe 8k', language: 'sheng', intent: 'counter_offer', amount: 8000 },
  { text: 'Punguza bana, ni mob sana', language: 'sheng', intent: 'counter_offer' },
  { text: 'Nitakupatia 9 thao cash', language: 'sheng', intent: 'counter_offer', amount: 9000 },
  { text: 'Ata thao nane ni fiti?', language: 'sheng', intent: 'counter_offer', amount: 8000 },
  { text: 'Maze shukisha kidogo', language: 'sheng', intent: 'counter_offer' },
  { text: 'punguz kidogo boss', language: 'sheng', intent: 'counter_offer', typos: true },
  { text: 'Wacha tumalize kwa 10,500', language: 'sheng', intent: 'counter_offer', amount: 10500 },
  { text: 'Can you do elfu tisa?', language: 'mixed', intent: 'counter_offer', amount: 9000 },
  { text: 'Punguza to 10k please', language: 'mixed', intent: 'counter_offer', amount: 10000 },
  { text: 'Niko na 9,500 tu, is that ok?', language: 'mixed', intent: 'counter_offer', amount: 9500 },
  { text: 'Last price ya galaxy black ni?', language: 'mixed', intent: 'counter_offer', products: [GALAXY] },
  {
    text: 'Nitalipa 28k cash leo kwa farmhouse sink',
    language: 'mixed',
    intent: 'counter_offer',
    products: [FIRECLAY],
    amount: 28000,
  },
  // Says yes, but at a price of the customer's own: a counter-offer for the bot to weigh.
  { text: 'Sawa, but ata 8500 nitachukua', language: 'mixed', intent: 'counter_offer', amount: 8500 },

  // ---------------------------------------------------------------------------
  // Accepting an offer.
  { text: 'deal', language: 'en', intent: 'accept' },
  { text: "ok I'll take it", language: 'en', intent: 'accept' },
  { text: "Fine, I'll take it", language: 'en', intent: 'accept' },
  { text: 'Done deal 👍', language: 'en', intent: 'accept' },
  { text: "OK let's go with that", language: 'en', intent: 'accept' },
  { text: 'Alright I will buy the galaxy', language: 'en', intent: 'accept', products: [GALAXY] },
  { text: 'That works for me', language: 'en', intent: 'accept' },
  { text: 'dael', language: 'en', intent: 'accept', typos: true },
  { text: 'ok ill tak it', language: 'en', intent: 'accept', typos: true },
  { text: 'sawa', language: 'sw', intent: 'accept' },
  { text: 'nitachukua', language: 'sw', intent: 'accept' },
  { text: 'Sawa, nimekubali', language: 'sw', intent: 'accept' },
  { text: 'Haya, nitachukua hiyo', language: 'sw', intent: 'accept' },
  { text: 'Tumekubaliana', language: 'sw', intent: 'accept' },
  { text: 'Poa, deal', language: 'sheng', intent: 'accept' },
  { text: 'Fiti, nitachukua', language: 'sheng', intent: 'accept' },
  { text: 'Sawa boss tufanye hivyo', language: 'sheng', intent: 'accept' },
  { text: 'Twende na hiyo', language: 'sheng', intent: 'accept' },
  { text: 'Iko poa, nitaichukua', language: 'sheng', intent: 'accept' },
  { text: 'ok sawa nitachukua', language: 'mixed', intent: 'accept' },
  { text: 'Deal, nitachukua hiyo galaxy', language: 'mixed', intent: 'accept', products: [GALAXY] },
  { text: "Sawa, I'll take it", language: 'mixed', intent: 'accept' },
  { text: 'Okay nimekubali, lets do it', language: 'mixed', intent: 'accept' },

  // ---------------------------------------------------------------------------
  // Delivery, transport and where the shop is.
  { text: 'Do you deliver to Mombasa?', language: 'en', intent: 'delivery' },
  { text: 'Where are you located?', language: 'en', intent: 'delivery' },
  { text: 'How much is transport to Eldoret?', language: 'en', intent: 'delivery' },
  { text: 'Can I pick it up myself?', language: 'en', intent: 'delivery' },
  { text: 'Where is your shop', language: 'en', intent: 'delivery' },
  { text: 'Do you deliver on Saturdays?', language: 'en', intent: 'delivery' },
  { text: 'Send me your location pls', language: 'en', intent: 'delivery' },
  { text: 'do u delivr to kisumu', language: 'en', intent: 'delivery', typos: true },
  { text: 'delivary to nakuru how much', language: 'en', intent: 'delivery', typos: true },
  { text: 'Mko wapi?', language: 'sw', intent: 'delivery' },
  { text: 'Duka lenu liko wapi?', language: 'sw', intent: 'delivery' },
  { text: 'Mnaweza kuleta Thika?', language: 'sw', intent: 'delivery' },
  { text: 'Usafiri hadi Kisumu ni bei gani?', language: 'sw', intent: 'delivery' },
  { text: 'Mnasafirisha mzigo hadi Kitale?', language: 'sw', intent: 'delivery' },
  { text: 'Lokesheni yenu ni wapi', language: 'sw', intent: 'delivery' },
  { text: 'mnadeliver Nakuru?', language: 'sheng', intent: 'delivery' },
  { text: 'Mko area gani?', language: 'sheng', intent: 'delivery' },
  { text: 'Mnaweza niletea kesho Kitengela?', language: 'sheng', intent: 'delivery' },
  { text: 'Transport ni ngapi mpaka Machakos?', language: 'sheng', intent: 'delivery' },
  { text: 'Nitumie location boss', language: 'sheng', intent: 'delivery' },
  { text: 'Mnadeliver upcountry ama ni Nai tu?', language: 'sheng', intent: 'delivery' },
  { text: 'MNADELIVER MOMBASA??', language: 'sheng', intent: 'delivery' },
  { text: 'Hi, do you deliver Nyeri? Nataka leo', language: 'mixed', intent: 'delivery' },
  { text: 'Mko wapi exactly? I want to come see the slabs', language: 'mixed', intent: 'delivery' },
  { text: 'Delivery ni ngapi to Naivasha?', language: 'mixed', intent: 'delivery' },
  { text: 'Mnafanya delivery kwa weekend?', language: 'mixed', intent: 'delivery' },
  { text: 'lokation yenu pls', language: 'mixed', intent: 'delivery', typos: true },

  // ---------------------------------------------------------------------------
  // Payment.
  { text: 'Do you accept M-Pesa?', language: 'en', intent: 'payment' },
  { text: 'What is your paybill number', language: 'en', intent: 'payment' },
  { text: 'Can I pay by bank transfer?', language: 'en', intent: 'payment' },
  { text: 'How much deposit do I need to pay?', language: 'en', intent: 'payment' },
  // Mentions delivery, but asks when to pay.
  { text: 'Can I pay on delivery?', language: 'en', intent: 'payment' },
  { text: 'Do you take cheques', language: 'en', intent: 'payment' },
  { text: 'send till number pls', language: 'en', intent: 'payment' },
  { text: 'paybil pls', language: 'en', intent: 'payment', typos: true },
  { text: 'mpessa number?', language: 'en', intent: 'payment', typos: true },
  { text: 'Mnakubali M-Pesa?', language: 'sw', intent: 'payment' },
  { text: 'Nilipe aje?', language: 'sw', intent: 'payment' },
  { text: 'Nitalipa kupitia benki, mnatumia benki gani?', language: 'sw', intent: 'payment' },
  { text: 'Naweza kulipa nusu kwanza?', language: 'sw', intent: 'payment' },
  { text: 'Namba ya paybill ni gani?', language: 'sw', intent: 'payment' },
  { text: 'Nitumie till boss', language: 'sheng', intent: 'payment' },
  { text: 'Nikutumie doh aje?', language: 'sheng', intent: 'payment' },
  { text: 'Mpesa iko?', language: 'sheng', intent: 'payment' },
  // Paying bit by bit: instalments are a payment question.
  { text: 'Naeza lipa pole pole?', language: 'sheng', intent: 'payment' },
  { text: 'Can I lipa na M-Pesa?', language: 'mixed', intent: 'payment' },
  { text: 'Deposit ni ngapi ndio mnianzie order?', language: 'mixed', intent: 'payment' },
  { text: 'Account number ya bank pls', language: 'mixed', intent: 'payment' },
  { text: 'Nimetuma deposit, please confirm', language: 'mixed', intent: 'payment' },

  // ---------------------------------------------------------------------------
  // Thanks.
  { text: 'Thank you', language: 'en', intent: 'thanks' },
  { text: 'thanks bro', language: 'en', intent: 'thanks' },
  { text: 'Thanks for the info, will get back to you', language: 'en', intent: 'thanks' },
  { text: 'Thank you madam 🙏', language: 'en', intent: 'thanks' },
  { text: 'thanx', language: 'en', intent: 'thanks', typos: true },
  { text: 'Asante sana', language: 'sw', intent: 'thanks' },
  { text: 'Asante, nitarudi kwako', language: 'sw', intent: 'thanks' },
  { text: 'Shukrani', language: 'sw', intent: 'thanks' },
  { text: 'asnte sana', language: 'sw', intent: 'thanks', typos: true },
  { text: 'Poa asante', language: 'sheng', intent: 'thanks' },
  { text: 'Fiti, thanks boss', language: 'sheng', intent: 'thanks' },
  { text: 'Shukran msee', language: 'sheng', intent: 'thanks' },
  { text: 'Asante, thanks a lot', language: 'mixed', intent: 'thanks' },
  { text: 'Thank you, nitakucheki kesho', language: 'mixed', intent: 'thanks' },

  // ---------------------------------------------------------------------------
  // Opening hours: when the showroom opens and closes, today or on a given day.
  { text: 'What time do you open on Saturday?', language: 'en', intent: 'hours' },
  { text: 'Are you open on Sunday?', language: 'en', intent: 'hours' },
  { text: 'What are your opening hours', language: 'en', intent: 'hours' },
  { text: 'hi, till what time are you open today?', language: 'en', intent: 'hours' },
  { text: 'When do you close today?', language: 'en', intent: 'hours' },
  { text: 'r u open now', language: 'en', intent: 'hours', typos: true },
  { text: 'Mnafungua saa ngapi?', language: 'sw', intent: 'hours' },
  { text: 'Jumamosi mko wazi?', language: 'sw', intent: 'hours' },
  { text: 'Mnafunga saa ngapi leo?', language: 'sw', intent: 'hours' },
  { text: 'Mnafanya kazi Jumapili?', language: 'sw', intent: 'hours' },
  { text: 'Mko open Sunday msee?', language: 'sheng', intent: 'hours' },
  { text: 'Mnaopen saa ngapi kesho?', language: 'sheng', intent: 'hours' },
  { text: 'Leo mko kazini ama?', language: 'sheng', intent: 'hours' },
  { text: 'Hi, mko open leo?', language: 'mixed', intent: 'hours' },
  { text: 'Business hours zenu ni gani?', language: 'mixed', intent: 'hours' },
  { text: 'Showroom inafunguliwa saa ngapi?', language: 'mixed', intent: 'hours' },

  // ---------------------------------------------------------------------------
  // Nothing the bot can place: a person has to read these.
  { text: '??', language: 'en', intent: 'unclear' },
  { text: 'hmm', language: 'en', intent: 'unclear' },
  { text: 'wait', language: 'en', intent: 'unclear' },
  { text: 'Can you call me?', language: 'en', intent: 'unclear' },
  { text: 'Are you a real person or a bot?', language: 'en', intent: 'unclear' },
  { text: 'What about the other one?', language: 'en', intent: 'unclear' },
  { text: 'My husband will call you', language: 'en', intent: 'unclear' },
  { text: 'lol', language: 'en', intent: 'unclear' },
  { text: 'ASAP!!!', language: 'en', intent: 'unclear' },
  { text: 'Ngoja kidogo', language: 'sw', intent: 'unclear' },
  { text: 'Nipigie simu tafadhali', language: 'sw', intent: 'unclear' },
  { text: 'Ile kitu nilikuambia jana je?', language: 'sw', intent: 'unclear' },
  { text: 'Hapana', language: 'sw', intent: 'unclear' },
  { text: 'Mbona hamjibu', language: 'sw', intent: 'unclear' },
  { text: 'sema', language: 'sheng', intent: 'unclear' },
  { text: 'Aje sasa', language: 'sheng', intent: 'unclear' },
  { text: 'Maze ile story yetu ikoaje', language: 'sheng', intent: 'unclear' },
  { text: '😂😂', language: 'sheng', intent: 'unclear' },
  { text: 'Ngoja nimuulize wife kwanza', language: 'mixed', intent: 'unclear' },
  { text: 'Nimetuma picha, check', language: 'mixed', intent: 'unclear' },

  // Added after the held-out measure (server/bot/held-out): a yes that also mentions
  // the price or says "funga", in Swahili and Sheng, is still a yes.
  { text: 'Sawa boss, nimekubali hiyo bei', language: 'sheng', intent: 'accept' },
  { text: 'Poa, funga deal tu', language: 'sheng', intent: 'accept' },
  { text: 'Okay the price is fine, I will take it', language: 'en', intent: 'accept' },
  { text: 'Bei iko poa, nitachukua', language: 'sw', intent: 'accept' },
  { text: 'Nitachukua, lakini bei ni ngapi na installation?', language: 'mixed', intent: 'installation' },
];

/** The corpus: the first writer's messages, then the second writer's and the third set (see their files). */
export const CORPUS: readonly CorpusEntry[] = [...FIRST_WRITER, ...SECOND_WRITER, ...THIRD_WRITER];

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** A demo picture fits a product when every word of its file name is a word of the product's name. */
function demoImage(name: string): string | null {
  const nameWords = new Set(slug(name).split('-'));
  const paths = [...DEMO_IMAGES.granite, ...DEMO_IMAGES.marble, ...DEMO_IMAGES.quartz, ...DEMO_IMAGES.sink];
  return (
    paths.find((path) =>
      path
        .slice(path.lastIndexOf('/') + 1)
        .replace(/\.[a-z]+$/, '')
        .split('-')
        .every((word) => nameWords.has(word)),
    ) ?? null
  );
}

/** DEMO_PRODUCTS as the bot sees them: ids 1, 2, … in their order, all active, 10 of each in stock. */
export function corpusCatalogue(): CatalogueProduct[] {
  return DEMO_PRODUCTS.map((p, index) => ({
    id: index + 1,
    name: p.name,
    category: p.category,
    dimensions: p.dimensions,
    description: p.description,
    startingPrice: p.startingPrice,
    endingPrice: p.endingPrice,
    color: p.color ?? null,
    installationPricePerSlab: p.installationPricePerSlab ?? null,
    material: p.material ?? null,
    bowlConfiguration: p.bowlConfiguration ?? null,
    stock: 10,
    productImageUrl: demoImage(p.name),
  }));
}
