import { hashText, seededUuid } from '../internal/random.js';
import type { CaseState } from '../state.js';
import { checkComponent } from '../validation/registry.js';
import type {
  CaseAssociationInput,
  CaseItemInput,
  CaseLink,
  CaseNodeRef,
  CasePackageUpload,
  CFAssociation,
  CFDocument,
  CFItem,
} from './types.js';

/** Removes members whose value is undefined, so responses carry only what is known. */
function defined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}

const link = (ref: CaseNodeRef): CaseLink => ({ sourcedId: ref.identifier, title: ref.title, uri: ref.uri });

/** An input link (`CFItemTypeURI`, `licenseURI`) as a response Link, when it is one the documents' `Link` allows. */
function linkOf(value: Record<string, unknown> | undefined, fallbackTitle: string): CaseLink | undefined {
  if (!value) return undefined;
  const link = { sourcedId: value.identifier, title: value.title ?? fallbackTitle, uri: value.uri };
  return checkComponent('case', 'Link', link).length === 0 ? (link as CaseLink) : undefined;
}

/** A document's `licenseUri` (a bare URI in the upload shape) as a Link with an id derived from the URI. */
function licenseLink(uri: string | undefined): CaseLink | undefined {
  if (!uri) return undefined;
  return { sourcedId: seededUuid(hashText(uri), 0, 0x11c), title: 'License', uri };
}

/** The frameworkType of an uploaded document: the upload shape carries it in `extensions.frameworkType`. */
function frameworkTypeOf(extensions: Record<string, unknown> | undefined): string | undefined {
  const value = extensions?.frameworkType;
  return typeof value === 'string' ? value : undefined;
}

/** A package converted to what the store keeps and the API answers. */
export type ConvertedPackage = ReturnType<typeof toStoredPackage>;

/**
 * Converts an upload body into the stored, response-shaped objects. `caseVersion` is kept as given, so the
 * check of the answers the package makes (`checkPackage`) refuses any but `1.1`.
 */
export function toStoredPackage(body: CasePackageUpload, baseUrl: string) {
  const input = body.CFDocument;
  const documentId = input.identifier;
  const documentLink: CaseLink = { sourcedId: documentId, title: input.title, uri: input.uri };
  const document: CFDocument = defined({
    sourcedId: documentId,
    title: input.title,
    uri: input.uri,
    frameworkType: frameworkTypeOf(input.extensions),
    caseVersion: input.caseVersion as CFDocument['caseVersion'],
    creator: input.creator,
    lastChangeDateTime: input.lastChangeDateTime,
    officialSourceURL: input.officialSourceURL,
    publisher: input.publisher,
    description: input.description,
    subject: input.subject,
    language: input.language,
    version: input.version,
    adoptionStatus: input.adoptionStatus,
    statusStartDate: input.statusStartDate,
    statusEndDate: input.statusEndDate,
    licenseURI: licenseLink(input.licenseUri),
    notes: input.notes,
    extensions: input.extensions,
    CFPackageURI: {
      sourcedId: documentId,
      title: input.title,
      uri: `${baseUrl}/ims/case/v1p1/CFPackages/${documentId}`,
    },
  });
  const items = body.CFItems.map(
    (item: CaseItemInput): CFItem =>
      defined({
        sourcedId: item.identifier,
        fullStatement: item.fullStatement,
        alternativeLabel: item.alternativeLabel,
        CFItemType: item.CFItemType ?? item.cfItemType ?? '',
        uri: item.uri,
        humanCodingScheme: item.humanCodingScheme,
        listEnumeration: item.listEnumeration,
        abbreviatedStatement: item.abbreviatedStatement,
        conceptKeywords: item.conceptKeywords,
        notes: item.notes,
        subject: item.subject,
        language: item.language,
        educationLevel: item.educationLevel,
        CFItemTypeURI: linkOf(item.CFItemTypeURI, item.CFItemType ?? item.cfItemType ?? 'Item type'),
        licenseURI: linkOf(item.licenseURI, 'License'),
        statusStartDate: item.statusStartDate,
        statusEndDate: item.statusEndDate,
        lastChangeDateTime: item.lastChangeDateTime,
        extensions: item.extensions,
        CFDocumentURI: documentLink,
      }),
  );
  const associations = body.CFAssociations.map(
    (association: CaseAssociationInput): CFAssociation =>
      defined({
        sourcedId: association.identifier,
        associationType: association.associationType,
        sequenceNumber: association.sequenceNumber,
        uri: association.uri,
        originNodeURI: link(association.originNodeURI),
        destinationNodeURI: link(association.destinationNodeURI),
        lastChangeDateTime: association.lastChangeDateTime,
        extensions: association.extensions,
        CFDocumentURI: documentLink,
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
