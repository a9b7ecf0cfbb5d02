import { ApiError } from './mutator';

/**
 * What the server said went wrong (ErrorResponse `message`, or `error`), for
 * a person; `fallback` when the answer carried no such text (a network
 * failure, a body that is not JSON).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.body) return fallback;
  try {
    const body = JSON.parse(error.body) as { message?: unknown; error?: unknown };
    const text = typeof body.message === 'string' ? body.message : body.error;
    return typeof text === 'string' && text.trim() ? text : fallback;
  } catch {
    return fallback;
  }
}

/** The call is not there: a backend without a feature beyond the spec. */
export const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;
