import { ApiPromise, checkId, pathInit, Resource } from '@learnkit/core';
import type { PlatformHttp } from '../../internal/http';
import type {
  ApplicationCredentials,
  ApplicationCredentialsRotation,
  PlatformCallOptions,
} from '../../types';

const STATUS = '/applications/1.0/{appId}/credentials';
const ROTATE = '/applications/1.0/{appId}/credentials/rotate';

/**
 * The credentials of an application: their status, and rotation.
 *
 * @example
 * const { sandboxStatus } = await lk.applications.credentials.get(appId);
 */
export class Credentials extends Resource<PlatformHttp> {
  /**
   * The credential status: `sandboxStatus` is `awaiting_secret_claim` when a sandbox secret waits to be claimed,
   * null without a sandbox client (other values pass through).
   *
   * @example
   * const status = await lk.applications.credentials.get(appId);
   */
  get(appId: string, options?: PlatformCallOptions): ApiPromise<ApplicationCredentials> {
    return ApiPromise.guard(() =>
      this.http.call('GET', STATUS, pathInit({ appId: checkId(appId, 'appId') }, options)),
    );
  }

  /**
   * Rotates the application's credentials; the new secret is surfaced once, through `claimUrl`. Not repeated
   * on a doubtful failure (each rotation issues a new secret).
   *
   * @example
   * const { claimUrl } = await lk.applications.credentials.rotate(appId);
   */
  rotate(appId: string, options?: PlatformCallOptions): ApiPromise<ApplicationCredentialsRotation> {
    return ApiPromise.guard(() =>
      this.http.call('POST', ROTATE, pathInit({ appId: checkId(appId, 'appId') }, options)),
    );
  }
}
