import { badRequest } from './http-error.js';

/** A filter operator of the API family's query conventions. */
export type FilterOperator = '=' | '!=' | '~' | '>' | '>=' | '<' | '<=' | '@';

/** One `<field><operator><value>` condition. */
export type FilterCondition = { kind: 'condition'; field: string; operator: FilterOperator; value: string };

/** A parsed filter: conditions joined by AND and OR (AND binds tighter, as in SQL). */
export type FilterExpression =
  | FilterCondition
  | { kind: 'and'; parts: FilterExpression[] }
  | { kind: 'or'; parts: FilterExpression[] };

function fail(message: string): never {
  throw badRequest(`invalid filter: ${message}`);
}

/** Parses a filter expression; a malformed one, or one naming a field not in `fields` (when given), is a 400. */
export function parseFilter(text: string, fields?: readonly string[]): FilterExpression {
  if (text.trim().length === 0) fail('empty expression');
  let pos = 0;
  const unknown: string[] = [];
  /** What the sticky `pattern` matches at the cursor, which moves past it. */
  const take = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = pos;
    const found = pattern.exec(text)?.[0];
    if (found !== undefined) pos += found.length;
    return found;
  };
  const condition = (): FilterCondition => {
    take(/ */y);
    const field = take(/[A-Za-z_$][\w.$]*/y);
    if (!field) fail('expected a field name');
    if (field.includes('.')) fail(`filtering on nested relations is unsupported ("${field}")`);
    if (fields && !fields.includes(field)) unknown.push(field);
    take(/ */y);
    // Longest first, so `>=` is never read as `>` followed by a value starting with `=`.
    const operator = take(/>=|<=|!=|=|~|>|<|@/y) as FilterOperator | undefined;
    if (!operator) fail(`expected an operator (= != ~ > >= < <= @) after "${field}"`);
    take(/ */y);
    if (text[pos] === "'") {
      const quoted = take(/'[^']*'/y) ?? fail(`unterminated quoted value for "${field}"`);
      return { kind: 'condition', field, operator, value: quoted.slice(1, -1) };
    }
    // Unquoted values run to the next space; a quote inside one is a typo we would rather report.
    const value = take(/[^\s']+/y) ?? fail(`expected a value for "${field}"`);
    return { kind: 'condition', field, operator, value };
  };
  /** `part`s joined by `keyword`: AND binds tighter than OR, as in SQL. */
  const joined = (kind: 'and' | 'or', keyword: RegExp, part: () => FilterExpression): FilterExpression => {
    const parts = [part()];
    while (take(keyword)) parts.push(part());
    return parts.length === 1 ? parts[0]! : { kind, parts };
  };
  const expression = joined('or', /\s+OR\s+/y, () => joined('and', /\s+AND\s+/y, condition));
  take(/ */y);
  if (pos < text.length) fail(`unexpected "${text.slice(pos, pos + 12)}"`);
  if (unknown.length > 0) fail(`unknown field(s) ${unknown.join(', ')}`);
  return expression;
}

/** The comparable text of a stored value: references compare by their `sourcedId`. */
export function scalarOf(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'object' && 'sourcedId' in value)
    return String((value as { sourcedId: unknown }).sourcedId);
  return JSON.stringify(value);
}

const numeric = (text: string) =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined;

function compare(actual: string | number | boolean, expected: string): number {
  const left = typeof actual === 'number' ? actual : numeric(String(actual));
  const right = numeric(expected);
  if (left !== undefined && right !== undefined) return left - right;
  const text = String(actual);
  return text < expected ? -1 : text > expected ? 1 : 0;
}

function test(actual: string | number | boolean | null, operator: FilterOperator, expected: string): boolean {
  if (actual === null)
    return operator === '!=' ? expected !== 'null' : operator === '=' && expected === 'null';
  if (operator === '!=') return !test(actual, '=', expected);
  if (operator === '~') return String(actual).toLowerCase().includes(expected.toLowerCase());
  if (operator === '@') return expected.split(',').some((entry) => test(actual, '=', entry.trim()));
  const sign = compare(actual, expected);
  if (operator === '>') return sign > 0;
  if (operator === '>=') return sign >= 0;
  if (operator === '<') return sign < 0;
  if (operator === '<=') return sign <= 0;
  return sign === 0 && (typeof actual !== 'string' || actual === expected);
}

/** Whether `record` satisfies the expression. Arrays match when any element does (`!=`: when none equals). */
export function matchesFilter(record: Record<string, unknown>, expression: FilterExpression): boolean {
  if (expression.kind === 'and') return expression.parts.every((part) => matchesFilter(record, part));
  if (expression.kind === 'or') return expression.parts.some((part) => matchesFilter(record, part));
  const value = record[expression.field];
  if (Array.isArray(value)) {
    if (expression.operator === '!=')
      return !value.some((entry) => test(scalarOf(entry), '=', expression.value));
    return value.some((entry) => test(scalarOf(entry), expression.operator, expression.value));
  }
  return test(scalarOf(value), expression.operator, expression.value);
}
