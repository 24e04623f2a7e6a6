const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * A subscription's signing secret, as `subscriptions.create` and `rotateSecret` return it. It never prints
 * itself: `String(secret)`, `JSON.stringify`, `console.log` and template strings show `whsec_…abcd` (the last
 * four characters, to tell secrets apart). Call {@link SigningSecret.reveal} to store it; `verifyWebhook`,
 * `signWebhook` and `createWebhookHandler` accept it as it is.
 *
 * @example
 * const { signingSecret } = await subscriptions.create(appId, { url, eventTypes: ['enrollment.created'] });
 * await secrets.put('LEARNKIT_WEBHOOK_SECRET', signingSecret.reveal());
 */
export class SigningSecret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** The secret itself: the whole string, `whsec_` prefix included (that is the HMAC key). */
  reveal(): string {
    return this.#value;
  }

  /** The redacted form, e.g. `whsec_…abcd`. */
  toString(): string {
    const v = this.#value;
    const prefix = v.startsWith('whsec_') ? 'whsec_' : '';
    return `${prefix}…${v.length - prefix.length > 8 ? v.slice(-4) : ''}`;
  }

  /** `JSON.stringify` shows the redacted form. */
  toJSON(): string {
    return this.toString();
  }

  /** Node's `util.inspect` (and so `console.log`) shows the redacted form. */
  [INSPECT](): string {
    return `SigningSecret(${this.toString()})`;
  }
}

/** A secret as the webhook functions take it: the string or the {@link SigningSecret} the platform returned. */
export type WebhookSecret = string | SigningSecret;
