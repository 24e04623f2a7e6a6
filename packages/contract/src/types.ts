/** One failed rule, located by a JSON pointer into the exchange: `/body/CFItems/3/identifier`, `/query/limit`. */
export type ContractIssue = { pointer: string; rule: string; message: string };

/** The outcome of one check. `where` names the exchange: `POST /ims/case/v1p1/CFPackages (uploadCFPackage) request`. */
export type ContractResult = { ok: boolean; operationId?: string; where: string; issues: ContractIssue[] };

/** The parts of an HTTP request the checker reads; a web `Request` converts with `toRequestLike`. */
export type RequestLike = { method: string; url: string; headers: Headers; body?: string | null };

/** The parts of an HTTP response the checker reads; a web `Response` converts with `toResponseLike`. */
export type ResponseLike = { status: number; headers: Headers; body?: string | null };

/** Reads a web `Request` (a clone, so the caller can still consume it). */
export async function toRequestLike(request: Request): Promise<RequestLike> {
  const body = request.body ? await request.clone().text() : null;
  return { method: request.method, url: request.url, headers: new Headers(request.headers), body };
}

/** Reads a web `Response` (a clone, so the caller can still consume it). */
export async function toResponseLike(response: Response): Promise<ResponseLike> {
  const body = response.body ? await response.clone().text() : null;
  return { status: response.status, headers: new Headers(response.headers), body };
}

/** A readable, multi-line account of a failed check, for test output. */
export function formatResult(result: ContractResult): string {
  if (result.ok) return `${result.where}: conforms`;
  return [
    `${result.where} does not conform to openapi/:`,
    ...result.issues.map((issue) => `  ${issue.pointer || '/'}: ${issue.message} [${issue.rule}]`),
  ].join('\n');
}
