import { RedirectError } from '../errors';
import type { HeaderRecord } from '../internal/prepared-request';
import type { Attempt } from './timeout';

// As fetch: at most 20 redirects per request.
const MAX_REDIRECTS = 20;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A request URL made absolute (a relative one against the page's address, as in a browser), if it can be. */
function absolute(url: string): URL | undefined {
  try {
    return new URL(url, (globalThis as { location?: { href?: string } }).location?.href);
  } catch {
    return undefined;
  }
}

/** Where one request goes: the URL, method and body of an attempt, changed by redirects it follows. */
export interface Hop {
  url: string;
  method: string;
  body: BodyInit | undefined;
  /** Turned into a bodiless GET by a redirect: the headers describing the body are not sent. */
  asGet: boolean;
}

/** Whether `response` is a redirect the transport must act on (follow on the same origin, or refuse). */
export function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || REDIRECT_STATUSES.has(response.status);
}

/**
 * The next hop of a redirect the transport follows (same origin, `follow` mode), or throws a `RedirectError`
 * naming both origins (docs/decisions.md#d-redirects-same-origin). Undefined when `attempt` is no redirect to act on.
 */
export function nextHop(
  hop: Hop,
  attempt: Attempt,
  mode: RequestRedirect,
  redirects: number,
  operation: string,
  alsoRedact: readonly string[],
): Hop | undefined {
  const { response } = attempt;
  const opaque = response.type === 'opaqueredirect';
  if (!opaque && (mode === 'manual' || !REDIRECT_STATUSES.has(response.status))) return undefined;
  const location = opaque ? null : response.headers.get('location');
  // A 3xx without Location is a final response, as fetch treats it.
  if (!opaque && location === null) return undefined;
  const here = absolute(hop.url);
  const from = here?.origin ?? hop.url;
  let target: URL | undefined;
  try {
    // Without an absolute request URL, no redirect can be seen to stay on its origin.
    target = location === null || here === undefined ? undefined : new URL(location, here);
  } catch {
    target = undefined;
  }
  const to =
    target && (target.protocol === 'https:' || target.protocol === 'http:') ? target.origin : undefined;
  const refuse = (why: string) =>
    new RedirectError({
      status: response.status,
      headers: response.headers,
      body: new TextDecoder().decode(attempt.body),
      operation,
      from,
      to,
      alsoRedact,
      message: `${operation} was redirected (${response.status}) from ${from} to ${to ?? 'an address the runtime does not reveal'}: ${why}`,
    });
  if (opaque || to === undefined) {
    throw refuse(
      'LearnKit follows a redirect only when it can see that it stays on the same origin. Check baseUrl.',
    );
  }
  if (to !== from) {
    throw refuse(
      'another origin. LearnKit does not follow it, so no credential reaches that origin. Check baseUrl (and authUrl or tokenUrl): the platform may have moved.',
    );
  }
  if (mode === 'error') throw refuse("the request's redirect mode is 'error'.");
  if (redirects >= MAX_REDIRECTS) throw refuse(`more than ${MAX_REDIRECTS} redirects in a row.`);
  // fetch's rules (WHATWG fetch, HTTP-redirect fetch): 303, and 301/302 after a POST, continue as GET without a body.
  const status = response.status;
  const toGet =
    (status === 303 && hop.method !== 'GET' && hop.method !== 'HEAD') ||
    ((status === 301 || status === 302) && hop.method === 'POST');
  const url = (target as URL).href;
  return toGet ? { url, method: 'GET', body: undefined, asGet: true } : { ...hop, url };
}

const BODY_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
]);

/** `headers` without those that describe a request body (for a redirect that continues as GET). */
export function withoutBodyHeaders(headers: HeaderRecord): HeaderRecord {
  const out: HeaderRecord = {};
  for (const [k, v] of Object.entries(headers)) if (!BODY_HEADERS.has(k)) out[k] = v;
  return out;
}
