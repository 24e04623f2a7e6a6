/** A node reference of an uploaded association (input shape). */
export type CaseNodeRef = { title: string; identifier: string; uri: string };

/** A `...URI` reference of a response (`Link`). */
export type CaseLink = { sourcedId: string; title: string; uri: string };

/** The document of a package upload (input shape, identifier-keyed). */
export type CaseDocumentInput = {
  identifier: string;
  uri: string;
  lastChangeDateTime: string;
  title: string;
  creator: string;
  officialSourceURL?: string;
  publisher?: string;
  description?: string;
  language?: string;
  version?: string;
  caseVersion?: string;
  adoptionStatus?: string;
  statusStartDate?: string;
  statusEndDate?: string;
  licenseUri?: string;
  notes?: string;
  subject?: string[];
  extensions?: Record<string, unknown>;
};

/** An item of a package upload (input shape). */
export type CaseItemInput = {
  identifier: string;
  uri: string;
  lastChangeDateTime: string;
  fullStatement: string;
  alternativeLabel?: string;
  CFItemType?: string;
  cfItemType?: string;
  humanCodingScheme?: string;
  listEnumeration?: string;
  abbreviatedStatement?: string;
  notes?: string;
  language?: string;
  statusStartDate?: string;
  statusEndDate?: string;
  conceptKeywords?: string[];
  subject?: string[];
  educationLevel?: string[];
  CFItemTypeURI?: Record<string, unknown>;
  licenseURI?: Record<string, unknown>;
  extensions?: Record<string, unknown>;
};

/** An association of a package upload (input shape). */
export type CaseAssociationInput = {
  identifier: string;
  uri: string;
  lastChangeDateTime: string;
  associationType: string;
  originNodeURI: CaseNodeRef;
  destinationNodeURI: CaseNodeRef;
  sequenceNumber?: number;
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
  CFDocument: CaseDocumentInput;
  CFItems: CaseItemInput[];
  CFAssociations: CaseAssociationInput[];
  CFDefinitions?: CaseDefinitionsInput;
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
