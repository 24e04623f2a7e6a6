import type { CaseSchemas } from '../generated/openapi/case-types.js';
import { OPERATIONS } from '../generated/operations.js';
import { hashText, seededUuid } from '../internal/random.js';
import type { CaseState } from '../state.js';
import { checkComponent } from '../validation/registry.js';
import type { CaseNodeRef, CasePackageUpload } from './types.js';

const FIELDS = {
  CFDocument: OPERATIONS.getCFDocument.rawResponse.fields,
  CFItem: OPERATIONS.getCFItem.rawResponse.fields,
  CFAssociation: OPERATIONS.getCFAssociation.rawResponse.fields,
};

/**
 * The response `schema` of the documents made of `given`, else `source`, member by member in the documents' order,
 * without undefined ones (so responses carry only what is known): the upload names most members as the response
 * does (docs/decisions.md#d-mock-response-fields). Two objects, not one spread: it runs once per uploaded node.
 */
function responseOf<K extends keyof typeof FIELDS>(
  schema: K,
  source: object,
  given: Record<string, unknown>,
): CaseSchemas[K] {
  const out: Record<string, unknown> = {};
  for (const field of FIELDS[schema]) {
    const value = field in given ? given[field] : (source as Record<string, unknown>)[field];
    if (value !== undefined) out[field] = value;
  }
  return out as CaseSchemas[K];
}

const link = (ref: CaseNodeRef): CaseSchemas['Link'] => ({
  sourcedId: ref.identifier,
  title: ref.title,
  uri: ref.uri,
});

/** An input link (`CFItemTypeURI`, `licenseURI`) as a response Link, when it is one the documents' `Link` allows. */
function linkOf(
  value: Record<string, unknown> | undefined,
  fallbackTitle: string,
): CaseSchemas['Link'] | undefined {
  if (!value) return undefined;
  const link = { sourcedId: value.identifier, title: value.title ?? fallbackTitle, uri: value.uri };
  return checkComponent('case', 'Link', link).length === 0 ? (link as CaseSchemas['Link']) : undefined;
}

/** A package converted to what the store keeps and the API responds. */
export type ConvertedPackage = ReturnType<typeof toStoredPackage>;

/**
 * Converts an upload body into the stored, response-shaped objects. `caseVersion` is kept as given, so the
 * check of the responses the package makes (`checkPackage`) refuses any but `1.1`.
 */
export function toStoredPackage(body: CasePackageUpload, baseUrl: string) {
  const input = body.CFDocument;
  const documentId = input.identifier;
  const CFDocumentURI: CaseSchemas['Link'] = { sourcedId: documentId, title: input.title, uri: input.uri };
  const frameworkType = input.extensions?.frameworkType;
  const document = responseOf('CFDocument', input, {
    sourcedId: documentId,
    // The upload carries the frameworkType in `extensions`, and the license as a bare URI (its Link id derived).
    frameworkType: typeof frameworkType === 'string' ? frameworkType : undefined,
    licenseURI: input.licenseUri
      ? {
          sourcedId: seededUuid(hashText(input.licenseUri), 0, 0x11c),
          title: 'License',
          uri: input.licenseUri,
        }
      : undefined,
    CFPackageURI: { ...CFDocumentURI, uri: `${baseUrl}/ims/case/v1p1/CFPackages/${documentId}` },
  });
  const items = body.CFItems.map((item) => {
    const CFItemType = item.CFItemType ?? item.cfItemType;
    return responseOf('CFItem', item, {
      sourcedId: item.identifier,
      CFItemType: CFItemType ?? '',
      CFItemTypeURI: linkOf(item.CFItemTypeURI, CFItemType ?? 'Item type'),
      licenseURI: linkOf(item.licenseURI, 'License'),
      CFDocumentURI,
    });
  });
  const associations = body.CFAssociations.map((association) =>
    responseOf('CFAssociation', association, {
      sourcedId: association.identifier,
      originNodeURI: link(association.originNodeURI),
      destinationNodeURI: link(association.destinationNodeURI),
      CFDocumentURI,
    }),
  );
  return { document, items, associations, definitions: body.CFDefinitions, extensions: body.extensions };
}

/**
 * Ids of the upload that another document's package already holds: storing them would move records between
 * packages behind the other package's back, so the upload is refused instead.
 */
export function foreignIds(store: CaseState, body: CasePackageUpload): string[] {
  const documentId = body.CFDocument.identifier;
  const clash: string[] = [];
  for (const item of body.CFItems) {
    const owner = store.items.get(item.identifier)?.documentId;
    if (owner && owner !== documentId) clash.push(item.identifier);
    if (store.documents.has(item.identifier)) clash.push(item.identifier);
  }
  for (const association of body.CFAssociations) {
    const owner = store.associations.get(association.identifier)?.documentId;
    if (owner && owner !== documentId) clash.push(association.identifier);
  }
  if (store.items.has(documentId)) clash.push(documentId);
  return clash;
}

/** Stores a checked package, replacing the earlier package of the same document (uploads are keyed by it). */
export function storePackage(store: CaseState, converted: ConvertedPackage) {
  const documentId = converted.document.sourcedId;
  const previous = store.packages.get(documentId);
  if (previous) {
    for (const id of previous.itemIds) store.items.delete(id);
    for (const id of previous.associationIds) store.associations.delete(id);
  }
  store.documents.set(documentId, converted.document);
  for (const item of converted.items) store.items.set(item.sourcedId, { item, documentId });
  for (const association of converted.associations)
    store.associations.set(association.sourcedId, { association, documentId });
  store.packages.set(documentId, {
    documentId,
    itemIds: converted.items.map((item) => item.sourcedId),
    associationIds: converted.associations.map((association) => association.sourcedId),
    definitions: converted.definitions,
    extensions: converted.extensions,
  });
  return { documentId, items: converted.items.length, associations: converted.associations.length };
}

/** Whether an item is part of a Course Sequence (docs/decisions.md#d-course-sequence): its type or its document's framework type. */
export function isCourseSequence(store: CaseState, itemId: string): boolean {
  const stored = store.items.get(itemId);
  if (!stored) return false;
  if (stored.item.CFItemType === 'Course Sequence') return true;
  return store.documents.get(stored.documentId)?.frameworkType === 'Course Sequence';
}
