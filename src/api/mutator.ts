// The only place in the app that calls fetch. Placeholder until the full mutator lands.
export type ErrorType<E> = Error & { __body?: E };
export type BodyType<B> = B;

export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, credentials: 'include' });
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${text || response.statusText}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
