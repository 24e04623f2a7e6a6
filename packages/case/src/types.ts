import type { ListQuery, RequestOptions } from '@learnkit/core';
import type { CaseSchemas as Schemas } from './generated/openapi-types';

/** A competency framework as the API returns it (response shape, `sourcedId`-keyed). */
export type CFDocument = Schemas['CFDocument'];
/** A standard (or grade, domain, cluster, ...) as the API returns it. */
export type CFItem = Schemas['CFItem'];
/** A relationship between two nodes as the API returns it; `isChildOf` builds the hierarchy. */
export type CFAssociation = Schemas['CFAssociation'];
/** A document with its items, associations and definitions, as `packages.get` returns it. */
export type CFPackage = Schemas['CFPackage'];
/** The `{ sourcedId, title, uri }` reference of every `...URI` member of a response. */
export type CFLink = Schemas['Link'];

/** The body of `packages.upload` (input shape, `identifier`-keyed). */
export type CFPackageUpload = Schemas['CFPackageUpload'];
/** The document of an upload body. */
export type CFPackageUploadDocument = Schemas['CFPackageUploadDocument'];
/** An item of an upload body; `CFItemType` and `cfItemType` are both accepted. */
export type CFPackageUploadItem = Schemas['CFPackageUploadItem'];
/** An association of an upload body. */
export type CFPackageUploadAssociation = Schemas['CFPackageUploadAssociation'];
/** The `{ title, identifier, uri }` node reference of an uploaded association's origin and destination. */
export type CFPackageNodeRef = Schemas['CFPackageNodeRef'];
/** The definitions (item types, subjects, concepts, licences, groupings) of an upload body. */
export type CFPackageUploadDefinitions = Schemas['CFPackageUploadDefinitions'];
/** What `packages.upload` resolves with: success, message, document id and counts. */
export type CFPackageUploadResult = Schemas['CFPackageUploadResult'];
/** What `items.validate` resolves with: the ids split into `valid` and `invalid`, in input order. */
export type CFItemsValidateResult = Schemas['CFItemsValidateResult'];

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
