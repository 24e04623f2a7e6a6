/** Options of `generateFramework`. Every output is a pure function of these options. */
export type GenerateFrameworkOptions = {
  /** Seed of the generator (default 1): the same seed gives the same framework, byte for byte. */
  seed?: number;
  /** Number of CFItems (default 300), laid out as grades -> domains -> clusters -> standards. */
  items?: number;
  /** Subject (default `Math`); `Reading` and `Science` have their own vocabulary, any other string a generic one. */
  subject?: string;
  /** Grade levels to use, as CASE education level codes (default KG..08). */
  grades?: readonly string[];
  /** Title of the document (default derived from the subject and grades). */
  title?: string;
  /** Base of the generated `uri` members (default `https://frameworks.learnkit.test`). */
  baseUri?: string;
  /** Creator of the document (default `LearnKit Mock Standards Authority`). */
  creator?: string;
  /** `lastChangeDateTime` of every record (default `2025-06-01T12:00:00Z`). */
  lastChangeDateTime?: string;
  /** Identifier of the document (default derived from the seed). */
  documentId?: string;
  /**
   * The document's framework type, carried in `CFDocument.extensions.frameworkType` because the upload shape has
   * no such member; `Course Sequence` makes every item invalid for `CFItems/validate`.
   */
  frameworkType?: string;
  /** Share of standards with each extra association kind (defaults: precedes 0.3, isPeerOf 0.1, exactMatchOf 0.1, isRelatedTo 0.05). */
  associationRates?: Partial<Record<'precedes' | 'isPeerOf' | 'exactMatchOf' | 'isRelatedTo', number>>;
};
