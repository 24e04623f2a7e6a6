import { ApiPromise, checkCallOptions, getByIdInit, Resource } from '@learnkit/core';
import type { CaseHttp } from '../internal/http';
import type {
  CaseCallOptions,
  CFPackage,
  CFPackageField,
  CFPackageUpload,
  CFPackageUploadResult,
  FieldsOptions,
} from '../types';
import { assertPackageUpload } from '../validation';

/**
 * Packages: a document with its items and associations, read whole or uploaded whole.
 *
 * @example
 * const pkg = await lk.case.packages.get(documentId);
 * const tree = buildTree(pkg);
 */
export class Packages extends Resource<CaseHttp> {
  /**
   * The package of a document (`id` is the CFDocument's `sourcedId`). `fields` picks members (`CFDocument`,
   * `CFItems`, `CFAssociations`, `CFDefinitions`, `sourcedId`), typed down when given as literals.
   *
   * @example
   * const { CFItems = [], CFAssociations = [] } = await client.packages.get(id, { fields: ['CFItems', 'CFAssociations'] });
   */
  get<const F extends readonly CFPackageField[]>(
    id: string,
    options: FieldsOptions<F>,
  ): ApiPromise<Pick<CFPackage, F[number]>>;
  get(id: string, options?: CaseCallOptions & { fields?: undefined }): ApiPromise<CFPackage>;
  get(id: string, options?: CaseCallOptions & { fields?: readonly string[] }): ApiPromise<Partial<CFPackage>>;
  get(
    id: string,
    options?: CaseCallOptions & { fields?: readonly string[] },
  ): ApiPromise<Partial<CFPackage>> {
    return ApiPromise.guard(() =>
      this.http
        .call('GET', '/ims/case/v1p1/CFPackages/{sourcedId}', getByIdInit(id, options, 'id'))
        .map((data) => data.CFPackage),
    );
  }

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
