import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Normalised, normaliseDate, normaliseDateTime } from '../src/convert/timestamps';

// The timestamps are read character by character (docs/decisions.md#d-case-char-checks); these are the regular
// expressions that state the grammar, and the normalisation as it was written with them: the code must give the
// same value, the same reason and the same refusals on every string.
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[Tt ]((?:[01]\d|2[0-3]):[0-5]\d)(:[0-5]\d(?:\.\d+)?)?\s*(Z|z|[+-]\d{2}:?\d{2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UTC_OFFSETS = new Set(['+00:00', '+0000', '-00:00', '-0000', 'z']);

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

function referenceDateTime(raw: string): Normalised {
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

function referenceDate(raw: string): Normalised {
  const text = raw.trim();
  if (DATE.test(text) && isRealDate(text)) {
    return text === raw ? { value: raw } : { value: text, why: 'surrounding spaces removed' };
  }
  const m = DATE_TIME.exec(text);
  if (m && isRealDate(m[1] as string))
    return { value: m[1] as string, why: 'a date-time: kept its date part' };
  return { invalid: true };
}

/** Timestamps as publishers write them, and near misses: each part valid, out of range or oddly spelled. */
const timestamp = fc
  .tuple(
    fc.constantFrom('2019', '0000', '1900', '2000', '2024', '9999', '201', '20190'),
    fc.constantFrom('-01', '-02', '-12', '-13', '-00', '-1', '/03'),
    fc.constantFrom('-01', '-28', '-29', '-30', '-31', '-32', '-00', '-3'),
    fc.constantFrom('T', 't', ' ', '', 'X', '  ', 'T '),
    fc.constantFrom('00', '09', '19', '23', '24', '29', '7', ''),
    fc.constantFrom(':00', ':59', ':60', ':5', '', '00'),
    fc.constantFrom('', ':00', ':59', ':60', ':7', ':00.1', ':00.123456789', ':00.', '.5'),
    fc.constantFrom('', ' ', '\u00a0', '\t', '  '),
    fc.constantFrom(
      '',
      'Z',
      'z',
      '+00:00',
      '+0000',
      '-00:00',
      '-0000',
      '+05:30',
      '+0530',
      '-07:00',
      '+24:00',
      '+05:60',
      '+5:30',
      '+05:3',
      'UTC',
      'Zz',
    ),
    fc.constantFrom('', ' ', '\n', ' \u3000'),
  )
  .map(
    ([y, mo, d, sep, h, mi, s, gap, zone, end]) =>
      `${end}${y}${mo}${d}${sep}${h}${mi}${s}${gap}${zone}${end}`,
  );

const anyText = fc.oneof(
  timestamp,
  fc.constantFrom('YYYY-MM-DD hh:mm:ss', '', ' ', '2019-03-20', ' 2019-03-20 ', '2019-02-30'),
  fc.string({ unit: fc.constantFrom(...'0123456789-:.+TtZz '), maxLength: 30 }),
  fc.string(),
);

describe('normaliseDateTime', () => {
  it('property: gives the value, the reason and the refusals of the regular expressions', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        expect(normaliseDateTime(raw)).toEqual(referenceDateTime(raw));
      }),
      { numRuns: 20_000 },
    );
  });

  it('gives a time as CASE wants it back as it is', () => {
    const raw = '2019-03-20T14:22:31.5+05:30';
    expect(normaliseDateTime(raw)).toEqual({ value: raw });
    expect(normaliseDateTime('2019-03-20T14:22:31Z')).toEqual({ value: '2019-03-20T14:22:31Z' });
  });
});

describe('normaliseDate', () => {
  it('property: gives the value, the reason and the refusals of the regular expressions', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        expect(normaliseDate(raw)).toEqual(referenceDate(raw));
      }),
      { numRuns: 10_000 },
    );
  });
});
