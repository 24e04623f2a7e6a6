import type { Core } from '../core.js';
import type { RouteHandler, Router } from '../internal/router.js';

/** What a route handler gets for one request. */
export type RequestContext = {
  core: Core;
  request: Request;
  url: URL;
  /** The path below the base URL's path (`/ims/case/v1p1/CFItems`). */
  path: string;
  query: URLSearchParams;
};

/** A route handler of the mock. */
export type Handler = RouteHandler<RequestContext>;

/** The router type every routes file registers on. */
export type MockRouter = Router<RequestContext>;
