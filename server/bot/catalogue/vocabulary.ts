// The catalogue bot's small vocabulary: English, Swahili and Sheng words and
// phrases for each intent, the words for stones, colours, sink materials and
// bowls, the things the shop does not sell, and the plain words that say
// nothing about a product. Every rule of understand.ts reads these lists, so
// a new word is one line here.
//
// Single words are matched on the normalised message (text.ts) exactly, then
// with doubled letters made single, then (words of 5 letters or more, and
// only for a word that is not itself known) with the typos closeTo allows.
// Phrases (several words) are matched exactly on the normalised message.

export type Intent =
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

/** Signals: an intent, or a finer cue the rules of understand.ts weigh. */
export type Cue =
  | 'greeting'
  | 'greeting_first' // a greeting only as the first word ("sasa" is also "now", "vipi" also "how")
  | 'catalogue'
  | 'price'
  | 'size'
  | 'stock'
  | 'installation'
  | 'bargain' // asks for a lower price
  | 'offer_verb' // "nikupe", "nitalipa", "will you take": an offer when an amount follows
  | 'accept_strong'
  | 'accept_weak' // "ok", "sawa", "poa": acceptance only when nothing else is asked
  | 'delivery'
  | 'place' // "showroom", "location": where the business is (a delivery question, unless opening hours are asked)
  | 'payment_method' // M-Pesa, bank, cash…: always a payment question
  | 'payment' // "pay", "lipa": a payment question unless it names an amount (then an offer)
  | 'thanks'
  | 'how_many' // "ngapi": how much or how many; the price unless stock or size is asked
  | 'money' // "pesa", "doh": with a sending verb, a payment question ("nikutumie doh aje?")
  | 'send' // "tuma", "nitumie", "send"
  | 'hold' // "wait", "ngoja": not a yes ("ok wait" buys nothing)
  | 'time' // "saa ngapi", "are you open", "mko wazi": opening hours
  | 'ask'; // asks for a product: "do you have", "nataka", "natafuta", "mnauza"

const cues: Record<Cue, string[]> = {
  greeting: [
    'hello',
    'helo',
    'hallo',
    'hi',
    'hey',
    'heey',
    'habari',
    'mambo',
    'niaje',
    'jambo',
    'hujambo',
    'salama',
    'shikamoo',
    'morning',
    'afternoon',
    'evening',
    'greetings',
    'howdy',
    'wasup',
    'wassup',
    'whatsup',
    'sup',
    'hola',
    'salaam',
    'salam',
    'good morning',
    'good afternoon',
    'good evening',
    'how are you',
    'uko aje',
    'mko aje',
    'uko poa',
    'mko poa',
    'habari yako',
    'habari zenu',
    'habari gani',
    'hamjambo',
    'hujambo',
    'shikamoo',
  ],
  greeting_first: ['sasa', 'vipi', 'rada', 'yo', 'oya'],
  catalogue: [
    'do you stock',
    'items',
    'what items',
    'what do you stock',
    'kila kitu',
    'everything you have',
    'vitu vyote',
    'all your products',
    'catalogue',
    'catalog',
    'katalogi',
    'products',
    'product',
    'bidhaa',
    'pricelist',
    'price list',
    // "list" and "orodha" as words of their own, or "list" would read as a typo of a bargaining word.
    'list',
    'orodha',
    'list ya bei',
    'what do you sell',
    'what do you have',
    'what do you offer',
    'what else',
    'what products',
    'which products',
    'what kind',
    'what kinds',
    'what types',
    'options',
    'everything',
    'mnauza nini',
    'mnauza vitu gani',
    'mna nini',
    'mko na nini',
    'mnadeal na nini',
    'mnadeal na',
    'mnadeal',
    'mnadili na nini',
    'mnashughulika na',
    'vitu gani',
    'vitu mnauza',
    'aina gani',
    'aina za',
    'vitu',
    'mnavyouza',
    'mnachouza',
    'do you sell',
    'you sell',
    'what you sell',
    'kind of stones',
    'kinds of stones',
    'what colours',
    'what colors',
    'which colours',
    'which colors',
    'rangi gani',
    'rangi zipi',
    'types of stones',
    'what you sell',
    'what you have',
    'what stuff',
    'you sell what',
    'your range',
    'selection',
  ],
  price: [
    'bei',
    'price',
    'prices',
    'pricing',
    'priced',
    'cost',
    'costs',
    'costing',
    'charge',
    'charges',
    'gharama',
    'rate',
    'rates',
    'kiasi',
    'thamani',
    'quote',
    'quotation',
    'how much',
    'hw much',
    'how mch',
    'hw mch',
    'hom much',
    'inaenda aje',
    'inaenda how',
    'inaenda ngapi',
    'zinaenda aje',
    'inaendaje',
    'going for',
    'goes for',
    'inauzwa aje',
    'inauzwa',
    'zinauzwa',
    'mnauza aje',
    'mnauzaje',
    'unauza aje',
    'iko aje',
    'ni aje',
    'pesa ngapi',
    'doh ngapi',
    'shilingi ngapi',
    'bob ngapi',
    'ganji ngapi',
  ],
  how_many: ['ngapi'],
  money: ['pesa', 'doh', 'ganji', 'mulla', 'chapaa', 'mkwanja', 'money', 'munde'],
  hold: [
    'wait',
    'ngoja',
    'subiri',
    'hold on',
    'let me think',
    'nifikirie',
    'nitafikiria',
    'ill think',
    'i ll think',
    'not yet',
    'bado kidogo',
    'nafikiria',
    'bado nafikiria',
    'nifikirie kwanza',
  ],
  time: [
    'saa ngapi',
    'what time',
    'till what time',
    'until what time',
    'opening hours',
    'opening time',
    'opening times',
    'closing time',
    'working hours',
    'business hours',
    'office hours',
    'open hours',
    'your hours',
    'are you open',
    'you open today',
    'open today',
    'open tomorrow',
    'open on',
    'still open',
    'do you open',
    'do you close',
    'when do you close',
    'mnafungua',
    'tunafungua',
    'mnafunga saa',
    'mnafunga lini',
    'mko open',
    'mko wazi',
    'mtakuwa wazi',
    'mko kazini',
    'masaa ya kazi',
    'saa za kazi',
    'mnafanya kazi',
  ],
  send: ['tuma', 'tumie', 'nitumie', 'nikutumie', 'tukutumie', 'nimetuma', 'nitatuma', 'send', 'sent', 'kutuma'],
  size: [
    'urefu',
    'upana',
    'ukubwa',
    'unene',
    'kipimo',
    'vipimo',
    'size',
    'sizes',
    'sizing',
    'dimension',
    'dimensions',
    'dimention',
    'dimentions',
    'measurement',
    'measurements',
    'measure',
    'measures',
    'length',
    'width',
    'thickness',
    'depth',
    'how big',
    'how long',
    'how wide',
    'how thick',
    'how deep',
    'ni kubwa',
    'kubwa aje',
    'ni ndefu',
  ],
  stock: [
    'sinks left',
    'slabs left',
    'pieces left',
    'still left',
    'left in stock',
    'remaining',
    'zimebaki',
    'imebaki',
    'iko kwa sasa',
    'ipo kwa sasa',
    'ziko kwa sasa',
    'zipo kwa sasa',
    'available',
    'availability',
    'avail',
    'stock',
    'stocks',
    'stocked',
    'instock',
    'ziko',
    'zipo',
    'iko stock',
    'mko nayo',
    'mnayo',
    'mnazo',
    'mko nazo',
    'any left',
    'how many',
    'still have',
    'still available',
    'imeisha',
    'zimeisha',
    'imeisha stock',
    'sold out',
    'out of stock',
    'in stock',
    'bado iko',
    'bado ziko',
    'zimebaki',
    'imebaki',
    'ngapi zimebaki',
    'bado mko na',
    'bado mna',
    'bado kuna',
    'mko nazo',
    'still available',
    'iko in stock',
  ],
  installation: [
    'installation',
    'installations',
    'install',
    'installing',
    'installed',
    'installer',
    'installers',
    'fitting',
    'fitted',
    'fitter',
    'fix',
    'fixing',
    'kuweka',
    'kuwekewa',
    'mnaweka',
    'mtaweka',
    'tunaweka',
    'kuwekea',
    'wekea',
    'fundi',
    'mafundi',
    'kufunga',
    'kufungiwa',
    'labour',
    'labor',
    'workmanship',
    'fit it',
    'fit them',
    'you fit',
    'weka',
  ],
  bargain: [
    'last ni',
    'last yako',
    'last yenu',
    'punguza',
    'pungeza',
    'punguzia',
    'nipunguzie',
    'tupunguzie',
    'punguzwa',
    'punguzo',
    'pungufu',
    'discount',
    'discounts',
    'negotiable',
    'negotiate',
    'negotiation',
    'bargain',
    'cheaper',
    'lower',
    'reduce',
    'reduction',
    'expensive',
    'ghali',
    'shukisha',
    'shuka',
    'angusha',
    'last price',
    'last offer',
    'your last',
    'last ngapi',
    'lastiest',
    'lasti',
    'mwisho',
    'bei ya mwisho',
    'best price',
    'final price',
    'your best',
    'come down',
    'go down',
    'too much',
    'too high',
    'juu sana',
    'bei iko juu',
    'toa kidogo',
    'bei poa',
    'bei nzuri',
    'friendly price',
    'better price',
    'bei ya chini',
    'budget',
    'bajeti',
    'best offer',
    'your offer',
    'my offer',
    'can you do',
    'could you do',
    'can u do',
    'can you make it',
    'make it',
  ],
  offer_verb: [
    'nikupe',
    'nitakupa',
    'nitalipa',
    'nilipe',
    'i pay',
    'i will pay',
    'ill pay',
    'i ll pay',
    'i can pay',
    'can pay',
    'will you take',
    'would you take',
    'will you accept',
    'accept',
    'wacha',
    'ata',
    'hata',
    'for',
    'at',
    'nipee',
    'niuzie',
    'niachie',
    'tuongee',
    'fanya',
    'how about',
    'what about',
    'nitakupatia',
    'nikupatie',
    'tumalize',
    'siwezi zaidi',
    'make it',
    'is my budget',
  ],
  accept_strong: [
    'i accept',
    'we accept',
    'accept your offer',
    'accept the offer',
    'nimeaccept',
    'tumeaccept',
    'deal',
    'dili',
    'done deal',
    'nitachukua',
    'nitachukua hiyo',
    'nitanunua',
    'nimekubali',
    'nakubali',
    'tumekubaliana',
    'tumeelewana',
    'nimeridhika',
    'agreed',
    'i agree',
    'confirm',
    'confirmed',
    'i ll take it',
    'ill take it',
    'i ll take',
    'ill take',
    'i will take',
    'i take it',
    'i will buy',
    'i ll buy',
    'let s do it',
    'lets do it',
    'let s go',
    'lets go',
    'go ahead',
    'book it',
    'book me',
    'i want it',
    'nataka hiyo',
    'nichukulie',
    'niwekee',
    'it s a deal',
    'its a deal',
    'we have a deal',
    'sounds good',
    'that works',
    'works for me',
    'twende na hiyo',
    'tufanye hivyo',
    'tufanye hivo',
    'funga deal',
    'tufunge deal',
    'tumalizane',
    'nitaichukua',
    'nitazichukua',
  ],
  accept_weak: [
    'sawa',
    'poa',
    'ok',
    'okay',
    'okey',
    'oky',
    'k',
    'fine',
    'fiti',
    'freshi',
    'yes',
    'yeah',
    'yep',
    'sure',
    'ndio',
    'ndiyo',
    'alright',
    'great',
    'perfect',
    'absolutely',
    'shwari',
    'safi',
    'done',
    'noted',
    'haya',
    'iko poa',
    'iko sawa',
    'sawa sawa',
  ],
  place: ['location', 'located', 'address', 'showroom', 'yard', 'ofisi'],
  delivery: [
    'iko town',
    'mko town',
    'shop yenu iko',
    'duka lenu liko',
    'duka yenu iko',
    'shop iko wapi',
    'deliver',
    'delivery',
    'deliveries',
    'delivered',
    'delivering',
    'transport',
    'transportation',
    'usafiri',
    'kusafirisha',
    'safirisha',
    'mnasafirisha',
    'mnaleta',
    'kuleta',
    'niletea',
    'kuniletea',
    'lokesheni',
    'mtaleta',
    'tuletee',
    'nileteeni',
    'niletee',
    'mniletee',
    'kuletewa',
    'mnafikisha',
    'kufikisha',
    'where are you',
    'where r you',
    'where r u',
    'where is your',
    'where is the shop',
    'mko wapi',
    'uko wapi',
    'mpo wapi',
    'mnapatikana wapi',
    'mnapatikana',
    'wapi',
    'pick up',
    'pick it up',
    'pick them up',
    'pickup',
    'mko area',
    'area gani',
    'collect',
    'collection',
    'kuja kuchukua',
    'nitakuja kuchukua',
    'tutakuja kuchukua',
    'kuchukua mwenyewe',
    'pick myself',
    'collect myself',
    'collect it',
    'nikuje',
    'directions',
    'ship',
    'shipping',
    'courier',
    'lorry',
    'lori',
    'truck',
    'pikipiki',
    'send it',
    'bring it',
    'mnatuma',
    'kutuma hadi',
    'mnafika',
    'mtafika',
  ],
  payment_method: [
    'mpesa',
    'mpessa',
    'paybill',
    'pay bill',
    'till',
    'till number',
    'bank',
    'banks',
    'benki',
    'pay on delivery',
    'cash on delivery',
    'lipa ukifika',
    'lipa nikipokea',
    'deposit',
    'depo',
    'invoice',
    'instalments',
    'installments',
    'instalment',
    'installment',
    'cash',
    'cheque',
    'card',
    'visa',
    'mastercard',
    'akaunti',
    'account number',
    'receipt',
    'risiti',
    'credit',
    'loan',
    'lipa pole pole',
    'polepole',
    'pole pole',
    'hire purchase',
    'advance',
    'down payment',
    'upfront',
    'bank transfer',
    'eft',
    'rtgs',
    'airtel money',
    'pesalink',
  ],
  payment: [
    // Also offering words ("I'll pay 9000"): without an amount, a question about paying ("how do I pay?").
    'i pay',
    'i will pay',
    'ill pay',
    'i ll pay',
    'i can pay',
    'can pay',
    'pay',
    'paying',
    'payment',
    'payments',
    'lipa',
    'malipo',
    'kulipa',
    'nilipe',
    'tulipe',
    'lipia',
    'nitalipa',
    'nitalipia',
    'mnalipwa',
    'kulipia',
  ],
  thanks: [
    'asante',
    'asanti',
    'asanteni',
    'shukran',
    'shukrani',
    'nashukuru',
    'tunashukuru',
    'thanks',
    'thank',
    'thanx',
    'thnx',
    'thx',
    'tnx',
    'ty',
    'appreciated',
    'appreciate',
    'god bless',
    'barikiwa',
    'ubarikiwe',
    'mbarikiwe',
  ],
  ask: [
    'do you have',
    'd you have',
    'do u have',
    'have you got',
    'you have',
    'u have',
    'got any',
    'any',
    'looking for',
    'look for',
    'need',
    'want',
    'id like',
    'i d like',
    'would like',
    'interested',
    'show me',
    'send me',
    'sell',
    'selling',
    'stock',
    'nataka',
    'nadai',
    'natafuta',
    'tafuta',
    'nahitaji',
    'naomba',
    'mnauza',
    'unauza',
    'mna',
    'mko na',
    'uko na',
    'kuna',
    'iko',
    'ipo',
    'mnazo',
    'mnayo',
    'tuma picha',
    'picha ya',
    'nionyeshe',
  ],
};

/**
 * Swahili verbs carry their object and tense inside the word
 * ("kunipunguzia", "tuletee", "niwekea", "nitaichukua"): a stem found in an
 * otherwise unknown word gives its cue.
 */
export const STEM_CUES: Array<[RegExp, Cue]> = [
  [/pung[ue]z/, 'bargain'],
  [/shukish/, 'bargain'],
  // "ushuke", "tushuke kiasi": come down (in price).
  [/^(u|m|tu|ni)?shuk(e|ie|iye)$/, 'bargain'],
  [/^(ni|tu|m|u|a|wa|ku)?(ta|na|me|li|ki|nge)?(ni|ku|tu|m|wa|i|zi)?lip(a|e|ia|ie|iwa|we)$/, 'payment'],
  [/^(ni|tu|m|u|a|wa|ku)?(ta|na|me|li|ki|nge)?(ni|ku|tu|m|wa|i|zi)?let(a|e|ea|ee|ewa|eni)$/, 'delivery'],
  // "kunisafirishia", "mtasafirisha": transport it.
  [/safirish/, 'delivery'],
  [
    /^(ni|tu|m|u|a|wa|ku)?(ta|na|me|li|ki|nge)?(ni|ku|tu|m|wa|i|zi)?(wek(a|ea|ewa|eeni)|fung(a|ia|iwa))$/,
    'installation',
  ],
  [/^(ni|tu)ta(i|zi|ku)?(chukua|nunua)$/, 'accept_strong'],
];

/** Words of several words, by cue. */
export const CUE_PHRASES: Array<[string, Cue]> = [];
/** Single words, by cue (a word may give several cues). */
export const CUE_WORDS = new Map<string, Cue[]>();
for (const [cue, list] of Object.entries(cues) as Array<[Cue, string[]]>)
  for (const entry of list) {
    if (entry.includes(' ')) CUE_PHRASES.push([entry, cue]);
    else CUE_WORDS.set(entry, [...(CUE_WORDS.get(entry) ?? []), cue]);
  }

/**
 * Sheng builds verbs from English ones with a Swahili prefix: "mnadeliver",
 * "mnainstall", "kupay", "nitapay". The prefix is stripped and the English
 * stem read with these cues.
 */
export const SW_PREFIXES =
  /^(mna|mta|tuna|tuta|nita|nime|nina|una|uta|ume|wana|wata|ku|na|ni|m)(i|zi|ku|ki|vi|li|wa|tu)?(?=[a-z]{3,})/;
export const PREFIXED_STEMS: Record<string, Cue> = {
  deliver: 'delivery',
  deliva: 'delivery',
  transport: 'delivery',
  supply: 'delivery',
  drop: 'delivery',
  ship: 'delivery',
  install: 'installation',
  fit: 'installation',
  fix: 'installation',
  pay: 'payment',
  accept: 'payment',
  discount: 'bargain',
  reduce: 'bargain',
  negotiate: 'bargain',
  sell: 'ask',
  uza: 'ask',
  order: 'accept_strong',
  buy: 'accept_strong',
  open: 'time', // "mnaopen saa ngapi?"
};

// --- Product words ---------------------------------------------------------

export type Category = 'granite' | 'marble' | 'quartz' | 'sink';

export const CATEGORY_WORDS: Record<string, Category> = {
  granite: 'granite',
  granites: 'granite',
  graniti: 'granite',
  marble: 'marble',
  marbles: 'marble',
  marumaru: 'marble',
  quartz: 'quartz',
  quartzes: 'quartz',
  kwatz: 'quartz',
  sink: 'sink',
  sinks: 'sink',
  sinki: 'sink',
  masinki: 'sink',
  basin: 'sink',
  basins: 'sink',
};

/** Words for any stone (granite, marble or quartz) without saying which. */
export const STONE_WORDS = new Set([
  'slab',
  'slabs',
  'slabu',
  'stone',
  'stones',
  'jiwe',
  'mawe',
  'countertop',
  'countertops',
  'counter',
  'worktop',
  'worktops',
  'tops',
  'kitchentop',
  'kitchentops',
]);

/** Colour words, English and Swahili, to the catalogue's colour (lowercase). */
export const COLOUR_WORDS: Record<string, string> = {
  black: 'black',
  nyeusi: 'black',
  white: 'white',
  nyeupe: 'white',
  grey: 'grey',
  gray: 'grey',
  kijivu: 'grey',
  brown: 'brown',
  kahawia: 'brown',
  green: 'green',
  kijani: 'green',
  blue: 'blue',
  bluu: 'blue',
  samawati: 'blue',
  red: 'red',
  nyekundu: 'red',
  gold: 'gold',
  golden: 'gold',
  dhahabu: 'gold',
  beige: 'beige',
  cream: 'beige',
  silver: 'silver',
  // "fedha" is silver only as a colour ("rangi ya fedha"); alone it is money (understand.ts).
  multicolor: 'multicolor',
  multicolour: 'multicolor',
  multicoloured: 'multicolor',
  multicolored: 'multicolor',
};

/** Sink material words to the catalogue's material (lowercase); "granite"/"quartz" count only with a sink. */
export const MATERIAL_WORDS: Record<string, string> = {
  stainless: 'stainless steel',
  steel: 'stainless steel',
  chuma: 'stainless steel',
  metal: 'stainless steel',
  composite: 'granite composite',
  silgranit: 'granite composite',
  ceramic: 'ceramic',
  kauri: 'ceramic',
  fireclay: 'fireclay',
  iron: 'cast iron',
};

/** Bowl configurations as the catalogue writes them, by their first word. */
export const BOWL_WORDS: Record<string, string> = {
  single: 'single',
  double: 'double',
  triple: 'triple',
  '1.5': '1.5',
};
/** Counts of bowls: "two bowls", "bakuli mbili", "2 bowl". */
export const BOWL_COUNTS: Record<string, string> = {
  one: 'single',
  '1': 'single',
  moja: 'single',
  two: 'double',
  '2': 'double',
  mbili: 'double',
  three: 'triple',
  '3': 'triple',
  tatu: 'triple',
  '1.5': '1.5',
};

/** Words in product names that say nothing of one product: never a name match on their own. */
export const GENERIC_NAME_WORDS = new Set(['bowl', 'bowls', 'sink', 'dark', 'light', 'the', 'and', 'with', 'of']);

/** Things the shop does not sell: asking for one is a product the catalogue does not have. */
export const NOT_SOLD = new Set([
  'onyx',
  'terrazzo',
  'travertine',
  'limestone',
  'slate',
  'sandstone',
  'porcelain',
  'laminate',
  'tile',
  'tiles',
  'vigae',
  'bathtub',
  'bathtubs',
  'bath',
  'tub',
  'jacuzzi',
  'shower',
  'toilet',
  'toilets',
  'choo',
  'tap',
  'taps',
  'mixer',
  'faucet',
  'faucets',
  'bomba',
  'cabinet',
  'cabinets',
  'kabati',
  'wardrobe',
  'cement',
  'sand',
  'ballast',
  'bricks',
  'mabati',
  'glass',
  'mirror',
  'cooker',
  'oven',
  'hood',
  'wood',
  'timber',
  'mbao',
  'paint',
  'rangi ya',
  'pavers',
  'cabro',
  'copper',
  'brass',
  'bronze',
  'plastic',
  'aluminium',
  'aluminum',
  'enamel',
  'resin',
  'gypsum',
  'vyoo',
  'acrylic',
  'corian',
  'washbasin',
  'urinal',
  'bidet',
]);

/**
 * Words that name no product: English and Swahili function words, polite
 * words, places and the like. They are never read as a typo of a product
 * word, and they are left out of the words searched.
 */
export const PLAIN_WORDS = new Set(
  `a an the is are am was were be been being do does did done doing have has had having i me my mine we us our ours you your yours u ur he she it its they them their this that these those
  what which who whom whose when where why how there here and or but if so than then also too very just only still even again more most less
  to of in on at by for from with about into over under up down out off as per each any some all no not nor can could will would shall should
  may might must please pls plz kindly sir madam mum mama baba boss bro brother sister sis friend dear customer team guys
  think thinking thought maybe later pictures picture images
  open opening opened hours closing closed close fungua mnafungua kufungua mnafunga
  mtu watu human person agent someone somebody kuongea ongea talk speak call piga simu nipigie duka shop mhudumu meneja manager
  name names jina majina langu called naitwa
  much many back info lot lots exactly myself yourself come see seen check site area store stoo picha pics pic photo photos image
  kuona kuja hadi mpaka tumia kutumia mnatumia nai upcountry weekend weekends saturday saturdays sunday mzigo kucheki nitakucheki cheki
  want need like looking look see show send tell know get got give let make take buy order sell selling sold help info information details detail
  kitchen kitchens bathroom bathrooms house home office project island vanity vanities floor floors wall walls stairs steps table tables window sills sill
  today tomorrow yesterday now later soon week weeks month months year time day days morning evening
  new old good nice best better big small large nice beautiful lovely quality real original genuine type kind colour color colours colors rangi
  one two three four five six seven eight nine ten half piece pieces pcs number namba
  ni na ya wa za la kwa katika kwenye hii hiyo hizi hizo ile zile huyu yule hapa hapo huko pale sasa leo kesho jana
  mimi wewe yeye sisi nyinyi wao yangu yako yake yetu yenu yao wangu wako wetu wenu zangu zako zetu zenu langu lako letu lenu
  nina una ana tuna mna wana sina huna hana hatuna hamna hawana niko uko yuko tuko mko wako
  je gani nini nani lini wapi vipi kwanini mbona kwani kama lakini pia tu sana kidogo zaidi kabisa bado tena
  tafadhali naomba ombi nisaidie saidia msaada karibu hujambo
  hio izo hizo hizi io iyo iyi hii
  kitu vitu hicho hiki vile hivyo ivo ivi
  boss buda msee maze manze bana bazu mkuu mzee mathe madam sir dame dem chali
  aje ata hata ama au sijui naona nadhani nafikiri
  nataka natafuta nahitaji ninataka nilikuwa nimeona nimeskia naskia
  jikoni choo bafu bafuni nyumba kazi mradi
  moja mbili tatu nne tano sita saba nane tisa kumi mia elfu ngiri thao
  ok okay yes no hapana ndio
  nairobi mombasa kisumu nakuru eldoret thika machakos nyeri naivasha kitale kitengela kiambu ruiru juja rongai ngong karen westlands kasarani embakasi
  kilimani lavington runda syokimau athi river kajiado meru embu kericho kakamega bungoma malindi nanyuki limuru kikuyu`
    .split(/\s+/)
    .filter(Boolean),
);

/** Chat spellings read as the word they stand for. */
export const CHAT_SPELLINGS: Record<string, string> = {
  u: 'you',
  ur: 'your',
  r: 'are',
  wat: 'what',
  wht: 'what',
  hw: 'how',
  cn: 'can',
  hav: 'have',
  tak: 'take',
  nn: 'nini',
  pls: 'please',
  plz: 'please',
  elf: 'elfu',
  thao: 'thao',
};

/** Words after which the next word is a person's name ("my name is Brian", "naitwa Wanjiru"). */
export const NAME_INTRODUCERS = new Set(['naitwa', 'jina', 'name', 'im', 'm', 'called', 'mimi']);

/**
 * Everyday Swahili and Sheng words that name no product: read as plain words,
 * never as a typo of a product word ("basi" is "then", not "basin"; "kejani"
 * is "at home", not "kijani"; "chumba" is a room, not "chuma"), and never
 * the words of a product searched for ("nataka kununua" asks for nothing).
 * Words that are also cues (bei, sawa, punguza…) keep their cue: the cues are
 * read first. They count as Swahili for the reply's language.
 */
export const SWAHILI_COMMON = new Set(
  `basi sasa tena halafu kisha kwanza mwishowe hatimaye ila lakini ingawa ijapokuwa kwamba ikiwa endapo kama ili wala bali au ama
  tangu mpaka hadi pamoja bila kuhusu kuliko badala zaidi kiasi kidogo sana kabisa hasa kweli labda pengine huenda tu pia hata bado tayari
  leo kesho jana juzi keshokutwa mapema baadaye zamani siku wiki mwezi mwaka saa dakika sekunde asubuhi mchana alasiri jioni usiku
  jumatatu jumanne jumatano alhamisi ijumaa jumamosi jumapili wikendi
  hapa hapo pale huku huko kule humu humo mle karibu mbali ndani nje juu chini mbele nyuma kando katikati peke
  hii hiyo hizi hizo ile zile huyu huyo yule hawa hao wale hiki hicho kile hivi hivyo vile hili hilo lile
  nini gani nani lini wapi vipi ngapi kwanini mbona ipi zipi yupi wepi lipi kipi vipi
  mimi wewe yeye sisi nyinyi ninyi wao yangu yako yake yetu yenu yao wangu wako wake wetu wenu langu lako lake letu lenu lao
  changu chako chake chetu chenu chao vyangu vyako vyake zangu zako zake zetu zenu zao kwangu kwako kwake kwetu kwenu kwao
  pesa hela fedha shilingi bob laki milioni nusu robo deni bili
  habari jambo hujambo sijambo hatujambo mambo salama safi shwari shikamoo marahaba karibu karibuni samahani pole kwaheri buriani
  tafadhali asante asanteni shukrani mungu inshallah amani furaha
  msee wasee maze manze buda budaa beshte mabeshte fiti freshi noma sare rada mbogi manzi msupa dem chali mathe fathe bazu mkuu mzee
  mtaa mtaani keja kejani ganji mulla chapaa munde finje ashu kindu venye ati eti aje ju mresh wasupa wadau mdau fala
  bonga chonga sepa ishia dishi hanya ngware nduthi ndai sanse kubonga cheki kucheki nacheki nadai kudai
  ndio ndiyo hapana sawasawa haya kumbe ebu hebu acha sema uliza jibu ambia ona kuona kuja enda nenda kwenda fika rudi sikia elewa jua najua
  pata kupata nunua kununua uza kuuza chukua kuchukua andika soma piga ongea zungumza fanya kufanya
  naweza unaweza anaweza tunaweza mnaweza siwezi hawezi inawezekana napenda nimependa penda taka kutaka anza maliza
  angalia tazama peleka kupeleka hakuna sina una ana tuna mna wana hatuna hamna niko uko yuko tuko mko wako
  nimeona nimepata naona nasema nimeskia naskia nilikuwa nitakuwa sijaelewa nimeelewa nimesikia nilisema nilikuambia
  tutaongea tunaongea nitakuja nitakupigia nitarudi nitakuambia nitakujulisha nitaangalia
  mtu watu mama baba kaka dada rafiki marafiki mteja wateja maduka chumba vyumba sebule gari magari barabara mji kijiji nchi
  mahali sehemu swali maswali neno maneno ujumbe aina uzito ubora oda huduma njia soko maji chakula kesi shida tatizo matatizo
  nzuri mzuri mrembo kubwa ndogo ndefu fupi mpya rahisi bora chafu nzito nyepesi kali tamu
  nipatie niambie nieleze nijulishe niongezee nisubiri ishirini thelathini arobaini hamsini sitini sabini themanini tisini`
    .split(/\s+/)
    .filter(Boolean),
);
