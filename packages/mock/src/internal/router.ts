/** A route handler: gets the context plus decoded path parameters. */
export type RouteHandler<C> = (context: C, params: Record<string, string>) => Response | Promise<Response>;

type Route<C> = {
  method: string;
  segments: string[];
  /** How many segments are literal (not `:name`): the more, the more specific the route. */
  literals: number;
  handler: RouteHandler<C>;
};

/** The outcome of a lookup: a handler, a known path with other methods (405), or nothing (404). */
export type RouteMatch<C> =
  | { kind: 'found'; handler: RouteHandler<C>; params: Record<string, string> }
  | { kind: 'method'; allowed: string[] }
  | { kind: 'none' };

/** Splits a path into segments; a trailing slash is ignored so `/users/` and `/users` are one route. */
function split(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

/**
 * A small path router with `:name` parameters. Literal segments win over parameters, so `CFItems/validate` is
 * never read as `CFItems/:sourcedId`.
 */
export class Router<C> {
  readonly #routes: Route<C>[] = [];

  /** Registers `handler` for `method` and `pattern` (for example `/ims/case/v1p1/CFItems/:sourcedId`). */
  on(method: string, pattern: string, handler: RouteHandler<C>): this {
    const segments = split(pattern);
    const literals = segments.filter((segment) => !segment.startsWith(':')).length;
    this.#routes.push({ method: method.toUpperCase(), segments, literals, handler });
    return this;
  }

  /** Finds the route for a request. */
  match(method: string, pathname: string): RouteMatch<C> {
    const segments = split(pathname);
    const wanted = method.toUpperCase();
    let best: { route: Route<C>; params: Record<string, string> } | undefined;
    const allowed = new Set<string>();
    for (const route of this.#routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      if (route.method !== wanted) {
        allowed.add(route.method);
        continue;
      }
      if (!best || route.literals > best.route.literals) best = { route, params };
    }
    if (best) return { kind: 'found', handler: best.route.handler, params: best.params };
    if (allowed.size > 0) return { kind: 'method', allowed: [...allowed] };
    return { kind: 'none' };
  }
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | undefined {
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
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
