/** The outcome of normalising one date or date-time: the value to write and, when it changed, why. */
export type Normalised = { value: string; why?: string } | { invalid: true };

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[Tt ]((?:[01]\d|2[0-3]):[0-5]\d)(:[0-5]\d(?:\.\d+)?)?\s*(Z|z|[+-]\d{2}:?\d{2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Offsets that say UTC: written `Z`, the one spelling of UTC (docs/decisions.md#d-case-json-timestamps). */
const UTC_OFFSETS = new Set(['+00:00', '+0000', '-00:00', '-0000', 'z']);

/** Whether `YYYY-MM-DD` names a real calendar day (`2019-02-30` does not, though `Date.parse` takes it). */
function isRealDate(text: string): boolean {
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days =
    month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

/**
 * A CASE `lastChangeDateTime` as RFC 3339 with a zone, UTC written `Z`. Publishers export local-looking times
 * (`2019-03-20T14:22:31`): CASE says nothing of a zone and the exporters we know write UTC, so `Z` is added.
 * `+00:00` becomes `Z`, `+0530` becomes `+05:30`, a bare date is midnight UTC. Anything that is not a date-time
 * (a placeholder such as `YYYY-MM-DD hh:mm:ss`) is `invalid`: the caller decides what replaces it.
 * See docs/decisions.md#d-case-json-timestamps.
 */
export function normaliseDateTime(raw: string): Normalised {
  const text = raw.trim();
  if (DATE.test(text)) {
    return isRealDate(text)
      ? { value: `${text}T00:00:00Z`, why: 'a date without a time: read as midnight UTC' }
      : { invalid: true };
  }
  const m = DATE_TIME.exec(text);
  if (!m || !isRealDate(m[1] as string)) return { invalid: true };
  const [, day, hm, seconds, zone] = m;
  const reasons: string[] = [];
  if (/[t ]/.test(text.charAt(10))) reasons.push("separator written as 'T'");
  if (!seconds) reasons.push('seconds :00 added');
  let z: string;
  if (zone === undefined) {
    z = 'Z';
    reasons.push('no time zone: Z (UTC) added');
  } else if (UTC_OFFSETS.has(zone)) {
    z = 'Z';
    if (zone !== 'Z') reasons.push(`UTC written as Z (was ${zone})`);
  } else if (/^[+-]\d{4}$/.test(zone)) {
    z = `${zone.slice(0, 3)}:${zone.slice(3)}`;
    reasons.push(`offset written as ${z}`);
  } else z = zone;
  const value = `${day}T${hm}${seconds ?? ':00'}${z}`;
  if (Number.isNaN(Date.parse(value))) return { invalid: true };
  if (value === raw) return { value };
  if (reasons.length === 0) reasons.push('surrounding spaces removed');
  return { value, why: reasons.join('; ') };
}

/** A CASE `statusStartDate`/`statusEndDate` (a calendar date); a date-time keeps its date part. */
export function normaliseDate(raw: string): Normalised {
  const text = raw.trim();
  if (DATE.test(text) && isRealDate(text)) {
    return text === raw ? { value: raw } : { value: text, why: 'surrounding spaces removed' };
  }
  const m = DATE_TIME.exec(text);
  if (m && isRealDate(m[1] as string))
    return { value: m[1] as string, why: 'a date-time: kept its date part' };
  return { invalid: true };
}

/** The time of import as RFC 3339 UTC to the second (the fallback for a placeholder with no document time). */
export function importTime(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}
