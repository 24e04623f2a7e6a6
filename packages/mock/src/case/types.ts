/** A node reference of an uploaded association (input shape). */
export type CaseNodeRef = {
  /** The node's title or statement, for display. */
  title: string;
  /** The node's identifier (8-4-4-4-12 hex); becomes the `sourcedId` of the response Link. */
  identifier: string;
  /** The node's absolute URI. */
  uri: string;
};

/** A `...URI` reference of a response (`Link`). */
export type CaseLink = { sourcedId: string; title: string; uri: string };

/** The document of a package upload (input shape, identifier-keyed). */
export type CaseDocumentInput = {
  /** The identifier (8-4-4-4-12 hex); becomes the `sourcedId` of the stored object. */
  identifier: string;
  /** The object's absolute URI. */
  uri: string;
  /** When it last changed: an ISO 8601 date-time with a time zone. */
  lastChangeDateTime: string;
  /** The framework's title. */
  title: string;
  /** Who created the framework (an organization or person). */
  creator: string;
  /** The absolute URL of the framework at its official source. */
  officialSourceURL?: string;
  /** Who publishes the framework. */
  publisher?: string;
  /** A description of the framework. */
  description?: string;
  /** The language of the framework's text (for example `en`). */
  language?: string;
  /** The publisher's version of the framework. */
  version?: string;
  /** The CASE version; only `1.1` is kept in the response's `caseVersion`. */
  caseVersion?: string;
  /** The adoption status (for example `Draft` or `Adopted`). */
  adoptionStatus?: string;
  /** When the status began: a date `YYYY-MM-DD`. */
  statusStartDate?: string;
  /** When the status ends: a date `YYYY-MM-DD`. */
  statusEndDate?: string;
  /** The license's absolute URI (note the spelling); the response carries it as the `licenseURI` Link. */
  licenseUri?: string;
  /** Free-text notes. */
  notes?: string;
  /** The subjects the framework covers (for example `Math`). */
  subject?: string[];
  /** Extension members, stored as given; `frameworkType` here becomes the response's `frameworkType`. */
  extensions?: Record<string, unknown>;
};

/** An item of a package upload (input shape). */
export type CaseItemInput = {
  /** The identifier (8-4-4-4-12 hex); becomes the `sourcedId` of the stored object. */
  identifier: string;
  /** The object's absolute URI. */
  uri: string;
  /** When it last changed: an ISO 8601 date-time with a time zone. */
  lastChangeDateTime: string;
  /** The item's full text (the standard, competency or lesson statement). */
  fullStatement: string;
  /** A shorter or alternative label for the item. */
  alternativeLabel?: string;
  /** The item type (for example `Standard` or `Course Sequence`); wins over `cfItemType`. */
  CFItemType?: string;
  /** The item type in the lower-case spelling some publishers use; read when `CFItemType` is absent. */
  cfItemType?: string;
  /** The publisher's human-readable code (for example `3.NF.A.1`). */
  humanCodingScheme?: string;
  /** The item's position label within its parent (for example `1` or `a`). */
  listEnumeration?: string;
  /** A short form of `fullStatement`. */
  abbreviatedStatement?: string;
  /** Free-text notes. */
  notes?: string;
  /** The language of the item's text (for example `en`). */
  language?: string;
  /** When the item's status began: a date `YYYY-MM-DD`. */
  statusStartDate?: string;
  /** When the item's status ends: a date `YYYY-MM-DD`. */
  statusEndDate?: string;
  /** Keywords of the concepts the item covers. */
  conceptKeywords?: string[];
  /** The subjects of the item. */
  subject?: string[];
  /** The grade levels of the item (for example `03`). */
  educationLevel?: string[];
  /** A link `{ title?, identifier?, uri? }` to the item type; kept when it has an identifier and absolute URI. */
  CFItemTypeURI?: Record<string, unknown>;
  /** A link `{ title?, identifier?, uri? }` to the license; kept when it has an identifier and absolute URI. */
  licenseURI?: Record<string, unknown>;
  /** Extension members, stored and returned as given. */
  extensions?: Record<string, unknown>;
};

/** An association of a package upload (input shape). */
export type CaseAssociationInput = {
  /** The identifier (8-4-4-4-12 hex); becomes the `sourcedId` of the stored object. */
  identifier: string;
  /** The object's absolute URI. */
  uri: string;
  /** When it last changed: an ISO 8601 date-time with a time zone. */
  lastChangeDateTime: string;
  /** The relation, for example `isChildOf` (origin is a child of destination) or `precedes`. */
  associationType: string;
  /** The node the association starts from (the child of an `isChildOf`). */
  originNodeURI: CaseNodeRef;
  /** The node the association points to (the parent of an `isChildOf`). */
  destinationNodeURI: CaseNodeRef;
  /** The origin's position among its siblings (an integer; lower first). */
  sequenceNumber?: number;
  /** Extension members, stored and returned as given. */
  extensions?: Record<string, unknown>;
};

/** The definitions of a package upload. */
export type CaseDefinitionsInput = {
  CFItemTypes?: Record<string, unknown>[];
  CFSubjects?: Record<string, unknown>[];
  CFConcepts?: Record<string, unknown>[];
  CFLicenses?: Record<string, unknown>[];
  CFAssociationGroupings?: Record<string, unknown>[];
  extensions?: Record<string, unknown>;
};

/** The body of `POST /ims/case/v1p1/CFPackages`. */
export type CasePackageUpload = {
  /** The framework's document; its identifier keys the package, so a new upload replaces the earlier one. */
  CFDocument: CaseDocumentInput;
  /** Every item of the framework. */
  CFItems: CaseItemInput[];
  /** Every association of the framework (the tree is its `isChildOf` associations). */
  CFAssociations: CaseAssociationInput[];
  /** Item types, subjects, concepts, licenses and association groupings the framework refers to. */
  CFDefinitions?: CaseDefinitionsInput;
  /** Extension members of the package, stored as given. */
  extensions?: Record<string, unknown>;
};

/** A CFDocument as the API returns it. */
export type CFDocument = {
  sourcedId: string;
  title: string;
  uri: string;
  frameworkType?: string | null;
  caseVersion?: '1.1' | null;
  creator: string;
  lastChangeDateTime: string;
  officialSourceURL?: string | null;
  publisher?: string | null;
  description?: string | null;
  subject?: string[] | null;
  language?: string | null;
  version?: string | null;
  adoptionStatus?: string | null;
  statusStartDate?: string | null;
  statusEndDate?: string | null;
  licenseURI?: CaseLink | null;
  notes?: string | null;
  extensions?: Record<string, unknown> | null;
  CFPackageURI: CaseLink;
};

/** A CFItem as the API returns it. */
export type CFItem = {
  sourcedId: string;
  fullStatement: string;
  alternativeLabel?: string | null;
  CFItemType: string;
  uri: string;
  humanCodingScheme?: string | null;
  listEnumeration?: string | null;
  abbreviatedStatement?: string | null;
  conceptKeywords?: string[] | null;
  notes?: string | null;
  subject?: string[] | null;
  language?: string | null;
  educationLevel?: string[] | null;
  CFItemTypeURI?: CaseLink | null;
  licenseURI?: CaseLink | null;
  statusStartDate?: string | null;
  statusEndDate?: string | null;
  lastChangeDateTime: string;
  extensions?: Record<string, unknown> | null;
  CFDocumentURI?: CaseLink | null;
};

/** A CFAssociation as the API returns it. */
export type CFAssociation = {
  sourcedId: string;
  associationType: string;
  sequenceNumber?: number | null;
  uri: string;
  originNodeURI: CaseLink;
  destinationNodeURI: CaseLink;
  lastChangeDateTime: string;
  notes?: string | null;
  extensions?: Record<string, unknown> | null;
  CFDocumentURI?: CaseLink | null;
};
