import { MAX_BODY_BYTES } from './limits.js';

/** A route handler: gets the context plus decoded path parameters. */
export type RouteHandler<C> = (context: C, params: Record<string, string>) => Response | Promise<Response>;

type Route<C> = {
  method: string;
  pattern: string;
  segments: string[];
  /** How many segments are literal (not `:name`): the more, the more specific the route. */
  literals: number;
  handler: RouteHandler<C>;
  maxBodyBytes: number;
};

/** The outcome of a lookup: a handler, a known path with other methods (405), or nothing (404). */
export type RouteMatch<C> =
  | { kind: 'found'; handler: RouteHandler<C>; params: Record<string, string>; maxBodyBytes: number }
  | { kind: 'method'; allowed: string[] }
  | { kind: 'none' };

/** A path's segments; a trailing slash is ignored so `/users/` and `/users` are one route. */
const split = (path: string) => path.split('/').filter((segment) => segment.length > 0);

/**
 * A small path router with `:name` parameters. Literal segments win over parameters, so `CFItems/validate` is
 * never read as `CFItems/:sourcedId`.
 */
export class Router<C> {
  readonly #routes: Route<C>[] = [];

  /**
   * Registers `handler` for `method` and `pattern` (for example `/ims/case/v1p1/CFItems/:sourcedId`); its request
   * bodies may take up to `maxBodyBytes`, more is a 413 before the handler runs.
   */
  on(method: string, pattern: string, handler: RouteHandler<C>, maxBodyBytes = MAX_BODY_BYTES): this {
    const segments = split(pattern);
    const literals = segments.filter((segment) => !segment.startsWith(':')).length;
    this.#routes.push({ method: method.toUpperCase(), pattern, segments, literals, handler, maxBodyBytes });
    return this;
  }

  /** Every registered method and pattern, in registration order. */
  routes(): { method: string; pattern: string }[] {
    return this.#routes.map(({ method, pattern }) => ({ method, pattern }));
  }

  /**
   * Finds the route for a request. Methods compare exactly, as HTTP methods are case-sensitive: `patch` or `Get`
   * never reach the `PATCH` or `GET` handler (docs/decisions.md#d-mock-request-line).
   */
  match(method: string, pathname: string): RouteMatch<C> {
    const segments = split(pathname);
    let best: { route: Route<C>; params: Record<string, string> } | undefined;
    const allowed = new Set<string>();
    for (const route of this.#routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      if (route.method !== method) {
        allowed.add(route.method);
        continue;
      }
      if (!best || route.literals > best.route.literals) best = { route, params };
    }
    if (best) {
      const { handler, maxBodyBytes } = best.route;
      return { kind: 'found', handler, params: best.params, maxBodyBytes };
    }
    if (allowed.size > 0) return { kind: 'method', allowed: [...allowed] };
    return { kind: 'none' };
  }
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined;
  // No prototype: a parameter lookup can only find a parameter, never `constructor` or `__proto__`.
  const params: Record<string, string> = Object.create(null);
  for (let index = 0; index < pattern.length; index++) {
    const expected = pattern[index]!;
    const value = actual[index]!;
    if (expected.startsWith(':')) {
      try {
        params[expected.slice(1)] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    } else if (expected !== value) return undefined;
  }
  return params;
}
