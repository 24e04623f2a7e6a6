import { hostPolicy, hostProblem } from '../internal/host.js';
import { echo } from '../internal/limits.js';
import { json } from '../internal/responses.js';

// Who may drive the control path of `learnkit-mock serve` (docs/decisions.md#d-mock-control-origin). It injects
// faults, revokes tokens and raises events on a mock that runs on a developer's machine, so a web page they open
// must not reach it: not by DNS rebinding (a `Host` of another name), not by a cross-site request (an `Origin` of
// another site), not by a "simple" request a browser sends without a CORS preflight (a type other than JSON).

/** Whether `hostname` (as URL parses it) names this machine: `localhost` and its subdomains, 127/8 or `[::1]`. */
function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  return hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** Why an `Origin` header is refused, or undefined: none (not a browser), this server's host, or this machine. */
function originProblem(origin: string | null, target: string): string | undefined {
  if (origin === null) return undefined;
  const url = URL.canParse(origin) ? new URL(origin) : undefined;
  const hostname = url?.protocol === 'http:' || url?.protocol === 'https:' ? url.hostname : undefined;
  if (hostname !== undefined && (hostname === target || isLoopback(hostname))) return undefined;
  return `Origin ${echo(origin)} is another site; the control path takes requests from this machine only (tests, learnkit-mock trigger, a page on localhost)`;
}

/** Whether a `Content-Type` is `application/json` (any parameters, any case). */
const isJson = (contentType: string | null) =>
  contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';

/** A refusal of the control path, with its code and status. */
const refusal = (status: number, error: string, message: string) => json(status, { error, message });

/**
 * The response refusing a control request from another site before anything is read or changed, or undefined to
 * serve it: a `Host` that is not the server's, a loopback name or an IP address (400, as the platform paths
 * respond to it); an `Origin` of another site (403).
 */
export function refuseControlCaller(request: Request): Response | undefined {
  const target = new URL(request.url).hostname;
  const host = request.headers.get('host');
  const hostRefused = host === null ? undefined : hostProblem(host, target, hostPolicy([request.url]));
  if (hostRefused) return refusal(400, 'bad_request', hostRefused);
  const originRefused = originProblem(request.headers.get('origin'), target);
  if (originRefused) return refusal(403, 'forbidden', originRefused);
  return undefined;
}

/**
 * The 415 refusing a control operation other than GET sent without `Content-Type: application/json`, even without
 * a body: the type a page of another site cannot send without a CORS preflight. Undefined to serve it.
 */
export function refuseControlContentType(request: Request): Response | undefined {
  const contentType = request.headers.get('content-type');
  if (request.method === 'GET' || request.method === 'HEAD' || isJson(contentType)) return undefined;
  const got = contentType === null ? 'none' : echo(contentType);
  return refusal(
    415,
    'unsupported_media_type',
    `a control request other than GET must be sent with Content-Type: application/json, even without a body (got ${got})`,
  );
}
