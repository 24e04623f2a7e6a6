import type { ListQuery, RequestOptions } from '@learnkit/core';
import type { CFDocument, CFItem, CFPackage } from './generated/models';

// The objects the methods take and give are generated from openapi/case.yaml into generated/models.ts
// (docs/decisions.md#d-generated-model-interfaces); the types below are the package's own.
export type {
  CFAssociation,
  CFDocument,
  CFItem,
  CFItemsValidateRequest,
  CFItemsValidateResult,
  CFLink,
  CFPackage,
  CFPackageLinkRef,
  CFPackageNodeRef,
  CFPackageUpload,
  CFPackageUploadAssociation,
  CFPackageUploadDefinitions,
  CFPackageUploadDocument,
  CFPackageUploadItem,
  CFPackageUploadResult,
} from './generated/models';

/** A field of {@link CFDocument}, as `fields` takes it. */
export type CFDocumentField = keyof CFDocument & string;
/** A field of {@link CFItem}, as `fields` takes it. */
export type CFItemField = keyof CFItem & string;
/** A member of {@link CFPackage}, as `fields` takes it. */
export type CFPackageField = keyof CFPackage & string;

/** Per-call settings: abort signal, timeout, deadline, retries, extra headers (idempotency is fixed per operation). */
export type CaseCallOptions = Pick<
  RequestOptions,
  'signal' | 'timeoutMs' | 'deadlineMs' | 'retry' | 'headers'
>;

/** The family's list query (`limit` 1..3000, `offset`, `sort`, `orderBy`, `filter` string or built, `fields`, `search`). */
export type CaseListQuery = ListQuery;

/** A list query whose `fields` names known fields of `T`: the items are narrowed to those fields. */
export type FieldsQuery<F> = Omit<CaseListQuery, 'fields'> & {
  /** The fields to return, as literal names (`['sourcedId', 'title']`); the items are typed down to them. */
  fields: F;
};

/** Options of a single read that selects fields. */
export type FieldsOptions<F> = CaseCallOptions & {
  /** The fields to return, as literal names; the result is typed down to them. */
  fields: F;
};
