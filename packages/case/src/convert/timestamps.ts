/** The outcome of normalising one date or date-time: the value to upload, and what changed (if anything). */
export type Normalised = { value: string; change?: string } | { problem: string };

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?\s*(Z|z|[+-]\d{2}:?\d{2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A CASE `lastChangeDateTime` as the platform wants it (ISO 8601 with seconds and a zone). Publishers often
 * export local-looking times (`2019-03-20T14:22:31`): CASE 1.1 says nothing of a zone, and the exporters we
 * know write UTC, so `Z` is added and reported. Anything that is not a date-time is refused.
 */
export function normaliseDateTime(raw: string): Normalised {
  const text = raw.trim();
  let value: string;
  const changes: string[] = [];
  if (DATE.test(text)) {
    value = `${text}T00:00:00Z`;
    changes.push('a date without a time: read as midnight UTC');
  } else {
    const m = DATE_TIME.exec(text);
    if (!m)
      return { problem: `not a date-time (expected e.g. 2024-01-31T12:00:00Z, got ${JSON.stringify(raw)})` };
    const [, day, hm, seconds, zone] = m;
    if (/[t ]/.test(text.charAt(10))) changes.push("separator written as 'T'");
    if (!seconds) changes.push('seconds :00 added');
    let z = zone ?? 'Z';
    if (zone === undefined) changes.push('no time zone: Z (UTC) added');
    else if (zone === 'z') z = 'Z';
    else if (/^[+-]\d{4}$/.test(zone)) {
      z = `${zone.slice(0, 3)}:${zone.slice(3)}`;
      changes.push(`offset written as ${z}`);
    }
    value = `${day}T${hm}${seconds ?? ':00'}${z}`;
    if (text !== raw && changes.length === 0) changes.push('surrounding spaces removed');
  }
  if (Number.isNaN(Date.parse(value))) return { problem: `not a valid date-time (${JSON.stringify(raw)})` };
  return value === raw
    ? { value }
    : { value, change: `${JSON.stringify(raw)} -> ${JSON.stringify(value)} (${changes.join('; ')})` };
}

/** A CASE `statusStartDate`/`statusEndDate` (a calendar date). A date-time keeps its date part. */
export function normaliseDate(raw: string): Normalised {
  const text = raw.trim();
  if (DATE.test(text) && !Number.isNaN(Date.parse(text))) {
    return text === raw ? { value: raw } : { value: text, change: 'surrounding spaces removed' };
  }
  const m = DATE_TIME.exec(text);
  if (m && !Number.isNaN(Date.parse(m[1] as string))) {
    return {
      value: m[1] as string,
      change: `${JSON.stringify(raw)} -> ${JSON.stringify(m[1])} (a date-time: kept its date part)`,
    };
  }
  return { problem: `not a date (expected YYYY-MM-DD, got ${JSON.stringify(raw)})` };
}
