import { isAbsoluteUri, isDate, isDateTime, isRecord } from './body.js';

/** The rule of one member of a JSON object. */
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
  required?: boolean;
  nullable?: boolean;
  /** Allowed values (strings). */
  oneOf?: readonly string[];
  /** For `object`: the nested shape. */
  shape?: Shape;
  /** For `array`: the shape of every element (objects). */
  items?: Shape;
  /** Minimum for numbers, minimum length for arrays. */
  min?: number;
  max?: number;
};

/** The rules of a JSON object: its members, and whether members not listed are allowed. */
export type Shape = { fields: Record<string, FieldRule>; open?: boolean };

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

/** Checks `value` against `shape`; returns the problems, each naming the member (`where.member`). */
export function checkShape(value: unknown, shape: Shape, where: string): string[] {
  if (!isRecord(value)) return [`${where} must be an object`];
  const problems: string[] = [];
  for (const [name, rule] of Object.entries(shape.fields)) {
    // Own members only: an inherited `constructor` or `toString` is no member (docs/decisions.md#d-mock-own-members).
    const member = Object.hasOwn(value, name) ? value[name] : undefined;
    const path = `${where}.${name}`;
    if (member === undefined) {
      if (rule.required) problems.push(`${path} is required`);
      continue;
    }
    if (member === null) {
      if (!rule.nullable) problems.push(`${path} must not be null`);
      continue;
    }
    if (!fitsType(rule.type, member)) {
      problems.push(`${path} must be ${DESCRIBE[rule.type]}`);
      continue;
    }
    if (rule.oneOf && !rule.oneOf.includes(member as string))
      problems.push(`${path} must be one of ${rule.oneOf.join(', ')}`);
    if (rule.min !== undefined) {
      const size = Array.isArray(member) ? member.length : (member as number);
      if (size < rule.min)
        problems.push(`${path} must be at least ${rule.min}${Array.isArray(member) ? ' entries' : ''}`);
    }
    if (rule.max !== undefined && typeof member === 'number' && member > rule.max)
      problems.push(`${path} must be at most ${rule.max}`);
    if (rule.shape) problems.push(...checkShape(member, rule.shape, path));
    if (rule.items && Array.isArray(member)) {
      for (const [index, entry] of member.entries())
        problems.push(...checkShape(entry, rule.items, `${path}[${index}]`));
    }
  }
  if (!shape.open) {
    for (const name of Object.keys(value)) {
      // Own members of the rules only: `__proto__`, `constructor` or `toString` are members no shape lists.
      if (!Object.hasOwn(shape.fields, name)) problems.push(`${where}.${name} is not allowed`);
    }
  }
  return problems;
}
