import type { Core } from '../core.js';
import type { Router } from '../internal/router.js';

/** What a route handler gets for one request. */
export type RequestContext = {
  core: Core;
  request: Request;
  query: URLSearchParams;
};

/** The router type every routes file registers on. */
export type MockRouter = Router<RequestContext>;
