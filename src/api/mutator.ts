// The one door data comes in through: the only place in the app that calls fetch.
// Every generated hook (src/api/generated/) sends its request here.
//
// It deliberately imports nothing from src/api/generated/: orval bundles this
// file while it regenerates that folder. The response check is plugged in by
// src/api/contract-check.ts at start-up (main.tsx and the test setup).

/** Errors of every generated hook are the Error this file throws. */
export type ErrorType<_E = unknown> = Error;
export type BodyType<B> = B;

/** A non-OK answer. Its message reads "<status>: <body text>", or "<status>: <status text>" when the body is empty. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** A response that does not match the contract's schema for its operation. */
export class ContractViolationError extends Error {
  constructor(
    readonly operation: string,
    readonly issues: string[],
  ) {
    super(`Contract violation in the response of ${operation}:\n  ${issues.join('\n  ')}`);
    this.name = 'ContractViolationError';
  }
}

const baseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';

/** 'strict' throws on a response that breaks the contract (development, tests); 'warn' logs and passes it on (production). */
export type ContractCheckMode = 'strict' | 'warn';
let contractCheckMode: ContractCheckMode = import.meta.env.PROD ? 'warn' : 'strict';
export function setContractCheckMode(mode: ContractCheckMode) {
  contractCheckMode = mode;
}

/** Returns the violation found in a JSON success response, or undefined when it conforms. */
export type ResponseCheck = (method: string, pathname: string, data: unknown) => ContractViolationError | undefined;
let responseCheck: ResponseCheck | undefined;
export function setResponseCheck(check: ResponseCheck | undefined) {
  responseCheck = check;
}

function checkAgainstContract(method: string, url: string, data: unknown): void {
  const violation = responseCheck?.(method, new URL(url, 'http://localhost').pathname, data);
  if (!violation) return;
  if (contractCheckMode === 'strict') {
    console.error(violation.message);
    throw violation;
  }
  console.warn(violation.message);
}

export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  const method = (init.method ?? 'GET').toUpperCase();
  const response = await fetch(`${baseUrl}${url}`, {
    ...init,
    method,
    credentials: 'include',
    headers: { Accept: 'application/json, text/csv;q=0.9', ...init.headers },
  });

  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  // No body: null rather than undefined, which React Query refuses as query data.
  if (response.status === 204 || text === '') return null as T;

  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return text as T;

  const data: unknown = JSON.parse(text);
  checkAgainstContract(method, url, data);
  return data as T;
}

/**
 * The human part of an error, for toasts: the `error` or `message` field of a
 * JSON error body, else the body text; undefined when there is nothing to show.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body.trim();
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      const { error: err, message } = parsed as { error?: unknown; message?: unknown };
      if (typeof err === 'string' && err) return err;
      if (typeof message === 'string' && message) return message;
    }
  } catch {
    // not JSON: the text itself is the message
  }
  return body;
}

/** A paged list's answer: its items plus the headers that carry the next page and the total. */
export async function apiFetchPage<T>(url: string, init: RequestInit = {}): Promise<T> {
  return { data: await apiFetch(url, init), status: 200, headers: new Headers() } as T;
}
