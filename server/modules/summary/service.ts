import type { Kysely } from 'kysely';
import type { components } from '../../app/openapi/types';
import type { DB } from '../../db/schema';
import { summaryRepository } from './repository';

type Summary = components['schemas']['Summary'];

/** The counts the dashboard's counters and badges show (GET /api/summary). */
export function summaryService(
  db: Kysely<DB>,
  deps: { now: () => Date; sales?: () => Promise<NonNullable<Summary['sales']>> },
) {
  const repo = summaryRepository(db);
  return {
    /** With how the sales stand when the server keeps quotes and orders (beyond the spec). */
    async get(): Promise<Summary> {
      const [counts, sales] = await Promise.all([repo.counts(deps.now()), deps.sales?.()]);
      return sales ? { ...counts, sales } : counts;
    },
  };
}
