/**
 * The operations of openapi/case.yaml and the method of `LearnKit` that calls each, as a path from the instance
 * (`case.items.validate` is `lk.case.items.validate`). Internal: not exported from the package's entry; the
 * umbrella's operation-coverage test reads it (docs/decisions.md#d-i16-operation-tables). The document's token
 * operation (`issueCaseToken`) is the auth path, not a method: the coverage test lists it with the reason.
 */
export const OPERATIONS = {
  listCFDocuments: 'case.documents.list',
  getCFDocument: 'case.documents.get',
  listCFItems: 'case.items.list',
  getCFItem: 'case.items.get',
  validateCFItems: 'case.items.validate',
  getCFAssociation: 'case.associations.get',
  getCFPackage: 'case.packages.get',
  uploadCFPackage: 'case.packages.upload',
} as const;
