// The CASE shapes of openapi/case.yaml, as core generates them (docs/decisions.md#d-mock-case-types).
import type { CaseSchemas as Schemas } from '../generated/openapi/case-types.js';

/** A node reference of an uploaded association: `{ title, identifier, uri }` (`CFPackageNodeRef`). */
export type CaseNodeRef = Schemas['CFPackageNodeRef'];

/** The document of a package upload, identifier-keyed (`CFPackageUploadDocument`). */
export type CaseDocumentInput = Schemas['CFPackageUploadDocument'];

/** An item of a package upload (`CFPackageUploadItem`). */
export type CaseItemInput = Schemas['CFPackageUploadItem'];

/** An association of a package upload (`CFPackageUploadAssociation`). */
export type CaseAssociationInput = Schemas['CFPackageUploadAssociation'];

/** The definitions of a package upload (`CFPackageUploadDefinitions`). */
export type CaseDefinitionsInput = Schemas['CFPackageUploadDefinitions'];

/** The body of `POST /ims/case/v1p1/CFPackages` (`CFPackageUpload`). */
export type CasePackageUpload = Schemas['CFPackageUpload'];
