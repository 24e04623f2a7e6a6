/**
 * How long the server asked us to wait, in ms: `retry-after-ms` (a non-standard header some gateways send),
 * else `Retry-After` as delta-seconds or an HTTP date. Undefined when absent or unparseable.
 */
export function parseRetryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const value = Number(ms);
    if (Number.isFinite(value)) return Math.max(0, value);
  }
  const raw = headers.get('retry-after');
  if (raw === null || raw.trim() === '') return undefined;
  const trimmed = raw.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
