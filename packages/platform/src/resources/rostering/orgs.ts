import { ApiPromise, checkId, pathBodyInit, pathInit, Resource } from '@learnkit/core';
import type { PlatformHttp } from '../../internal/http';
import { checkBody } from '../../internal/schemas';
import type { OrgConfig, PlatformCallOptions } from '../../types';

const CONFIG = '/rostering/1.0/orgs/{sourcedId}/config';

/**
 * The config of an organization: a free-form JSON object.
 *
 * @example
 * const config = await lk.rostering.orgs.config.get(orgId);
 */
export class OrgConfigs extends Resource<PlatformHttp> {
  /**
   * The organization's config (`{}` when none was written).
   *
   * @example
   * const { theme } = await lk.rostering.orgs.config.get(orgId);
   */
  get(orgId: string, options?: PlatformCallOptions): ApiPromise<OrgConfig> {
    return ApiPromise.guard(() =>
      this.http.call('GET', CONFIG, pathInit({ sourcedId: checkId(orgId, 'orgId') }, options)),
    );
  }

  /**
   * Writes the given keys of the organization's config and resolves with the stored config. The platform
   * raises one `org.config.updated` per write whatever the number of keys (an empty write raises none).
   *
   * @example
   * await lk.rostering.orgs.config.update(orgId, { theme: 'dark' });
   */
  update(orgId: string, config: OrgConfig, options?: PlatformCallOptions): ApiPromise<OrgConfig> {
    return ApiPromise.guard(() => {
      const sourcedId = checkId(orgId, 'orgId');
      const body = checkBody<OrgConfig>('OrgConfig', config, 'config');
      return this.http.call('PUT', CONFIG, pathBodyInit({ sourcedId }, body, options));
    });
  }
}

/**
 * Organizations: their `config`.
 *
 * @example
 * await lk.rostering.orgs.config.update(orgId, { theme: 'dark' });
 */
export class Orgs {
  /** The organization's free-form config: `get`, `update`. */
  readonly config: OrgConfigs;

  /** @internal Built by `createPlatformClient`. */
  constructor(http: PlatformHttp) {
    this.config = new OrgConfigs(http);
  }
}
