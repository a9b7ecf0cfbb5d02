// What an answer must satisfy. Valid request: no 5xx, no response that
// breaks the contract, a status the operation documents. Request that breaks
// the contract: refused with a documented 4xx carrying an ErrorResponse, for
// the right reason (401 only for a missing session, 403 only for a foreign
// Origin), and nothing stored changes.
import type { Operation } from '../../app/openapi/openapi';
import type { Exchange } from './harness';
import { notAnErrorResponse } from './oracle';
import type { Kind } from './mutations';

const documented = (op: Operation) => Object.keys(op.responses);

export function positiveProblems(op: Operation, { answer, violations }: Exchange): string[] {
  const problems: string[] = [];
  if (answer.statusCode >= 500) problems.push(`answered ${answer.statusCode}`);
  if (violations.length > 0) problems.push(`the answer breaks the contract: ${violations.join(' | ')}`);
  if (!documented(op).includes(String(answer.statusCode)))
    problems.push(
      `status ${answer.statusCode} is not documented for ${op.operationId} (documented: ${documented(op).join(', ')})`,
    );
  return problems;
}

export function negativeProblems(
  op: Operation,
  kind: Kind,
  { answer, violations }: Exchange,
  stateChanged: string[],
): string[] {
  const problems: string[] = [];
  const status = answer.statusCode;
  if (status >= 200 && status < 300) problems.push(`accepted with ${status}`);
  else if (status >= 500) problems.push(`answered ${status}`);
  else if (status < 400) problems.push(`answered ${status}, not a 4xx`);
  if (violations.length > 0) problems.push(`the answer breaks the contract: ${violations.join(' | ')}`);
  if (!documented(op).includes(String(status)))
    problems.push(
      `status ${status} is not documented for ${op.operationId} (documented: ${documented(op).join(', ')})`,
    );
  if (status >= 400 && status < 500) {
    const notError = notAnErrorResponse(answer);
    if (notError) problems.push(`the refusal is not an ErrorResponse: ${notError}`);
  }
  if (kind === 'no session' && status !== 401) problems.push(`a request without a session got ${status}, not 401`);
  else if (kind === 'cross-origin' && status !== 403) problems.push(`a cross-origin request got ${status}, not 403`);
  else if (kind !== 'no session' && kind !== 'cross-origin' && [401, 403, 429].includes(status)) {
    problems.push(
      `refused with ${status}, as if the request had been read as valid (sign-in, session or origin), not for what breaks the contract`,
    );
  }
  problems.push(...stateChanged);
  return problems;
}
