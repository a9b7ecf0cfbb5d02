// Demo catalogue and people for the seed and the simulator: stones and
// sinks with KES prices, Kenyan names and +2547… numbers.
import type { Faker } from '@faker-js/faker';

export const FIRST_NAMES = ['Wanjiru', 'Brian', 'Achieng', 'Peter', 'Faith', 'Kevin', 'Grace', 'Samuel', 'Mercy', 'James', 'Halima', 'Joyce', 'Otieno', 'Njeri', 'Kiprop', 'Wambui', 'Mwangi', 'Akinyi', 'Chebet', 'Mutua', 'Auma', 'Kamau', 'Nyambura', 'Omondi', 'Zawadi', 'Baraka', 'Wanjiku', 'Kibet', 'Amina', 'Juma'];
export const SURNAMES = ['Kamau', 'Otieno', 'Odhiambo', 'Mwangi', 'Njeri', 'Kiprop', 'Akinyi', 'Kariuki', 'Chebet', 'Mutua', 'Hassan', 'Wanjala', 'Ochieng', 'Njoroge', 'Kimani', 'Wafula', 'Rotich', 'Onyango', 'Maina', 'Korir'];
export const TOWNS = ['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru', 'Eldoret', 'Thika', 'Machakos', 'Nyeri', 'Naivasha', 'Kitale'];

export type DemoProduct = {
  name: string;
  category: 'granite' | 'marble' | 'quartz' | 'sink';
  color?: string;
  material?: string;
  bowlConfiguration?: string;
  dimensions: string;
  startingPrice: number;
  endingPrice: number;
  installationPricePerSlab?: number;
  description: string;
};

export const DEMO_PRODUCTS: DemoProduct[] = [
  { name: 'Absolute Black Granite', category: 'granite', color: 'Black', dimensions: '3000 x 1800 x 20', startingPrice: 8500, endingPrice: 12000, installationPricePerSlab: 2500, description: 'Deep black granite for kitchen tops and vanities.' },
  { name: 'Galaxy Black Granite', category: 'granite', color: 'Black', dimensions: '3000 x 1800 x 20', startingPrice: 11000, endingPrice: 15500, installationPricePerSlab: 2500, description: 'Black granite with golden flecks.' },
  { name: 'Kashmir White Granite', category: 'granite', color: 'White', dimensions: '2800 x 1700 x 20', startingPrice: 9800, endingPrice: 13500, installationPricePerSlab: 2500, description: 'Light granite with grey and burgundy specks.' },
  { name: 'Tan Brown Granite', category: 'granite', color: 'Brown', dimensions: '3000 x 1800 x 20', startingPrice: 7800, endingPrice: 10500, installationPricePerSlab: 2200, description: 'Warm brown granite, hard wearing.' },
  { name: 'Carrara White Marble', category: 'marble', color: 'White', dimensions: '2700 x 1600 x 20', startingPrice: 14500, endingPrice: 19000, installationPricePerSlab: 3000, description: 'Classic white marble with soft grey veins.' },
  { name: 'Emperador Dark Marble', category: 'marble', color: 'Brown', dimensions: '2700 x 1600 x 20', startingPrice: 16000, endingPrice: 21000, installationPricePerSlab: 3000, description: 'Dark brown marble with light veining.' },
  { name: 'Calacatta Gold Quartz', category: 'quartz', color: 'Gold', dimensions: '3200 x 1600 x 20', startingPrice: 19500, endingPrice: 26000, installationPricePerSlab: 3500, description: 'Engineered quartz with gold veins.' },
  { name: 'Pure White Quartz', category: 'quartz', color: 'White', dimensions: '3200 x 1600 x 20', startingPrice: 13500, endingPrice: 17500, installationPricePerSlab: 3200, description: 'Solid white engineered quartz.' },
  { name: 'Concrete Grey Quartz', category: 'quartz', color: 'Grey', dimensions: '3200 x 1600 x 20', startingPrice: 12500, endingPrice: 16800, installationPricePerSlab: 3200, description: 'Matte grey quartz with a concrete look.' },
  { name: 'Franke Stainless Steel Double Bowl Sink', category: 'sink', material: 'Stainless Steel', bowlConfiguration: 'Double Bowl', dimensions: '1160 x 500 x 200', startingPrice: 18500, endingPrice: 24000, description: 'Double bowl sink with drainer.' },
  { name: 'Blanco Silgranit Single Bowl Sink', category: 'sink', material: 'Granite Composite', bowlConfiguration: 'Single Bowl', dimensions: '780 x 500 x 190', startingPrice: 21000, endingPrice: 27500, description: 'Granite composite sink in anthracite.' },
  { name: 'Fireclay Farmhouse Sink', category: 'sink', material: 'Fireclay', bowlConfiguration: 'Single Bowl', dimensions: '760 x 460 x 250', startingPrice: 32000, endingPrice: 41000, description: 'Apron-front fireclay sink.' },
  { name: 'Ceramic 1.5 Bowl Sink', category: 'sink', material: 'Ceramic', bowlConfiguration: '1.5 Bowl', dimensions: '1000 x 500 x 200', startingPrice: 14000, endingPrice: 18500, description: 'White ceramic sink with a half bowl.' },
];

export const NOTIFICATION_TEXTS = {
  product_not_found: (f: Faker) => `Customer asked for ${f.helpers.arrayElement(['Nero Marquina marble', 'a black undermount sink with a 1.5 bowl', 'Blue Pearl granite', 'a copper farmhouse sink'])}, which is not in the catalogue`,
  delivery_inquiry: (f: Faker) => `Customer asks about delivery to ${f.helpers.arrayElement(TOWNS)} for ${f.number.int({ min: 2, max: 6 })} slabs`,
  payment_inquiry: (f: Faker) => f.helpers.arrayElement(['Customer wants to pay a deposit by M-Pesa and the balance on delivery', 'Customer asks for a proforma invoice for a company purchase', 'Customer asks whether payment in instalments is possible']),
  unclear_request: (_f: Faker, phone: string) => `Unclear request from ${phone}`,
} as const;

export const kenyanPhone = (f: Faker) => `+2547${f.string.numeric(8)}`;
export const kenyanName = (f: Faker) => `${f.helpers.arrayElement(FIRST_NAMES)} ${f.helpers.arrayElement(SURNAMES)}`;
