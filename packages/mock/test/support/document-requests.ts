// Requests to every operation of openapi/*.yaml, valid and invalid, built from the documents alone: what the
// document fuzz sends (docs/decisions.md#d-mock-document-fuzz).
import fc from 'fast-check';
import type { MockPlatform } from '../../src/index.js';
import { arbitraryOf, type Document, resolve, type Schema } from './schema-arbitrary.js';

/** One operation of a document, with what a request to it needs. */
export type DocumentOperation = {
  document: string;
  doc: Document;
  operationId: string;
  method: string;
  path: string;
  parameters: Schema[];
  /** The media type and schema of its request body, if it takes one. */
  body?: { type: string; schema: unknown; required: boolean };
  basic: boolean;
  secured: boolean;
};

/** Every operation of `documents`. */
export function operationsOf(documents: ReadonlyMap<string, Document>): DocumentOperation[] {
  const operations: DocumentOperation[] = [];
  for (const [document, doc] of documents) {
    const globalSecurity = (doc.security as Schema[] | undefined) ?? [];
    for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Schema>)) {
      for (const method of ['get', 'put', 'post', 'patch', 'delete']) {
        const operation = item[method] as Schema | undefined;
        if (!operation) continue;
        const parameters = [
          ...((item.parameters as unknown[] | undefined) ?? []),
          ...((operation.parameters as unknown[] | undefined) ?? []),
        ].map((parameter) => resolve(doc, parameter));
        const requestBody = operation.requestBody ? resolve(doc, operation.requestBody) : undefined;
        const media = Object.entries((requestBody?.content ?? {}) as Record<string, Schema>)[0];
        const security = (operation.security as Schema[] | undefined) ?? globalSecurity;
        operations.push({
          document,
          doc,
          operationId: String(operation.operationId),
          method: method.toUpperCase(),
          path,
          parameters,
          ...(media && {
            body: { type: media[0], schema: media[1].schema, required: requestBody?.required === true },
          }),
          basic: security.some((requirement) => 'basicAuth' in requirement),
          secured: security.some((requirement) => Object.keys(requirement).length > 0),
        });
      }
    }
  }
  return operations;
}

/** A request as the fuzz builds it: the parts, before they become a `Request`. */
export type Draft = {
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  body?: { type: string; value: unknown } | { type: string | null; text: string };
};

/** Who calls: the client with every scope and org, a partner client, a developer's token. */
export type Caller = 'internal' | 'partner' | 'developer';

/**
 * The ids the platform holds for the path parameter after `before` (the path up to it): the map of the state named
 * by that segment (`classes` -> roster.classes, `CFItems` -> case.items), else every id the roster holds.
 */
export function knownIdsFor(platform: MockPlatform, before: string): string[] {
  const segment = (before.split('/').filter(Boolean).at(-1) ?? '').toLowerCase().replace(/^cf/, '');
  const { state } = platform;
  const maps: Record<string, Map<string, unknown>> = {};
  for (const [name, value] of Object.entries({ ...state, ...state.roster, ...state.case }))
    if (value instanceof Map) maps[name.toLowerCase()] = value;
  const aliases: Record<string, string> = {
    schools: 'orgs',
    students: 'users',
    teachers: 'users',
    terms: 'academicsessions',
    gradingperiods: 'academicsessions',
    packages: 'documents',
    '1.0': 'applications',
    webhooks: 'applications',
  };
  const map = maps[segment] ?? maps[aliases[segment] ?? ''];
  const ids = map ? [...map.keys()] : [...state.roster.users.keys(), ...state.roster.classes.keys()];
  return ids.length > 0 ? ids : ['none'];
}

/** The arbitrary of a valid request to `operation` (valid as far as its schemas go; ids may name nothing). */
export function validDraft(operation: DocumentOperation, platform: MockPlatform): fc.Arbitrary<Draft> {
  const { doc } = operation;
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const pathValues = pathParameters.map((parameter) => {
    const before = operation.path.slice(0, operation.path.indexOf(`{${String(parameter.name)}}`));
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...knownIdsFor(platform, before)) },
      // Never empty, `.` or `..`: those make another path (RFC 6570 expands an empty value to nothing, and a URL
      // removes dot segments, RFC 3986 5.2.4), which is no request to this operation.
      {
        weight: 1,
        arbitrary: arbitraryOf(doc, parameter.schema)
          .map(String)
          .filter((value) => !['', '.', '..'].includes(value)),
      },
    );
  });
  const queryValues = operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => {
      const entries = arbitraryOf(doc, parameter.schema).map((value): [string, string][] => {
        const name = String(parameter.name);
        if (!Array.isArray(value)) return [[name, String(value)]];
        if (value.length === 0) return [];
        return parameter.explode === false
          ? [[name, value.join(',')]]
          : value.map((entry): [string, string] => [name, String(entry)]);
      });
      return parameter.required ? entries : fc.option(entries, { nil: [], freq: 2 });
    });
  const body = operation.body
    ? operation.body.required
      ? arbitraryOf(doc, operation.body.schema)
      : fc.option(arbitraryOf(doc, operation.body.schema), { nil: undefined, freq: 4 })
    : fc.constant(undefined);
  return fc
    .record({ path: fc.tuple(...pathValues), query: fc.tuple(...queryValues), body })
    .map(({ path, query, body: value }) => {
      let index = 0;
      return {
        path: operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(path[index++] ?? '')),
        query: query.flat(),
        headers: {},
        ...(value !== undefined && operation.body && { body: { type: operation.body.type, value } }),
      };
    });
}

/** A change that makes a valid request invalid (where the operation has what it changes). */
export type Breakage =
  | 'dropRequired'
  | 'unknownMember'
  | 'notAnObject'
  | 'wrongType'
  | 'unknownQuery'
  | 'badInteger'
  | 'textPlain'
  | 'tooDeep'
  | 'hugeNumber';

export const BREAKAGES: readonly Breakage[] = [
  'dropRequired',
  'unknownMember',
  'notAnObject',
  'wrongType',
  'unknownQuery',
  'badInteger',
  'textPlain',
  'tooDeep',
  'hugeNumber',
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `draft` broken by `breakage` (`pick` chooses among members and bad values), or unchanged where it cannot be. */
export function breakDraft(
  operation: DocumentOperation,
  draft: Draft,
  breakage: Breakage,
  pick: number,
): Draft {
  const body = draft.body && 'value' in draft.body ? draft.body : undefined;
  const value = body?.value;
  const json = body?.type === 'application/json';
  const withValue = (next: unknown): Draft => ({ ...draft, body: { type: body!.type, value: next } });
  const withText = (text: string, type: string | null = body?.type ?? 'application/json'): Draft => ({
    ...draft,
    body: { type, text },
  });
  const keys = isObject(value) ? Object.keys(value) : [];
  const key = keys[pick % Math.max(1, keys.length)];
  switch (breakage) {
    case 'dropRequired': {
      const schema = operation.body ? resolve(operation.doc, operation.body.schema) : {};
      const required = ((schema.required as string[] | undefined) ?? []).filter(
        (name) => isObject(value) && name in value,
      );
      const name = required[pick % Math.max(1, required.length)];
      if (!name || !isObject(value)) return draft;
      const { [name]: _dropped, ...others } = value;
      return withValue(others);
    }
    case 'unknownMember':
      return isObject(value) ? withValue({ ...value, fuzzUnknownMember: pick }) : draft;
    case 'notAnObject':
      return json ? withValue([['x'], 'text', 42, null][pick % 4]) : draft;
    case 'wrongType':
      if (!isObject(value) || key === undefined) return draft;
      return withValue({ ...value, [key]: typeof value[key] === 'string' ? pick : `x${pick}` });
    case 'unknownQuery':
      return { ...draft, query: [...draft.query, ['fuzzUnknownParameter', String(pick)]] };
    case 'badInteger': {
      const integer = operation.parameters.find(
        (parameter) =>
          parameter.in === 'query' && resolve(operation.doc, parameter.schema).type === 'integer',
      );
      if (!integer) return draft;
      const bad = ['x', '-1', ' 5', '1e9', '+5', '0x10', '99999999999999999999'][pick % 7]!;
      return {
        ...draft,
        query: [...draft.query.filter(([name]) => name !== integer.name), [String(integer.name), bad]],
      };
    }
    case 'textPlain':
      return json ? withText(JSON.stringify(value), pick % 2 ? 'text/plain' : null) : draft;
    case 'tooDeep':
      return json && isObject(value)
        ? withText(
            JSON.stringify({ ...value, fuzzDeep: 0 }).replace(
              '"fuzzDeep":0',
              `"fuzzDeep":${'['.repeat(70)}${']'.repeat(70)}`,
            ),
          )
        : draft;
    case 'hugeNumber':
      return json && isObject(value) && key !== undefined
        ? withText(
            JSON.stringify({ ...value, [key]: 0 }).replace(
              `${JSON.stringify(key)}:0`,
              `${JSON.stringify(key)}:1e309`,
            ),
          )
        : draft;
  }
}
