import { Router } from '../internal/router.js';
import { registerApplications } from './applications.js';
import { registerAuth } from './auth.js';
import { registerCaliper } from './caliper.js';
import { registerCase } from './case.js';
import type { RequestContext } from './context.js';
import { registerInsights } from './insights.js';
import { registerOneRoster } from './oneroster.js';
import { registerRostering } from './rostering.js';
import { registerWebhooks } from './webhooks.js';

/** Every operation of the platform on one router (the fuzz suite walks `routes()` of it). */
export function buildRouter(): Router<RequestContext> {
  const router = new Router<RequestContext>();
  registerAuth(router);
  registerCase(router);
  registerOneRoster(router);
  registerWebhooks(router);
  registerCaliper(router);
  registerRostering(router);
  registerApplications(router);
  registerInsights(router);
  return router;
}
