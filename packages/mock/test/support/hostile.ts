import fc from 'fast-check';

/** Member names that bite lookup tables built on plain objects. */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
  'toJSON',
] as const;

/** Strings a lenient parser trips on: prototype names, escapes, numbers in disguise, path tricks. */
const TRICKY = [
  ...PROTOTYPE_NAMES,
  '',
  ' ',
  '..',
  '../..',
  '%',
  '%zz',
  '%00',
  '%2F',
  "'",
  '"',
  '\\',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e400',
  '0x10',
  '9007199254740993',
  'a,b',
  '*',
];

/** A hostile string: tricky constants, any code points (lone surrogates included), or up to 20,000 characters. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.nat(20_000).map((length) => 'x'.repeat(length)) },
);

/** A string that can travel in a header: what fetch sends (printable ASCII and 0x80-0xFF; no DEL, CR or LF). */
export const headerString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TRICKY.filter((text) => /^[\x20-\x7e]*$/.test(text))),
  fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }))
      .map((code) => String.fromCharCode(code)),
  }),
  fc.nat(12_000).map((length) => 'h'.repeat(length)),
);

/** JSON text nested `depth` levels. */
export const nestedJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A hostile JSON value: any JSON, objects keyed by prototype names, big numbers and strings. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 3 }),
    hostileString,
    fc.constantFrom(0, -0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, true, false, null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.string()), tie('value')), {
        maxLength: 4,
      })
      .map((entries) => {
        // defineProperty, so `__proto__` becomes an own member as JSON.parse makes it.
        const object: Record<string, unknown> = {};
        for (const [key, value] of entries)
          Object.defineProperty(object, key, { value, enumerable: true, configurable: true, writable: true });
        return object;
      }),
  ),
})).value;

/** A mutation of a valid body: one member removed, replaced by a hostile value, or a hostile member added. */
export type Mutation =
  | { kind: 'remove'; index: number }
  | { kind: 'replace'; index: number; value: unknown }
  | { kind: 'add'; key: string; value: unknown };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('remove' as const), index: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), index: fc.nat(), value: hostileJson }),
  fc.record({
    kind: fc.constant('add' as const),
    key: fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), hostileString),
    value: hostileJson,
  }),
);

/** Every (path to an object or array, its keys) in `value`, outermost first. */
function containers(value: unknown, path: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [];
  const own = Object.keys(value).flatMap((key) =>
    containers((value as Record<string, unknown>)[key], [...path, key]),
  );
  return [path, ...own];
}

/** Applies `mutations` to a copy of `base`, each at a container and member picked by its index. */
export function mutate(base: unknown, mutations: readonly Mutation[]): unknown {
  const copy = structuredClone(base);
  for (const change of mutations) {
    const places = containers(copy);
    if (places.length === 0) return change.kind === 'remove' ? copy : 'value' in change ? change.value : copy;
    const where = places[(change.kind === 'add' ? change.key.length : change.index) % places.length]!;
    const target = where.reduce<unknown>(
      (node, key) => (node as Record<string, unknown>)[key],
      copy,
    ) as Record<string, unknown>;
    const keys = Object.keys(target);
    if (change.kind === 'add') {
      Object.defineProperty(target, change.key, {
        value: change.value,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    } else if (keys.length > 0) {
      const key = keys[change.index % keys.length]!;
      if (change.kind === 'remove') {
        if (Array.isArray(target) && /^\d+$/.test(key)) target.splice(Number(key), 1);
        else delete target[key];
      } else target[key] = change.value;
    }
  }
  return copy;
}
