/**
 * `@learnkit/case`: the CASE 1.1 client (competency framework documents, items, associations, packages and
 * validate), package upload with validation before sending, `fromCaseJson` for publishers' exports, and
 * framework navigation with `buildTree`.
 *
 * @packageDocumentation
 * @module \@learnkit/case
 */
export { type CaseClient, type CaseClientInit, createCaseClient } from './client';
export type {
  CaseJsonAssociation,
  CaseJsonDefinitions,
  CaseJsonDocument,
  CaseJsonExtensions,
  CaseJsonItem,
  CaseJsonLink,
  CaseJsonPackage,
} from './convert/case-json-types';
export {
  type CaseJsonChange,
  type CaseJsonConversion,
  describeChange,
  type FromCaseJsonOptions,
  fromCaseJson,
} from './convert/from-case-json';
export { toCaseJson } from './convert/to-case-json';
// The CASE document as generated from openapi/case.yaml: its paths and components (`createHttpClient<CasePaths>`
// of `@learnkit/core`), and the JSON Schema of each component.
export { caseSchemas } from './generated/json-schemas';
export type {
  CaseSchemas,
  components as CaseComponents,
  paths as CasePaths,
} from './generated/openapi-types';
export { Associations } from './generated/resources/associations';
export { Documents } from './generated/resources/documents';
export { Items, VALIDATE_CHUNK_SIZE } from './resources/items';
export { Packages } from './resources/packages';
export { buildTree } from './tree/build-tree';
export type {
  FrameworkTree,
  TreeAssociation,
  TreeDocument,
  TreeItem,
  TreeNode,
  TreeNodeRef,
  TreeProblem,
  TreeProblemKind,
  TreeSource,
} from './tree/types';
export type {
  CaseCallOptions,
  CaseListQuery,
  CFAssociation,
  CFDocument,
  CFDocumentField,
  CFItem,
  CFItemField,
  CFItemsValidateRequest,
  CFItemsValidateResult,
  CFLink,
  CFPackage,
  CFPackageField,
  CFPackageLinkRef,
  CFPackageNodeRef,
  CFPackageUpload,
  CFPackageUploadAssociation,
  CFPackageUploadDefinitions,
  CFPackageUploadDocument,
  CFPackageUploadItem,
  CFPackageUploadResult,
  FieldsOptions,
  FieldsQuery,
} from './types';
export { assertPackageUpload, validatePackageUpload } from './validation';
