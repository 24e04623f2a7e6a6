/**
 * IMS CASE 1.1 JSON as `toCaseJson` writes it: the CFPackage of the IMS CASE 1.1 JSON Schema, `identifier`-keyed.
 * Written from the schema (`case_v1p1_cfpackage-jsonschema1.json`); only the members `toCaseJson` can fill.
 */

/** A reference `{ title, identifier, uri }` (the schema's LinkURI). */
export interface CaseJsonLink {
  /** What the target is called. */
  title: string;
  /** The target's identifier (8-4-4-4-12 hex). */
  identifier: string;
  /** The target's URI. */
  uri: string;
}

/** Free-form extension members. */
export type CaseJsonExtensions = Record<string, unknown>;

/** The framework's document. */
export interface CaseJsonDocument {
  /** The document's identifier. */
  identifier: string;
  /** The document's URI. */
  uri: string;
  /** The kind of framework (CASE 1.1), e.g. `Course Sequence`. */
  frameworkType?: string;
  /** Always `1.1` when present. */
  caseVersion?: '1.1';
  /** Who created the framework. */
  creator: string;
  /** The framework's title. */
  title: string;
  /** When it last changed (RFC 3339 with a zone). */
  lastChangeDateTime: string;
  /** The URL of the official source. */
  officialSourceURL?: string;
  /** Who publishes the framework. */
  publisher?: string;
  /** What the framework is. */
  description?: string;
  /** The subjects the framework covers. */
  subject?: string[];
  /** Links to the subjects' definitions. */
  subjectURI?: CaseJsonLink[];
  /** The language of the text. */
  language?: string;
  /** The publisher's version. */
  version?: string;
  /** The adoption status, e.g. `Adopted`. */
  adoptionStatus?: string;
  /** When the status began (YYYY-MM-DD). */
  statusStartDate?: string;
  /** When the status ends (YYYY-MM-DD). */
  statusEndDate?: string;
  /** The framework's licence. */
  licenseURI?: CaseJsonLink;
  /** Free-text notes. */
  notes?: string;
  /** Extension members. */
  extensions?: CaseJsonExtensions;
}

/** A standard (or grade, domain, cluster, ...). */
export interface CaseJsonItem {
  /** The item's identifier. */
  identifier: string;
  /** The statement. */
  fullStatement: string;
  /** Another label for the item. */
  alternativeLabel?: string;
  /** The item's type, e.g. `Standard`. */
  CFItemType?: string;
  /** The item's URI. */
  uri: string;
  /** The publisher's code, e.g. `3.NF.A.1`. */
  humanCodingScheme?: string;
  /** The position label within its parent. */
  listEnumeration?: string;
  /** A short form of the statement. */
  abbreviatedStatement?: string;
  /** Concept keywords. */
  conceptKeywords?: string[];
  /** A link to the concept's definition. */
  conceptKeywordsURI?: CaseJsonLink;
  /** Free-text notes. */
  notes?: string;
  /** The subjects of the item. */
  subject?: string[];
  /** Links to the subjects' definitions. */
  subjectURI?: CaseJsonLink[];
  /** The language of the text. */
  language?: string;
  /** Grade levels, e.g. `03`. */
  educationLevel?: string[];
  /** A link to the item type's definition. */
  CFItemTypeURI?: CaseJsonLink;
  /** The item's licence. */
  licenseURI?: CaseJsonLink;
  /** When the status began (YYYY-MM-DD). */
  statusStartDate?: string;
  /** When the status ends (YYYY-MM-DD). */
  statusEndDate?: string;
  /** When it last changed (RFC 3339 with a zone). */
  lastChangeDateTime: string;
  /** Extension members. */
  extensions?: CaseJsonExtensions;
}

/** A relationship between two nodes; `isChildOf` builds the hierarchy. */
export interface CaseJsonAssociation {
  /** The association's identifier. */
  identifier: string;
  /** What the association says, e.g. `isChildOf`. */
  associationType: string;
  /** The origin's position among its siblings. */
  sequenceNumber?: number;
  /** The association's URI. */
  uri: string;
  /** The node it starts from. */
  originNodeURI: CaseJsonLink;
  /** The node it points to. */
  destinationNodeURI: CaseJsonLink;
  /** A link to the association grouping's definition. */
  CFAssociationGroupingURI?: CaseJsonLink;
  /** When it last changed (RFC 3339 with a zone). */
  lastChangeDateTime: string;
  /** Free-text notes. */
  notes?: string;
  /** Extension members. */
  extensions?: CaseJsonExtensions;
}

/** The definitions the framework refers to; each entry as the IMS schema defines it. */
export interface CaseJsonDefinitions {
  /** Concepts. */
  CFConcepts?: Record<string, unknown>[];
  /** Subjects. */
  CFSubjects?: Record<string, unknown>[];
  /** Licences. */
  CFLicenses?: Record<string, unknown>[];
  /** Item types. */
  CFItemTypes?: Record<string, unknown>[];
  /** Association groupings. */
  CFAssociationGroupings?: Record<string, unknown>[];
  /** Extension members. */
  extensions?: CaseJsonExtensions;
}

/** A whole framework as IMS CASE 1.1 JSON: what `toCaseJson` returns, what other CASE tools import. */
export interface CaseJsonPackage {
  /** The document. */
  CFDocument: CaseJsonDocument;
  /** Every item. */
  CFItems: CaseJsonItem[];
  /** Every association. */
  CFAssociations: CaseJsonAssociation[];
  /** The definitions, when the package has any. */
  CFDefinitions?: CaseJsonDefinitions;
  /** Extension members of the package. */
  extensions?: CaseJsonExtensions;
}
