// The base class of every LearnKit error and its brand, which makes `instanceof` work across copies of the package.

// Each class names itself in a plain static string field: a computed key (`static [symbol] = ...`) would make
// bundlers keep every error class in every bundle, and the minified web entry of verifyWebhook must stay small.
const NAME = 'brandName';

interface ErrorClass {
  brandName?: string;
}

/** The brand of class `name`: a registered symbol, the same in every copy of the package. */
export const brandOf = (name: string): symbol => Symbol.for(`learnkit.error.${name}`);

/**
 * Base class of every error the SDK throws.
 *
 * `instanceof` works across two copies of the package (a dependency that bundles its own @learnkit/core):
 * every instance carries `Symbol.for('learnkit.error.<Name>')` for each class of its chain, and
 * `Symbol.hasInstance` checks that brand instead of the prototype chain.
 *
 * @example
 * try { await lk.case.items.get(id) } catch (e) { if (e instanceof LearnKitError) console.error(e.message) }
 */
export class LearnKitError extends Error {
  /** @internal */
  static readonly brandName: string = 'LearnKitError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    // Every class of the chain is a constructor down to Error, which ends the walk.
    for (let c: ErrorClass = new.target; c !== Error; c = Object.getPrototypeOf(c)) {
      if (Object.hasOwn(c, NAME)) {
        Object.defineProperty(this, brandOf(c.brandName as string), { value: true });
        // The nearest brand names the error. Set here, not by class field, so it survives minifiers that rename
        // classes; `super()` has just returned, so no subclass field has set a name yet.
        if (!Object.hasOwn(this, 'name')) {
          Object.defineProperty(this, 'name', { value: c.brandName, writable: true, configurable: true });
        }
      }
    }
  }

  /** Brand check instead of the prototype chain, so instances from another copy of the package match. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // `this` is the class right of instanceof (a subclass too). A user's own subclass has no brand of its own: the
    // prototype chain decides for it. A primitive has no brand.
    // biome-ignore lint/complexity/noThisInStatic: see above.
    const target = this as ErrorClass;
    return Object.hasOwn(target, NAME)
      ? (value as Record<symbol, unknown> | null | undefined)?.[brandOf(target.brandName as string)] === true
      : Function.prototype[Symbol.hasInstance].call(target, value);
  }

  /** A JSON form with the message and the public fields; never a secret (messages are redacted). */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message };
  }
}

/**
 * Whether `value` is an error of LearnKit (of any copy of `@learnkit/core`, the browser tracker's included): the
 * type guard of `instanceof LearnKitError`, for `catch (e)` blocks and `onError` callbacks, whose error is
 * `unknown`.
 *
 * @example
 * try { await lk.case.items.get(id) } catch (e) { if (isLearnKitError(e)) report(e.name, e.message); else throw e; }
 */
export function isLearnKitError(value: unknown): value is LearnKitError {
  return value instanceof LearnKitError;
}
