import { ApiPromise } from '@learnkit/core';
import { checkCallOptions } from '@learnkit/core/internal';
import { GeneratedPackages } from '../generated/resources/packages';
import type { CaseCallOptions, CFPackageUpload, CFPackageUploadResult } from '../types';
import { assertPackageUpload } from '../validation';

/**
 * Packages: a document with its items and associations, read whole (generated from openapi/resources.yaml) or
 * uploaded whole, after the upload is checked (docs/decisions.md#d-generated-resources).
 *
 * @example
 * const pkg = await lk.case.packages.get(documentId);
 * const tree = buildTree(pkg);
 */
export class Packages extends GeneratedPackages {
  /**
   * Uploads a whole package. The body is checked first against the upload schema of openapi/case.yaml: any
   * problem is a `ValidationError` naming its JSON path (`CFItems[12].identifier: not a uuid`) and nothing is
   * sent. An upload is keyed by its document identifier (sending it again replaces the same package), so it
   * is retried on 5xx, 429 and timeouts like a GET (docs/decisions.md#d-retries). For a publisher's CASE JSON, convert
   * it with `fromCaseJson` first.
   *
   * @example
   * const { result } = await client.packages.upload(body);
   * console.log(result?.stats?.items);
   */
  upload(pkg: CFPackageUpload, options?: CaseCallOptions): ApiPromise<CFPackageUploadResult> {
    return ApiPromise.guard(() => {
      const body = assertPackageUpload(pkg);
      const { request } = checkCallOptions(options, { idempotent: true });
      return this.http.call('POST', '/ims/case/v1p1/CFPackages', { body, options: request });
    });
  }
}
