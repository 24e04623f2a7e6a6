import type { OneRosterComponents } from '@learnkit/core';
import { guidRef } from '../roster/views.js';
import type { RosterState } from '../state.js';

// The seeded gradebook, apart from the rest of the roster (roster.ts; docs/decisions.md#d-i15-source-shape).

/**
 * Seeds the gradebook of the student `studentId`: a line item per seeded activity of the Math course and earlier
 * results with mastered units. Returns the id of the first line item.
 */
export function seedGradebook(
  roster: RosterState,
  stamp: string,
  baseUrl: string,
  studentId: string,
): string {
  const ref = (type: string, collection: string, id: string) => guidRef(baseUrl, type, collection, id);
  const lineItemId = 'ali-math-g3-fractions';
  const lineItems: [string, string, string][] = [
    [lineItemId, 'Fractions on a number line', 'res-fractions-video'],
    ['ali-math-g3-multiplication', 'Multiplication facts', 'res-multiplication-game'],
  ];
  for (const [sourcedId, title, resourceId] of lineItems) {
    roster.resources.set(resourceId, {
      sourcedId: resourceId,
      status: 'active',
      dateLastModified: stamp,
      title,
      roles: ['primary'],
      importance: 'primary',
      vendorResourceId: `vendor-${resourceId}`,
      vendorId: 'learnkit-demo',
      applicationId: null,
    });
    roster.lineItems.set(sourcedId, {
      sourcedId,
      status: 'active',
      dateLastModified: stamp,
      title,
      description: `${title} (Math Grade 3)`,
      class: ref('class', 'classes', 'class-math-g3'),
      resultValueMin: 0,
      resultValueMax: 100,
      component: { sourcedId: 'component-math-g3-unit-2' },
      componentResource: { sourcedId: resourceId },
      metadata: { courseId: 'course-math-g3' },
    });
  }
  const results: [string, string, number, number, string, string][] = [
    ['ar-ada-1', lineItemId, 80, 2, '2025-09-10', 'Places unit fractions well; review halves.'],
    ['ar-ada-2', 'ali-math-g3-multiplication', 90, 3, '2025-09-24', 'Quick and accurate on the 6s.'],
  ];
  for (const [sourcedId, lineItem, score, masteredUnits, date, comment] of results) {
    const result: OneRosterComponents['schemas']['AssessmentResult'] = {
      sourcedId,
      status: 'active',
      dateLastModified: stamp,
      assessmentLineItem: {
        href: `${baseUrl}/ims/oneroster/gradebook/v1p2/assessmentLineItems/${lineItem}`,
        sourcedId: lineItem,
        type: 'assessmentLineItem',
      },
      student: ref('user', 'users', studentId),
      score,
      scoreDate: date,
      scoreStatus: 'fully graded',
      comment,
      metadata: { courseId: 'course-math-g3', masteredUnits, xpEarned: 20 },
    };
    roster.assessmentResults.set(sourcedId, result);
    roster.results.set(sourcedId.replace('ar-', 'res-'), {
      sourcedId: sourcedId.replace('ar-', 'res-'),
      status: 'active',
      dateLastModified: stamp,
      lineItem: result.assessmentLineItem,
      student: result.student,
      class: ref('class', 'classes', 'class-math-g3'),
      score,
      scoreDate: date,
      scoreStatus: 'fully graded',
      comment,
      metadata: { courseId: 'course-math-g3', masteredUnits },
    });
  }
  roster.mastery.set(`${studentId}|Math`, '03');
  return lineItemId;
}
