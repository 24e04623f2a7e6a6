import type { ValidationIssue } from './errors';
import { redact } from './internal/redact';

/** What {@link urlOptionIssue} requires of a URL option besides being an absolute http(s) URL. */
export interface UrlOptionRules {
  /** Also refuse a query or a fragment (a base URL that paths are appended to). Default false. */
  bare?: boolean | undefined;
  /** A URL of the right form, shown in the message, e.g. `https://api.example.com`. */
  example: string;
  /** Text added after the example, e.g. `, to which /oauth2/token is added`. */
  note?: string | undefined;
}

// Longest part of a refused URL shown back; the rest is cut (a URL option is short when it is right).
const SHOWN_CHARS = 120;

/**
 * `value` without the userinfo of its authority (`https://user:pass@host` -> `https://host`), for messages. Works
 * on strings that are no URL at all (`user:pass@host`): whatever precedes the last `@` of the authority goes.
 */
function withoutUserinfo(value: string): string {
  const scheme = value.indexOf('://');
  const start = scheme === -1 ? 0 : scheme + 3;
  let end = value.length;
  for (const stop of ['/', '?', '#']) {
    const at = value.indexOf(stop, start);
    if (at !== -1 && at < end) end = at;
  }
  const at = value.lastIndexOf('@', end - 1);
  return at < start ? value : value.slice(0, start) + value.slice(at + 1);
}

/** How a refused value is shown: a string without userinfo, redacted and cut short; else only its type. */
function shown(value: unknown): string {
  if (typeof value !== 'string') return value === null ? 'null' : typeof value;
  const safe = redact(withoutUserinfo(value));
  return JSON.stringify(safe.length > SHOWN_CHARS ? `${safe.slice(0, SHOWN_CHARS)}…` : safe);
}

/**
 * The problem with a URL option (`baseUrl`, `tokenUrl`, `authUrl`), or undefined when it is usable: it must be an
 * absolute `http:`/`https:` URL, without userinfo (credentials in a URL travel to wherever it points and into
 * logs; docs/decisions.md#d-url-options-refuse-userinfo). The message never echoes userinfo.
 *
 * @example
 * const issue = urlOptionIssue('baseUrl', options.baseUrl, { bare: true, example: 'https://api.example.com' });
 * if (issue) throw new ValidationError([issue]);
 */
export function urlOptionIssue(
  name: string,
  value: unknown,
  rules: UrlOptionRules,
): ValidationIssue | undefined {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  const ok =
    url !== undefined &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    (!rules.bare || (!url.search && !url.hash));
  if (!ok) {
    return {
      path: [name],
      message: `must be an absolute http(s) URL${rules.bare ? ' without query' : ''}, such as ${rules.example}${rules.note ?? ''} (got ${shown(value)})`,
    };
  }
  if (url?.username || url?.password) {
    return {
      path: [name],
      message: `must not contain credentials (a user name or password before the host): pass them as clientId and clientSecret instead (got ${shown(value)})`,
    };
  }
  return undefined;
}
