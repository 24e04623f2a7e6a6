import { isAbsoluteUri, isDate, isDateTime, isRecord } from '../internal/body.js';

/** The type of one member of a CASE package upload (docs/decisions.md#d-i15-raw-bodies). */
export type FieldRule = {
  type:
    | 'string'
    | 'number'
    | 'integer'
    | 'boolean'
    | 'object'
    | 'array'
    | 'strings'
    | 'dateTime'
    | 'date'
    | 'uri'
    | 'email'
    | 'any';
};

/** What a value of each type must be, as problems word it. */
export const DESCRIBE: Record<FieldRule['type'], string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  strings: 'an array of strings',
  dateTime: 'an ISO 8601 date-time with a time zone',
  date: 'a date YYYY-MM-DD',
  uri: 'an absolute URI',
  email: 'an email address',
  any: 'a value',
};

/** Whether `value` is of `type` (not null: callers check nullability first). */
export function fitsType(type: FieldRule['type'], value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
    case 'strings':
      return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
    case 'dateTime':
      return isDateTime(value);
    case 'date':
      return isDate(value);
    case 'uri':
      return isAbsoluteUri(value);
    case 'email':
      return typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
    case 'any':
      return true;
  }
}
