/** The outcome of normalising one date or date-time: the value to write and, when it changed, why. */
export type Normalised = { value: string; why?: string } | { invalid: true };

// Read character by character, not by regular expressions: a 100,000-item package has 250,000 timestamps, and
// match arrays, captured parts and rebuilt strings were a fifth of what a conversion allocated. The grammar is
// the one these expressions state, which test/timestamps.test.ts holds the code to
// (docs/decisions.md#d-case-char-checks):
//   date       ^\d{4}-\d{2}-\d{2}$
//   date-time  ^(\d{4}-\d{2}-\d{2})[Tt ]((?:[01]\d|2[0-3]):[0-5]\d)(:[0-5]\d(?:\.\d+)?)?\s*(Z|z|[+-]\d{2}:?\d{2})?$

const INVALID: Normalised = Object.freeze({ invalid: true });

const MIDNIGHT = 'a date without a time: read as midnight UTC';
const SEPARATOR = "separator written as 'T'";
const SECONDS = 'seconds :00 added';
const NO_ZONE = 'no time zone: Z (UTC) added';
const SPACES = 'surrounding spaces removed';
/** Offsets that say UTC: written `Z`, the one spelling of UTC (docs/decisions.md#d-case-json-timestamps). */
const UTC_OFFSETS = new Set(['+00:00', '+0000', '-00:00', '-0000', 'z']);

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/** Whether `text` starts with `\d{4}-\d{2}-\d{2}`. */
function startsWithDate(text: string): boolean {
  if (text.length < 10) return false;
  for (let i = 0; i < 10; i++) {
    const code = text.charCodeAt(i);
    if (i === 4 || i === 7 ? code !== 45 : !isDigit(code)) return false;
  }
  return true;
}

/** Whether a character is white space as JavaScript's `\s` and `trim` mean it. */
function isSpace(code: number): boolean {
  return (
    (code >= 9 && code <= 13) ||
    code === 32 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Whether `YYYY-MM-DD` (the start of `text`) names a real calendar day (`2019-02-30` does not, though `Date.parse` takes it). */
function isRealDate(text: string): boolean {
  const digit = (i: number) => text.charCodeAt(i) - 48;
  const year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3);
  const month = digit(5) * 10 + digit(6);
  const day = digit(8) * 10 + digit(9);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days =
    month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

/** The parts of a date-time, as offsets into the text it was read from. */
interface DateTimeParts {
  /** Where the time ends: after the minutes, the seconds or their fraction. */
  timeEnd: number;
  /** Whether the seconds were given. */
  seconds: boolean;
  /** Where the zone starts (the text's length when it has none). */
  zoneStart: number;
}

/** The one result of {@link readDateTime}, reused: the caller reads it before the next call. */
const PARTS: DateTimeParts = { timeEnd: 0, seconds: false, zoneStart: 0 };

/** Reads `text` by the date-time grammar above; undefined when it does not match. */
function readDateTime(text: string): DateTimeParts | undefined {
  const n = text.length;
  if (n < 16 || !startsWithDate(text)) return undefined;
  const separator = text.charCodeAt(10);
  if (separator !== 84 && separator !== 116 && separator !== 32) return undefined;
  const h1 = text.charCodeAt(11);
  const h2 = text.charCodeAt(12);
  if (!(((h1 === 48 || h1 === 49) && isDigit(h2)) || (h1 === 50 && h2 >= 48 && h2 <= 51))) return undefined;
  const m1 = text.charCodeAt(14);
  if (text.charCodeAt(13) !== 58 || m1 < 48 || m1 > 53 || !isDigit(text.charCodeAt(15))) return undefined;
  let i = 16;
  let seconds = false;
  if (text.charCodeAt(i) === 58) {
    const s1 = text.charCodeAt(i + 1);
    if (s1 < 48 || s1 > 53 || !isDigit(text.charCodeAt(i + 2))) return undefined;
    seconds = true;
    i += 3;
    if (text.charCodeAt(i) === 46) {
      if (!isDigit(text.charCodeAt(i + 1))) return undefined;
      i += 2;
      while (isDigit(text.charCodeAt(i))) i++;
    }
  }
  const timeEnd = i;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  const zoneStart = i;
  if (i < n) {
    const sign = text.charCodeAt(i);
    if (sign === 90 || sign === 122) i++;
    else if (sign === 43 || sign === 45) {
      if (!isDigit(text.charCodeAt(i + 1)) || !isDigit(text.charCodeAt(i + 2))) return undefined;
      i += 3;
      if (text.charCodeAt(i) === 58) i++;
      if (!isDigit(text.charCodeAt(i)) || !isDigit(text.charCodeAt(i + 1))) return undefined;
      i += 2;
    } else return undefined;
    if (i !== n) return undefined;
  }
  PARTS.timeEnd = timeEnd;
  PARTS.seconds = seconds;
  PARTS.zoneStart = zoneStart;
  return PARTS;
}

/** `why` and then `reason`, as `; ` joins the reasons of one repair. */
const and = (why: string | undefined, reason: string): string =>
  why === undefined ? reason : `${why}; ${reason}`;

/** `UTC written as Z (was +00:00)`, made once per spelling. */
const UTC_WHY = new Map([...UTC_OFFSETS].map((zone) => [zone, `UTC written as Z (was ${zone})`]));

/**
 * A CASE `lastChangeDateTime` as RFC 3339 with a zone, UTC written `Z`. Publishers export local-looking times
 * (`2019-03-20T14:22:31`): CASE says nothing of a zone and the exporters we know write UTC, so `Z` is added.
 * `+00:00` becomes `Z`, `+0530` becomes `+05:30`, a bare date is midnight UTC. Anything that is not a date-time
 * (a placeholder such as `YYYY-MM-DD hh:mm:ss`) is `invalid`: the caller decides what replaces it.
 * See docs/decisions.md#d-case-json-timestamps.
 */
export function normaliseDateTime(raw: string): Normalised {
  const text = raw.trim();
  if (text.length === 10 && startsWithDate(text)) {
    return isRealDate(text) ? { value: `${text}T00:00:00Z`, why: MIDNIGHT } : INVALID;
  }
  const parts = readDateTime(text);
  if (parts === undefined || !isRealDate(text)) return INVALID;
  const { timeEnd, seconds, zoneStart } = parts;
  const zone = zoneStart < text.length ? text.slice(zoneStart) : undefined;
  // The usual case first: a time as CASE wants it, which is given back as it is (no new string).
  if (text === raw && timeEnd === zoneStart && seconds && text.charCodeAt(10) === 84) {
    if (zone === 'Z') return { value: raw };
    if (zone !== undefined && zone.length === 6 && !UTC_OFFSETS.has(zone)) {
      return Number.isNaN(Date.parse(raw)) ? INVALID : { value: raw };
    }
  }
  const separator = text.charCodeAt(10);
  let why = separator === 84 ? undefined : SEPARATOR;
  if (!seconds) why = and(why, SECONDS);
  let z: string;
  if (zone === undefined) {
    z = 'Z';
    why = and(why, NO_ZONE);
  } else if (UTC_OFFSETS.has(zone)) {
    z = 'Z';
    why = and(why, UTC_WHY.get(zone) as string);
  } else if (zone.length === 5) {
    z = `${zone.slice(0, 3)}:${zone.slice(3)}`;
    why = and(why, `offset written as ${z}`);
  } else z = zone;
  // One concatenation onto the given text where the date and time stand as they are (the usual repairs: a zone
  // added, `+00:00` written `Z`).
  const time = separator === 84 ? text.slice(0, timeEnd) : `${text.slice(0, 10)}T${text.slice(11, timeEnd)}`;
  const value = seconds ? time + z : `${time}:00${z}`;
  // `Date.parse` refuses what the grammar lets through only in an offset (`+24:00`); a time in UTC is valid.
  if (z !== 'Z' && Number.isNaN(Date.parse(value))) return INVALID;
  if (value === raw) return { value };
  return { value, why: why ?? SPACES };
}

/** A CASE `statusStartDate`/`statusEndDate` (a calendar date); a date-time keeps its date part. */
export function normaliseDate(raw: string): Normalised {
  const text = raw.trim();
  if (text.length === 10 && startsWithDate(text) && isRealDate(text)) {
    return text === raw ? { value: raw } : { value: text, why: SPACES };
  }
  if (readDateTime(text) !== undefined && isRealDate(text))
    return { value: text.slice(0, 10), why: 'a date-time: kept its date part' };
  return INVALID;
}

/** The time of import as RFC 3339 UTC to the second (the fallback for a placeholder with no document time). */
export function importTime(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}
