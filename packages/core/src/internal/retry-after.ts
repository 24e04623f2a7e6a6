// RFC 9110 section 10.2.3: `Retry-After = HTTP-date / delay-seconds`, where delay-seconds is 1*DIGIT and the
// date a sender generates is an IMF-fixdate. Anything else is garbage from a proxy or a bug; it is ignored and
// normal backoff applies (docs/decisions.md#d-retry-after-formats).
const DELAY_SECONDS = /^\d+$/;
const IMF_FIXDATE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/;
// `retry-after-ms` is not standardised; gateways that send it write a non-negative number of milliseconds.
const DELAY_MS = /^\d+(?:\.\d+)?$/;

/**
 * @internal How long the server asked us to wait, in ms: `retry-after-ms` (a non-standard header some gateways send),
 * else `Retry-After` as a non-negative integer of seconds or an IMF-fixdate. Undefined when absent or not one
 * of those (`-5`, `1 2`, `1.5`, an obsolete date format).
 */
export function parseRetryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && DELAY_MS.test(ms)) return Number(ms);
  const raw = headers.get('retry-after');
  if (raw === null) return undefined;
  if (DELAY_SECONDS.test(raw)) return Number(raw) * 1000;
  if (!IMF_FIXDATE.test(raw)) return undefined;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
