// Checks JSON success responses against the zod schemas generated from
// openapi.yaml. Installed once at start-up; see setResponseCheck in mutator.ts.
import type { ZodError } from 'zod';
import { findOperation } from './generated/operations';
import { ContractViolationError, setResponseCheck } from './mutator';

export function describeIssues(error: ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join('.') : '(body)';
    return `${path}: ${issue.message}`;
  });
}

export function checkResponse(method: string, pathname: string, data: unknown): ContractViolationError | undefined {
  const operation = findOperation(method, pathname);
  if (!operation?.response) return undefined;
  const result = operation.response.safeParse(data);
  if (result.success) return undefined;
  return new ContractViolationError(
    `${operation.operationId} (${method} ${operation.path})`,
    describeIssues(result.error),
  );
}

export function installContractCheck() {
  setResponseCheck(checkResponse);
}
