// Run settings. CI uses the fixed seed and the default budget, so a run is
// reproducible; set these to explore:
//   PROPERTY_SEED       the seed (printed at the start of every run). The whole
//                       file with the same seed replays the same requests: the
//                       properties share one server, and ids are drawn from
//                       what earlier properties left in it.
//   PROPERTY_RUNS       runs per operation for valid requests (default 25);
//                       the other budgets follow from it
//   PROPERTY_PATH       with PROPERTY_SEED and -t '<test name>', replays the one
//                       counterexample fast-check printed (its "path"); exact
//                       for properties that do not aim at stored ids, close
//                       for the others (the store then holds only the setup)
//   PROPERTY_SHRINK_MS  how long one failing property may spend shrinking (default 5000)
import fc from 'fast-check';

const number = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, not ${raw}`);
  return value;
};

export const SEED = number('PROPERTY_SEED', 20261122);
export const RUNS = Math.max(1, number('PROPERTY_RUNS', 25));
export const PATH = process.env.PROPERTY_PATH || undefined;
export const SHRINK_MS = number('PROPERTY_SHRINK_MS', 5000);

/** Runs for an operation that takes no input at all (nothing to vary but the stored state). */
export const INPUTLESS_RUNS = Math.min(RUNS, 3);
/** Valid requests each request-breaking property starts from; every mutation of its kind is applied to each. */
export const NEGATIVE_BASES = Math.max(2, Math.round(RUNS / 8));
/** Generated command sequences per model. */
export const SEQUENCES = Math.max(3, Math.round(RUNS / 2.5));

export function parameters<T>(numRuns: number): fc.Parameters<T> {
  return { seed: SEED, numRuns, ...(PATH ? { path: PATH } : {}) };
}

/**
 * A property body that, once it has failed, gives shrinking SHRINK_MS and
 * then stops failing, so fast-check reports the smallest counterexample found
 * by then instead of spending minutes on a minimal one. It changes nothing
 * while the property holds.
 */
export function shrinkBudget<A extends unknown[]>(
  predicate: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  let firstFailure: number | undefined;
  return async (...args) => {
    if (firstFailure !== undefined && Date.now() - firstFailure > SHRINK_MS) return;
    try {
      await predicate(...args);
    } catch (error) {
      firstFailure ??= Date.now();
      throw error;
    }
  };
}
