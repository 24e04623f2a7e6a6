import type { NodeIndex } from './node-index';
import type { At, Report } from './report';

// The shapes a conversion writes, apart from the Converter class so that the reference converters (references.ts)
// can name what they use of it without importing it back: converter.ts imports references.ts (no import cycle,
// docs/decisions.md#d-source-shape).

/** A JSON object. */
export type Json = Record<string, unknown>;

/** One object being converted: the output so far and its `extensions`, written only when there is something. */
export interface Target {
  out: Json;
  /** Made on the first member that goes there (most objects of a publisher's file move something; not all). */
  extensions: Json | undefined;
  at: At;
  /** The identifier written, once known; undefined when the object has none. */
  id: string | undefined;
  /** The identifier as the input gave it, when it was not a uuid and has been replaced. */
  original: string | undefined;
}

/** Where an assignment can do something else than add a member: `__proto__`'s setter, a frozen `toString`. */
const PROTOTYPE: object = Object.prototype;

/** Sets a member by definition, so that a key such as "__proto__" (valid JSON) stays a plain member. */
export function put(target: Json, key: string, value: unknown): void {
  // A definition for the names Object.prototype has; an assignment (much faster) for every other.
  if (key in PROTOTYPE) {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else target[key] = value;
}

/** The member `key` of `target` itself: a name such as "toString" reads nothing inherited. */
export function own(target: Json, key: string): unknown {
  return key in PROTOTYPE && !Object.hasOwn(target, key) ? undefined : target[key];
}

/** What the reference converters use of a conversion (the `Converter` class implements it). */
export interface ReferenceContext {
  /** Where repairs and refusals are reported. */
  readonly report: Report;
  /** Titles of the definitions by identifier, for links without a title. */
  readonly definitionTitles: Map<string, string>;
  /** The stable uuid for an identifier that is not one. */
  namedId(original: string): string;
  /** The package's nodes as association ends see them (`known`, `nodeByUri`). */
  readonly nodes: NodeIndex;
  /** Moves a member that is not CASE 1.1 to the object's `extensions`, saying why. */
  toExtensions(target: Target, key: string, value: unknown, why: string): void;
}
