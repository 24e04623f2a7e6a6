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

// Longest first, so `>=` is never read as `>` followed by a value starting with `=`.
const OPERATORS: FilterOperator[] = ['>=', '<=', '!=', '=', '~', '>', '<', '@'];

const KEYWORDS = { AND: /^\s+AND\s+/, OR: /^\s+OR\s+/ };

class Parser {
  #pos = 0;
  constructor(readonly text: string) {}

  parse(): FilterExpression {
    const expression = this.#or();
    this.#spaces();
    if (this.#pos < this.text.length)
      this.#fail(`unexpected "${this.text.slice(this.#pos, this.#pos + 12)}"`);
    return expression;
  }

  #or(): FilterExpression {
    const parts = [this.#and()];
    while (this.#keyword('OR')) parts.push(this.#and());
    return parts.length === 1 ? parts[0]! : { kind: 'or', parts };
  }

  #and(): FilterExpression {
    const parts: FilterExpression[] = [this.#condition()];
    while (this.#keyword('AND')) parts.push(this.#condition());
    return parts.length === 1 ? parts[0]! : { kind: 'and', parts };
  }

  #condition(): FilterCondition {
    this.#spaces();
    const field = /^[A-Za-z_$][\w.$]*/.exec(this.text.slice(this.#pos))?.[0];
    if (!field) this.#fail('expected a field name');
    if (field.includes('.')) this.#fail(`filtering on nested relations is unsupported ("${field}")`);
    this.#pos += field.length;
    this.#spaces();
    const operator = OPERATORS.find((candidate) => this.text.startsWith(candidate, this.#pos));
    if (!operator) this.#fail(`expected an operator (= != ~ > >= < <= @) after "${field}"`);
    this.#pos += operator.length;
    this.#spaces();
    return { kind: 'condition', field, operator, value: this.#value(field) };
  }

  #value(field: string): string {
    if (this.text[this.#pos] === "'") {
      const end = this.text.indexOf("'", this.#pos + 1);
      if (end < 0) this.#fail(`unterminated quoted value for "${field}"`);
      const value = this.text.slice(this.#pos + 1, end);
      this.#pos = end + 1;
      return value;
    }
    // Unquoted values run to the next space; a quote inside one is a typo we would rather report.
    const raw = /^[^\s']+/.exec(this.text.slice(this.#pos))?.[0];
    if (!raw) this.#fail(`expected a value for "${field}"`);
    this.#pos += raw.length;
    return raw;
  }

  #keyword(word: 'AND' | 'OR'): boolean {
    const match = KEYWORDS[word].exec(this.text.slice(this.#pos));
    if (!match) return false;
    this.#pos += match[0].length;
    return true;
  }

  #spaces(): void {
    while (this.text[this.#pos] === ' ') this.#pos++;
  }

  #fail(message: string): never {
    throw badRequest(`invalid filter: ${message}`);
  }
}

/** Parses a filter expression; a malformed one is a 400 naming the problem. */
export function parseFilter(text: string): FilterExpression {
  if (text.trim().length === 0) throw badRequest('invalid filter: empty expression');
  return new Parser(text).parse();
}

/** Every field a filter names. */
export function filterFields(expression: FilterExpression): string[] {
  if (expression.kind === 'condition') return [expression.field];
  return expression.parts.flatMap(filterFields);
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
  switch (operator) {
    case '=':
      return compare(actual, expected) === 0 && (typeof actual !== 'string' || actual === expected);
    case '!=':
      return !test(actual, '=', expected);
    case '~':
      return String(actual).toLowerCase().includes(expected.toLowerCase());
    case '>':
      return compare(actual, expected) > 0;
    case '>=':
      return compare(actual, expected) >= 0;
    case '<':
      return compare(actual, expected) < 0;
    case '<=':
      return compare(actual, expected) <= 0;
    case '@':
      return expected
        .split(',')
        .map((entry) => entry.trim())
        .some((entry) => test(actual, '=', entry));
  }
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
