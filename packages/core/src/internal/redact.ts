/**
 * Redaction of credentials from anything the SDK writes out (log lines, error messages, error bodies).
 *
 * Two layers: secrets the SDK handles (client secrets, issued tokens) are registered here and replaced
 * wherever they occur verbatim; shapes that are always secret (`Bearer x`, `Basic x`, JWTs, `whsec_x`,
 * `client_secret=x`, `"password": "x"`, `secret: "x"`) are replaced by pattern, so a secret the SDK never saw is
 * caught too. A field-path message such as `secret: must be ...` is not an assignment and stays as it is.
 */

import { formEncode } from './form';

const REDACTED = '[redacted]';

// Bounded so a long-lived process that refreshes tokens hourly does not grow this set forever.
const MAX_SECRETS = 256;
// Shorter strings would also match ordinary words; such secrets are never logged by construction anyway.
const MIN_SECRET_LENGTH = 8;

const secrets = new Set<string>();
// Longest first, so a secret that contains another is replaced whole; rebuilt after each registration.
let ordered: string[] | undefined;

/** Remembers `value` (and its URL- and form-encoded spellings) so it is replaced wherever the SDK writes text. */
export function registerSecret(value: string): void {
  if (value.length < MIN_SECRET_LENGTH) return;
  for (const v of new Set([value, encodeURIComponent(value), formEncode(value)])) {
    secrets.delete(v);
    secrets.add(v);
  }
  ordered = undefined;
  while (secrets.size > MAX_SECRETS) {
    const oldest = secrets.values().next().value;
    if (oldest === undefined) break;
    secrets.delete(oldest);
  }
}

// A secret-named key (`client_secret`, `clientSecret`, `signingSecret`, `password`, `access_token`, ...) is taken to
// introduce a value only where the text has the shape of an assignment: `key=value` (forms, query strings, env
// lines), `"key": value` (JSON), or `key: "value"` (a quoted value). A bare `key: words` is not one: it is how a
// ValidationError names a field ("secret: must be ..."), and redacting there ate the first word of the message.
// The key's prefix is bounded so that a long run of word characters in a large body stays linear to scan.
const ASSIGNMENT =
  /(\b[\w-]{0,40}?(?:secret|password|access_?token|refresh_?token|id_?token)(?:\s*=\s*|"\s*:\s*|\s*:\s*(?=["'])))("[^"]*"?|'[^']*'?|[^"'&\s,;}]+)/gi;

const PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  [/\bwhsec_[A-Za-z0-9+/=_-]+/g, `whsec_${REDACTED}`],
];

/** The value of an assignment replaced, its quotes kept. */
const redactAssignment = (_: string, key: string, value: string): string => {
  const quote = value[0] === '"' || value[0] === "'" ? value[0] : '';
  return `${key}${quote}${REDACTED}${quote}`;
};

/** `text` with every registered secret and every secret-shaped substring replaced by `[redacted]`. */
export function redact(text: string): string {
  let out = text;
  ordered ??= [...secrets].sort((a, b) => b.length - a.length);
  for (const secret of ordered) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out.replace(ASSIGNMENT, redactAssignment);
}

const SECRET_KEY =
  /^(?:authorization|proxy-authorization|cookie|set-cookie|.*secret.*|.*password.*|(?:access|refresh|id)?_?token|api[-_]?key)$/i;

/**
 * A copy of `value` safe to log: strings redacted, values under secret-sounding keys replaced whole.
 * Depth-limited because log fields are shallow and a cycle must not hang the caller.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 4) return '[object]';
  if (value instanceof Error) return redact(`${value.name}: ${value.message}`);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && v !== undefined && v !== null ? REDACTED : redactValue(v, depth + 1);
  }
  return out;
}
