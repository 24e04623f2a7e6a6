import { storePackage, toStoredPackage } from '../case/store.js';
import type { CaseItemInput, CasePackageUpload } from '../case/types.js';
import { seededUuid } from '../internal/random.js';
import type { MockState } from '../state.js';
import { generateFramework } from './framework.js';

/** Well-known ids of the seeded CASE data, for tests. */
export type CaseFixtures = {
  /** The seeded framework's document (a realistic Math framework). */
  documentId: string;
  /** A few of its standards (CFItemType `Standard`), valid for `CFItems/validate`. */
  standardIds: string[];
  /** Every item id of the framework, in document order. */
  itemIds: string[];
  /** An `isChildOf` association of the framework. */
  associationId: string;
  /** The Course Sequence document: every item of it is invalid for `CFItems/validate` (docs/decisions.md#d-course-sequence). */
  courseSequenceDocumentId: string;
  /** Every item id of the Course Sequence: its root first, then its lessons. */
  courseSequenceItemIds: string[];
};

const LESSONS = ['Equal groups', 'Arrays', 'Unit fractions', 'Area models', 'Elapsed time'];

/** A small Course Sequence: a sequence root (CFItemType `Course Sequence`) and its lessons. */
function courseSequence(seed: number, baseUri: string): CasePackageUpload {
  const stamp = '2025-06-01T12:00:00Z';
  const title = 'Math Grade 3 Course Sequence';
  // The members every record opens with, in the upload's order.
  const head = (kind: string, identifier: string) => ({
    identifier,
    uri: `${baseUri}/${kind}/${identifier}`,
    lastChangeDateTime: stamp,
  });
  const item = (index: number, fullStatement: string, CFItemType: string, humanCodingScheme: string) => ({
    ...head('CFItems', seededUuid(seed, index, 0xc5e1)),
    fullStatement,
    CFItemType,
    humanCodingScheme,
  });
  const root = item(0, title, 'Course Sequence', 'M3.CS');
  const lessons = LESSONS.map((name, k) => ({
    ...item(k + 1, `Lesson ${k + 1}: ${name}`, 'Lesson', `M3.CS.${k + 1}`),
    listEnumeration: String(k + 1),
  }));
  const ref = ({ fullStatement: title, identifier, uri }: typeof root) => ({ title, identifier, uri });
  return {
    CFDocument: {
      ...head('CFDocuments', seededUuid(seed, 0, 0xc5d0)),
      title,
      creator: 'LearnKit Mock Curriculum Team',
      caseVersion: '1.1',
      language: 'en',
      subject: ['Math'],
      extensions: { frameworkType: 'Course Sequence' },
    },
    CFItems: [root, ...lessons],
    CFAssociations: lessons.map((lesson, index) => ({
      ...head('CFAssociations', seededUuid(seed, index, 0xc5a5)),
      associationType: 'isChildOf',
      originNodeURI: ref(lesson),
      destinationNodeURI: ref(root),
      sequenceNumber: index + 1,
    })),
  };
}

/** Seeds a realistic framework of `items` items and a Course Sequence document. */
export function seedCase(state: MockState, seed: number, items: number, baseUrl: string): CaseFixtures {
  const baseUri = 'https://frameworks.learnkit.test';
  const framework = generateFramework({ seed, items, baseUri });
  const sequence = courseSequence(seed, baseUri);
  for (const upload of [framework, sequence]) storePackage(state.case, toStoredPackage(upload, baseUrl));
  const ids = (list: CaseItemInput[]) => list.map((item) => item.identifier);
  return {
    documentId: framework.CFDocument.identifier,
    standardIds: ids(framework.CFItems.filter((item) => item.CFItemType === 'Standard')).slice(0, 5),
    itemIds: ids(framework.CFItems),
    associationId: framework.CFAssociations[0]!.identifier,
    courseSequenceDocumentId: sequence.CFDocument.identifier,
    courseSequenceItemIds: ids(sequence.CFItems),
  };
}
