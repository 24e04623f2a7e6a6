import type {
  CaseAssociationInput,
  CaseDefinitionsInput,
  CaseDocumentInput,
  CaseItemInput,
  CasePackageUpload,
} from '../case/types.js';
import { associationsOf, definitionsOf, documentOf, itemOf, settingsOf, walk } from './framework-nodes.js';
import type { GenerateFrameworkOptions } from './framework-options.js';

export type { GenerateFrameworkOptions } from './framework-options.js';

/** What each kind of record holds, in upload order: the document, every item, every association, the definitions. */
type RecordValues = {
  /** The first record: the `CFDocument` of the upload. */
  document: CaseDocumentInput;
  /** One of `CFItems`, parents before their children. */
  item: CaseItemInput;
  /** One of `CFAssociations`, after every item. */
  association: CaseAssociationInput;
  /** The last record: the framework's `CFDefinitions` (item types and the like). */
  definitions: CaseDefinitionsInput;
};

/** One record of a generated framework, in upload order: its `kind` and the `value` of that kind. */
export type FrameworkRecord = {
  [K in keyof RecordValues]: {
    /** What the record is: the document, an item, an association or the definitions. */
    kind: K;
    /** The record itself, as the upload body holds it. */
    value: RecordValues[K];
  };
}[keyof RecordValues];

/**
 * The records of a generated framework in upload order, one at a time, so a 100,000-item framework can be
 * written or uploaded as a stream without building it in memory first.
 */
export function* frameworkRecords(options: GenerateFrameworkOptions = {}): Generator<FrameworkRecord> {
  const settings = settingsOf(options);
  yield { kind: 'document', value: documentOf(settings) };
  for (const node of walk(settings)) yield { kind: 'item', value: itemOf(settings, node) };
  const counter = { next: 0 };
  for (const node of walk(settings)) {
    for (const association of associationsOf(settings, node, counter))
      yield { kind: 'association', value: association };
  }
  yield { kind: 'definitions', value: definitionsOf(settings) };
}

/**
 * The package upload body (`POST /ims/case/v1p1/CFPackages`) of a deterministic, realistic framework:
 * grade levels -> domains -> clusters -> standards joined by `isChildOf` associations with `sequenceNumber`,
 * plus `precedes`, `isPeerOf`, `exactMatchOf` and `isRelatedTo` associations between standards.
 */
export function generateFramework(options: GenerateFrameworkOptions = {}): CasePackageUpload {
  const body: CasePackageUpload = { CFDocument: undefined as never, CFItems: [], CFAssociations: [] };
  for (const record of frameworkRecords(options)) {
    if (record.kind === 'document') body.CFDocument = record.value;
    else if (record.kind === 'item') body.CFItems.push(record.value);
    else if (record.kind === 'association') body.CFAssociations.push(record.value);
    else body.CFDefinitions = record.value;
  }
  return body;
}

/**
 * The upload body of a generated framework as JSON text chunks (one per record), for streaming a large
 * framework into a request body or a file. Joined, the chunks equal `JSON.stringify(generateFramework(options))`.
 */
export function* frameworkJsonChunks(options: GenerateFrameworkOptions = {}): Generator<string> {
  // Neither list is ever empty (one item at least, each with its isChildOf), so each opens after what precedes it.
  let previous: FrameworkRecord['kind'] = 'document';
  for (const { kind, value } of frameworkRecords(options)) {
    const text = JSON.stringify(value);
    if (kind === 'document') yield `{"CFDocument":${text},"CFItems":[`;
    else if (kind === 'definitions') yield `],"CFDefinitions":${text}}`;
    else {
      if (kind === 'association' && previous === 'item') yield '],"CFAssociations":[';
      yield (kind === previous ? ',' : '') + text;
    }
    previous = kind;
  }
}
