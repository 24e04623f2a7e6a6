/**
 * How each member of a CASE object is carried into the upload shape. Members not listed are not CASE 1.1 (or
 * not the upload shape): they move to the object's `extensions` (docs/decisions.md#d-case-json-extensions).
 */
export type Rule =
  /** A string; a number or boolean is written as text. */
  | 'text'
  /** An item type: text, and an empty one is no type (absent stays absent). */
  | 'itemType'
  /** The object's own absolute URI (required; a missing or relative one is replaced). */
  | 'uri'
  /** An optional absolute URL (`officialSourceURL`). */
  | 'url'
  /** RFC 3339 date-time with a zone. */
  | 'dateTime'
  /** A calendar date. */
  | 'date'
  /** A list of non-empty strings. */
  | 'strings'
  /** An integer (`sequenceNumber`). */
  | 'integer'
  /** `caseVersion`: only `1.1`. */
  | 'caseVersion'
  /** A link `{ title, identifier, uri }` (`CFItemTypeURI`, an item's `licenseURI`). */
  | 'link'
  /** An association end `{ title, identifier, uri }`. */
  | 'node'
  /** The document's licence: `licenseUri` in the upload shape, `licenseURI` (a link) in CASE JSON. */
  | 'licence';

/** The rules of one kind of CASE object. */
export interface ObjectRules {
  /** Members the upload shape has, and how each is normalised. */
  members: Readonly<Record<string, Rule>>;
  /**
   * CASE 1.1 members the upload shape has no place for: carried in the object's `extensions` under their own
   * name, without a report, and put back in place by `toCaseJson` (docs/decisions.md#d-case-json-carried).
   */
  carried: readonly string[];
  /** Members the platform derives, dropped with the reason (CASE 1.0 and response-shape links). */
  derived: Readonly<Record<string, string>>;
  /**
   * Nothing refers to this kind of object by identifier (an association): the name-based id of its identifier
   * is not remembered for references, which keeps the converter's id cache to the nodes that ends name.
   */
  unreferenced?: true;
}

const DERIVED = 'the platform derives it from the package';

/** The document. */
export const DOCUMENT: ObjectRules = {
  members: {
    uri: 'uri',
    lastChangeDateTime: 'dateTime',
    title: 'text',
    creator: 'text',
    officialSourceURL: 'url',
    publisher: 'text',
    description: 'text',
    language: 'text',
    version: 'text',
    caseVersion: 'caseVersion',
    adoptionStatus: 'text',
    statusStartDate: 'date',
    statusEndDate: 'date',
    licenseUri: 'licence',
    licenseURI: 'licence',
    notes: 'text',
    subject: 'strings',
  },
  carried: ['frameworkType', 'subjectURI'],
  derived: { CFPackageURI: DERIVED },
};

/** An item. */
export const ITEM: ObjectRules = {
  members: {
    uri: 'uri',
    lastChangeDateTime: 'dateTime',
    fullStatement: 'text',
    alternativeLabel: 'text',
    CFItemType: 'itemType',
    cfItemType: 'itemType',
    humanCodingScheme: 'text',
    listEnumeration: 'text',
    abbreviatedStatement: 'text',
    notes: 'text',
    language: 'text',
    statusStartDate: 'date',
    statusEndDate: 'date',
    conceptKeywords: 'strings',
    subject: 'strings',
    educationLevel: 'strings',
    CFItemTypeURI: 'link',
    licenseURI: 'link',
  },
  carried: ['conceptKeywordsURI', 'subjectURI'],
  derived: { CFDocumentURI: DERIVED },
};

/** An association. */
export const ASSOCIATION: ObjectRules = {
  members: {
    uri: 'uri',
    lastChangeDateTime: 'dateTime',
    associationType: 'text',
    originNodeURI: 'node',
    destinationNodeURI: 'node',
    sequenceNumber: 'integer',
  },
  carried: ['CFAssociationGroupingURI', 'notes'],
  derived: { CFDocumentURI: DERIVED },
  unreferenced: true,
};

/** The definition lists of `CFDefinitions`, with the members and required members of each entry (IMS CASE 1.1). */
export const DEFINITIONS = {
  CFItemTypes: {
    members: ['title', 'description', 'hierarchyCode', 'typeCode'],
    required: ['description', 'hierarchyCode'],
  },
  CFSubjects: { members: ['title', 'hierarchyCode', 'description'], required: ['hierarchyCode'] },
  CFConcepts: { members: ['title', 'keywords', 'hierarchyCode', 'description'], required: ['hierarchyCode'] },
  CFLicenses: { members: ['title', 'description', 'licenseText'], required: ['licenseText'] },
  CFAssociationGroupings: { members: ['title', 'description'], required: [] },
} as const satisfies Record<string, { members: readonly string[]; required: readonly string[] }>;

/** The name of a definition list. */
export type DefinitionList = keyof typeof DEFINITIONS;

/** The definition lists, in CASE order. */
export const DEFINITION_LISTS = Object.keys(DEFINITIONS) as DefinitionList[];

/** Where a member moved to `extensions` keeps the original of an identifier that was not a uuid. */
export const ORIGINAL_IDENTIFIER = 'originalIdentifier';
