// The one demo-data generator: the reference server's seed and simulator, the
// mock API's dynamic data and the benchmarks all draw from it. Every function
// takes the faker instance to use; createFaker makes one, seeded for the same
// data on every run.
import { Faker, en } from '@faker-js/faker';

export * from './catalogue';
export * from './generate';

/** A Faker instance (English locale); with a seed its output is the same on every run. */
export function createFaker(seed?: number): Faker {
  const faker = new Faker({ locale: [en] });
  if (seed !== undefined) faker.seed(seed);
  return faker;
}
