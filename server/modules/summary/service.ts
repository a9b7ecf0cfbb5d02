import type { Kysely } from 'kysely';
import type { components } from '../../app/openapi/types';
import type { DB } from '../../db/schema';
import { summaryRepository } from './repository';

type Summary = components['schemas']['Summary'];

/** The counts the dashboard's counters and badges show (GET /api/summary). */
export function summaryService(db: Kysely<DB>, deps: { now: () => Date }) {
  const repo = summaryRepository(db);
  return {
    get: (): Promise<Summary> => repo.counts(deps.now()),
  };
}
