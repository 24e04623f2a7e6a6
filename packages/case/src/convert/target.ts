import type { At, Report } from './report';

// The shapes a conversion writes, apart from the Converter class so that the reference converters (references.ts)
// can name what they use of it without importing it back: converter.ts imports references.ts (no import cycle,
// docs/decisions.md#d-i15-source-shape).

/** A JSON object. */
export type Json = Record<string, unknown>;

/** One object being converted: the output so far and its `extensions`, written only when there is something. */
export interface Target {
  out: Json;
  extensions: Json;
  at: At;
  /** `at.child('extensions')`, made on the first move (most objects of a publisher's file move something). */
  extensionsAt?: At;
}

/** Sets a member by definition, so that a key such as "__proto__" (valid JSON) stays a plain member. */
export function put(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** What the reference converters use of a conversion (the `Converter` class implements it). */
export interface ReferenceContext {
  /** Where repairs and refusals are reported. */
  readonly report: Report;
  /** Titles of the definitions by identifier, for links without a title. */
  readonly definitionTitles: Map<string, string>;
  /** The stable uuid for an identifier that is not one. */
  namedId(original: string): string;
  /** A package node as an association end sees it: its title and uri. */
  known(id: string): { title: string | undefined; uri: string | undefined } | undefined;
  /** The identifier of the package node with this uri, if any. */
  nodeByUri(uri: string): string | undefined;
  /** Moves a member that is not CASE 1.1 to the object's `extensions`, saying why. */
  toExtensions(target: Target, key: string, value: unknown, why: string): void;
}
