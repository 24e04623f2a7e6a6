import type { HttpHandler } from 'msw';

/** The part of the `msw` module the adapter needs (pass your own import where `msw` cannot be required). */
export type MswModule = {
  /** MSW's `http` namespace; only `http.all` is used. */
  http: {
    /** Registers a handler for every method on `path` (MSW's `http.all`); the adapter passes regular expressions. */
    all: (path: string | RegExp, resolver: (info: { request: Request }) => Promise<Response>) => HttpHandler;
  };
};

/** What the adapter serves: the core `handle` and the addresses it responds on. */
export type MswTarget = { baseUrl: string; authUrl: string; handle(request: Request): Promise<Response> };

/**
 * MSW handlers that pass every request under the base URL (and the identity provider's `/oauth2/token`) to the
 * mock's `handle`. The mock returns unknown paths itself (404 in the area's error format), so with
 * `onUnhandledRequest: 'error'` only requests to other hosts are unhandled.
 */
export function createMswHandlers(target: MswTarget, msw: MswModule): HttpHandler[] {
  const resolver = ({ request }: { request: Request }) => target.handle(request);
  const handlers = [msw.http.all(below(target.baseUrl), resolver)];
  if (!`${target.authUrl}/`.startsWith(`${target.baseUrl}/`)) {
    handlers.push(msw.http.all(below(`${target.authUrl}/oauth2/token`, true), resolver));
  }
  return handlers;
}

/**
 * The URLs at and below `url` (or only `url` itself, a trailing slash allowed), as a regular expression without
 * capture groups. A string path would make MSW decode the path's segments first, and a malformed escape (`%zz`)
 * would throw inside MSW (a 500 the mock never sees) instead of reaching the mock's own 404
 * (docs/decisions.md#d-mock-request-line).
 */
function below(url: string, exact = false): RegExp {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}${exact ? '/?' : '(?:/[^?#]*)?'}$`, 'i');
}

/**
 * Loads `msw` synchronously (so `platform.handlers` can stay a property): with CommonJS `require` (which keeps
 * jest's module registry in charge), else through `node:module` from the working directory, which finds the copy
 * of `msw` the test itself imports.
 */
export function loadMsw(): MswModule {
  // Only a real CommonJS `require` has `resolve`: the ESM build replaces `require` with a bundler shim that
  // throws "Dynamic require is not supported" (docs/decisions.md#d-pkg-msw-from-esm).
  const local = typeof require === 'function' && typeof require.resolve === 'function' ? require : undefined;
  // `globalThis.process`: a browser has none (and no `process` name to refer to).
  const { process } = globalThis;
  const load = local ?? process?.getBuiltinModule?.('node:module').createRequire(`${process.cwd()}/`);
  if (!load)
    throw new Error(
      'platform.handlers needs msw: install it, or pass it as createMockPlatform({ msw: await import("msw") })',
    );
  try {
    return load('msw') as MswModule;
  } catch (error) {
    throw new Error(
      `platform.handlers needs the optional peer dependency msw (^2.15.0): ${(error as Error).message}. Install msw, or pass createMockPlatform({ msw })`,
    );
  }
}
