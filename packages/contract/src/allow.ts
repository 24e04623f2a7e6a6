import type { Operation } from './operations.js';
import type { ContractIssue, ContractResult, ResponseLike } from './types.js';

/**
 * The issue of a 405 whose `Allow` header does not list exactly `methods` (the methods its path takes), or none;
 * `rule` names what states the 405 (docs/decisions.md#d-mock-error-statuses-listed).
 */
export function allowIssues(headers: Headers, methods: readonly string[], rule: string): ContractIssue[] {
  const expected = [...new Set(methods)].sort();
  const allowed = (headers.get('allow') ?? '').split(/,\s*/).filter(Boolean).sort();
  if (allowed.join() === expected.join()) return [];
  return [
    {
      pointer: '/headers/allow',
      rule,
      message: `Allow must list the methods the path takes (${expected.join(', ')}), got ${allowed.join(', ')}`,
    },
  ];
}

/**
 * A 405 to a method the path does not take, checked against the `405` its operations declare (each lists it:
 * docs/decisions.md#d-mock-error-statuses-listed): the body by `checkDeclared`, and `Allow` naming exactly the
 * path's methods. Undefined when the response is no 405, or no operation at the path declares one.
 */
export function checkMethodNotAllowed(
  operations: readonly Operation[],
  url: URL,
  response: ResponseLike,
  where: string,
  checkDeclared: (issues: ContractIssue[], operation: Operation) => void,
): ContractResult | undefined {
  const atPath = operations.filter((operation) => operation.pattern.test(url.pathname));
  const operation = atPath.find((candidate) => candidate.responses['405']);
  if (response.status !== 405 || !operation) return undefined;
  const issues = allowIssues(
    response.headers,
    atPath.map((candidate) => candidate.method),
    'status',
  );
  checkDeclared(issues, operation);
  return { ok: issues.length === 0, where: `${where} (${operation.operationId}: 405) response`, issues };
}
