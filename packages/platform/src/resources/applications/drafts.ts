import { ApiPromise, checkCallOptions, Resource } from '@learnkit/core';
import type { PlatformHttp } from '../../internal/http';
import { checkBody } from '../../internal/schemas';
import type { ApplicationDraft, ApplicationDraftCreate, PlatformCallOptions } from '../../types';

const DRAFTS = '/applications/1.0/drafts';

/**
 * Application drafts: register an application and receive its credentials.
 *
 * @example
 * const { applicationId, clientId, clientSecret } = await lk.applications.drafts.create({ name: 'Fractions' });
 */
export class Drafts extends Resource<PlatformHttp> {
  /**
   * Registers an application as a draft; resolves with its id and its `clientId` and `clientSecret` (keep the
   * secret: it is shown once). Each call registers a new application, so a failed attempt is not repeated
   * unless the request surely never left (core's rule for a POST).
   *
   * @example
   * const draft = await lk.applications.drafts.create({ name: 'Fractions' });
   */
  create(draft: ApplicationDraftCreate = {}, options?: PlatformCallOptions): ApiPromise<ApplicationDraft> {
    return ApiPromise.guard(() => {
      const body = checkBody<ApplicationDraftCreate>('ApplicationDraftCreate', draft, 'draft');
      return this.http.call('POST', DRAFTS, { body, options: checkCallOptions(options).request });
    });
  }
}
