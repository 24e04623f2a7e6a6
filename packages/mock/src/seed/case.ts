import { storePackage, toStoredPackage } from '../case/store.js';
import type { CasePackageUpload } from '../case/types.js';
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

/** A small Course Sequence: a sequence root (CFItemType `Course Sequence`) and its lessons. */
function courseSequence(seed: number, baseUri: string): CasePackageUpload {
  const documentId = seededUuid(seed, 0, 0xc5d0);
  const stamp = '2025-06-01T12:00:00Z';
  const [rootId, ...lessonIds] = Array.from({ length: 6 }, (_, index) => seededUuid(seed, index, 0xc5e1));
  const title = 'Math Grade 3 Course Sequence';
  const uri = (id: string) => `${baseUri}/CFItems/${id}`;
  const ref = (id: string, text: string) => ({ title: text, identifier: id, uri: uri(id) });
  const item = (
    identifier: string,
    fullStatement: string,
    CFItemType: string,
    humanCodingScheme: string,
  ) => ({
    identifier,
    uri: uri(identifier),
    lastChangeDateTime: stamp,
    fullStatement,
    CFItemType,
    humanCodingScheme,
  });
  const lessons = ['Equal groups', 'Arrays', 'Unit fractions', 'Area models', 'Elapsed time'].map(
    (name, index) => ({
      ...item(lessonIds[index]!, `Lesson ${index + 1}: ${name}`, 'Lesson', `M3.CS.${index + 1}`),
      listEnumeration: String(index + 1),
    }),
  );
  return {
    CFDocument: {
      identifier: documentId,
      uri: `${baseUri}/CFDocuments/${documentId}`,
      lastChangeDateTime: stamp,
      title,
      creator: 'LearnKit Mock Curriculum Team',
      caseVersion: '1.1',
      language: 'en',
      subject: ['Math'],
      extensions: { frameworkType: 'Course Sequence' },
    },
    CFItems: [item(rootId!, title, 'Course Sequence', 'M3.CS'), ...lessons],
    CFAssociations: lessons.map((lesson, index) => {
      const id = seededUuid(seed, index, 0xc5a5);
      return {
        identifier: id,
        uri: `${baseUri}/CFAssociations/${id}`,
        lastChangeDateTime: stamp,
        associationType: 'isChildOf',
        originNodeURI: ref(lesson.identifier, lesson.fullStatement),
        destinationNodeURI: ref(rootId!, title),
        sequenceNumber: index + 1,
      };
    }),
  };
}

/** Seeds a realistic framework of `items` items and a Course Sequence document. */
export function seedCase(state: MockState, seed: number, items: number, baseUrl: string): CaseFixtures {
  const baseUri = 'https://frameworks.learnkit.test';
  const framework = generateFramework({ seed, items, baseUri });
  storePackage(state.case, toStoredPackage(framework, baseUrl));
  const sequence = courseSequence(seed, baseUri);
  storePackage(state.case, toStoredPackage(sequence, baseUrl));
  const standards = framework.CFItems.filter((item) => item.CFItemType === 'Standard').map(
    (item) => item.identifier,
  );
  return {
    documentId: framework.CFDocument.identifier,
    standardIds: standards.slice(0, 5),
    itemIds: framework.CFItems.map((item) => item.identifier),
    associationId: framework.CFAssociations[0]!.identifier,
    courseSequenceDocumentId: sequence.CFDocument.identifier,
    courseSequenceItemIds: sequence.CFItems.map((item) => item.identifier),
  };
}
