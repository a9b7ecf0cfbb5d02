// The demo world's fixed parts: Kenyan first names, surnames and towns, the
// stones and sinks the shop sells, and a hand-written catalogue with KES
// prices. Colours, materials and bowl configurations are values of the
// contract's enums, so a value the contract drops no longer compiles here.
import type { BowlConfiguration, ProductCategory, SinkMaterial, StoneColor } from '../generated/enums';

export const FIRST_NAMES = [
  'Wanjiru',
  'Brian',
  'Achieng',
  'Peter',
  'Faith',
  'Kevin',
  'Grace',
  'Samuel',
  'Mercy',
  'James',
  'Halima',
  'Joyce',
  'Otieno',
  'Njeri',
  'Kiprop',
  'Wambui',
  'Mwangi',
  'Akinyi',
  'Chebet',
  'Mutua',
  'Auma',
  'Kamau',
  'Nyambura',
  'Omondi',
  'Zawadi',
  'Baraka',
  'Wanjiku',
  'Kibet',
  'Amina',
  'Juma',
] as const;

export const SURNAMES = [
  'Kamau',
  'Otieno',
  'Odhiambo',
  'Mwangi',
  'Njeri',
  'Kiprop',
  'Akinyi',
  'Kariuki',
  'Chebet',
  'Mutua',
  'Hassan',
  'Wanjala',
  'Ochieng',
  'Njoroge',
  'Kimani',
  'Wafula',
  'Rotich',
  'Onyango',
  'Maina',
  'Korir',
  'Wambui',
  'Mutiso',
  'Barasa',
  'Nyambura',
  'Omondi',
] as const;

export const TOWNS = [
  'Nairobi',
  'Mombasa',
  'Kisumu',
  'Nakuru',
  'Eldoret',
  'Thika',
  'Machakos',
  'Nyeri',
  'Naivasha',
  'Kitale',
  'Kitengela',
] as const;

export type StoneCategory = Exclude<ProductCategory, 'sink'>;
export const STONE_CATEGORIES: readonly StoneCategory[] = ['granite', 'marble', 'quartz'];

/** Stone names by category, each with its colour. */
export const STONES: Record<StoneCategory, ReadonlyArray<readonly [name: string, color: StoneColor]>> = {
  granite: [
    ['Absolute Black', 'Black'],
    ['Galaxy Black', 'Black'],
    ['Kashmir White', 'White'],
    ['Tan Brown', 'Brown'],
    ['Steel Grey', 'Grey'],
    ['Ubatuba', 'Green'],
    ['Blue Pearl', 'Blue'],
    ['Imperial Red', 'Red'],
    ['Colonial Gold', 'Gold'],
    ['Viscont White', 'White'],
    ['Baltic Brown', 'Brown'],
    ['Silver Cloud', 'Silver'],
  ],
  marble: [
    ['Carrara White', 'White'],
    ['Emperador Dark', 'Brown'],
    ['Crema Marfil', 'Beige'],
    ['Nero Marquina', 'Black'],
    ['Calacatta Oro', 'Gold'],
    ['Verde Guatemala', 'Green'],
    ['Rosso Levanto', 'Red'],
    ['Statuario', 'White'],
  ],
  quartz: [
    ['Calacatta Gold', 'Gold'],
    ['Pure White', 'White'],
    ['Concrete Grey', 'Grey'],
    ['Sparkling Black', 'Black'],
    ['Arctic White', 'White'],
    ['Sahara Beige', 'Beige'],
    ['Terrazzo Multicolor', 'Multicolor'],
    ['Silver Mist', 'Silver'],
  ],
};

export const STONE_FINISHES = ['Polished', 'Honed', 'Leathered', 'Flamed'] as const;
export const SINK_BRANDS = ['Franke', 'Blanco', 'Reginox', 'Kohler', 'Teka', 'Elkay', 'Carysil', 'Schock'] as const;
export const SINK_STYLES = ['Undermount', 'Top-mount', 'Farmhouse', 'Inset', 'Drainer'] as const;

/** Image paths under /uploads that the mock API serves (the files are in mocks/uploads). */
export const DEMO_IMAGES = {
  granite: [
    '/uploads/products/absolute-black-granite.svg',
    '/uploads/products/galaxy-black-granite.svg',
    '/uploads/products/kashmir-white-granite.svg',
  ],
  marble: ['/uploads/products/carrara-white-marble.svg'],
  quartz: ['/uploads/products/calacatta-gold-quartz.svg'],
  sink: ['/uploads/products/franke-double-bowl.svg'],
  installations: [
    '/uploads/installations/absolute-black-kitchen-1.svg',
    '/uploads/installations/absolute-black-kitchen-2.svg',
    '/uploads/installations/carrara-bathroom-1.svg',
  ],
} as const satisfies Record<ProductCategory | 'installations', readonly string[]>;

export type DemoProduct = {
  name: string;
  category: ProductCategory;
  color?: StoneColor;
  material?: SinkMaterial;
  bowlConfiguration?: BowlConfiguration;
  dimensions: string;
  startingPrice: number;
  endingPrice: number;
  installationPricePerSlab?: number;
  description: string;
};

/** A small hand-written catalogue (prices in KES per slab or per sink): what a first run shows. */
export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    name: 'Absolute Black Granite',
    category: 'granite',
    color: 'Black',
    dimensions: '3000 x 1800 x 20',
    startingPrice: 8500,
    endingPrice: 12000,
    installationPricePerSlab: 2500,
    description: 'Deep black granite for kitchen tops and vanities.',
  },
  {
    name: 'Galaxy Black Granite',
    category: 'granite',
    color: 'Black',
    dimensions: '3000 x 1800 x 20',
    startingPrice: 11000,
    endingPrice: 15500,
    installationPricePerSlab: 2500,
    description: 'Black granite with golden flecks.',
  },
  {
    name: 'Kashmir White Granite',
    category: 'granite',
    color: 'White',
    dimensions: '2800 x 1700 x 20',
    startingPrice: 9800,
    endingPrice: 13500,
    installationPricePerSlab: 2500,
    description: 'Light granite with grey and burgundy specks.',
  },
  {
    name: 'Tan Brown Granite',
    category: 'granite',
    color: 'Brown',
    dimensions: '3000 x 1800 x 20',
    startingPrice: 7800,
    endingPrice: 10500,
    installationPricePerSlab: 2200,
    description: 'Warm brown granite, hard wearing.',
  },
  {
    name: 'Carrara White Marble',
    category: 'marble',
    color: 'White',
    dimensions: '2700 x 1600 x 20',
    startingPrice: 14500,
    endingPrice: 19000,
    installationPricePerSlab: 3000,
    description: 'Classic white marble with soft grey veins.',
  },
  {
    name: 'Emperador Dark Marble',
    category: 'marble',
    color: 'Brown',
    dimensions: '2700 x 1600 x 20',
    startingPrice: 16000,
    endingPrice: 21000,
    installationPricePerSlab: 3000,
    description: 'Dark brown marble with light veining.',
  },
  {
    name: 'Calacatta Gold Quartz',
    category: 'quartz',
    color: 'Gold',
    dimensions: '3200 x 1600 x 20',
    startingPrice: 19500,
    endingPrice: 26000,
    installationPricePerSlab: 3500,
    description: 'Engineered quartz with gold veins.',
  },
  {
    name: 'Pure White Quartz',
    category: 'quartz',
    color: 'White',
    dimensions: '3200 x 1600 x 20',
    startingPrice: 13500,
    endingPrice: 17500,
    installationPricePerSlab: 3200,
    description: 'Solid white engineered quartz.',
  },
  {
    name: 'Concrete Grey Quartz',
    category: 'quartz',
    color: 'Grey',
    dimensions: '3200 x 1600 x 20',
    startingPrice: 12500,
    endingPrice: 16800,
    installationPricePerSlab: 3200,
    description: 'Matte grey quartz with a concrete look.',
  },
  {
    name: 'Franke Stainless Steel Double Bowl Sink',
    category: 'sink',
    material: 'Stainless Steel',
    bowlConfiguration: 'Double Bowl',
    dimensions: '1160 x 500 x 200',
    startingPrice: 18500,
    endingPrice: 24000,
    description: 'Double bowl sink with drainer.',
  },
  {
    name: 'Blanco Silgranit Single Bowl Sink',
    category: 'sink',
    material: 'Granite Composite',
    bowlConfiguration: 'Single Bowl',
    dimensions: '780 x 500 x 190',
    startingPrice: 21000,
    endingPrice: 27500,
    description: 'Granite composite sink in anthracite.',
  },
  {
    name: 'Fireclay Farmhouse Sink',
    category: 'sink',
    material: 'Fireclay',
    bowlConfiguration: 'Single Bowl',
    dimensions: '760 x 460 x 250',
    startingPrice: 32000,
    endingPrice: 41000,
    description: 'Apron-front fireclay sink.',
  },
  {
    name: 'Ceramic 1.5 Bowl Sink',
    category: 'sink',
    material: 'Ceramic',
    bowlConfiguration: '1.5 Bowl',
    dimensions: '1000 x 500 x 200',
    startingPrice: 14000,
    endingPrice: 18500,
    description: 'White ceramic sink with a half bowl.',
  },
];
