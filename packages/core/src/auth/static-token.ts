import { ValidationError } from '../errors';
import { registerSecret } from '../internal/redact';
import { CURRENT_TOKEN, type TokenProvider } from './token-provider';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * A fixed bearer token, such as a developer's single-sign-on JWT for the developer-tool operations. Never
 * refreshed: a 401 is final (an `AuthenticationError` telling the developer to sign in again).
 *
 * @example
 * const http = createHttpClient<paths>({ baseUrl, auth: staticToken(process.env.LEARNKIT_DEV_TOKEN!) });
 */
export function staticToken(token: string): TokenProvider {
  if (typeof token !== 'string' || token === '') {
    throw new ValidationError([{ path: ['token'], message: 'is required: pass the bearer token (a JWT)' }]);
  }
  if (token.trim() !== token || /\s/.test(token)) {
    throw new ValidationError([
      {
        path: ['token'],
        message: 'contains whitespace (a pasted newline or a "Bearer " prefix?); pass the bare token',
      },
    ]);
  }
  const resolved = Promise.resolve(token);
  const describe = () => 'StaticToken { token: [redacted] }';
  const provider = {
    [CURRENT_TOKEN]: () => token,
    getToken: ({ signal }: { signal?: AbortSignal } = {}) =>
      signal?.aborted ? Promise.reject(signal.reason) : resolved,
    invalidate: () => {},
    unauthorizedHint: 'The API refused the static token; it may have expired: sign in again for a fresh one.',
    toString: describe,
    toJSON: describe,
    [INSPECT]: describe,
  };
  // Redacted for as long as this provider lives (docs/decisions.md#d-redaction-by-value).
  registerSecret(token, provider);
  return provider as TokenProvider;
}
