import { guidRef } from '../roster/views.js';
import type { RosterState } from '../state.js';

// The seeded gradebook, apart from the rest of the roster (roster.ts; docs/decisions.md#d-i15-source-shape).

/**
 * Seeds the gradebook of the student `studentId`: a line item per seeded activity of the Math course and earlier
 * results with mastered units. Returns the id of the first line item.
 */
export function seedGradebook(roster: RosterState, stamp: string, baseUrl: string, studentId: string) {
  const base = { status: 'active' as const, dateLastModified: stamp };
  const mathClass = () => guidRef(baseUrl, 'class', 'classes', 'class-math-g3');
  const lineItemId = 'ali-math-g3-fractions';
  for (const [sourcedId, title, resourceId] of [
    [lineItemId, 'Fractions on a number line', 'res-fractions-video'],
    ['ali-math-g3-multiplication', 'Multiplication facts', 'res-multiplication-game'],
  ] as const) {
    roster.resources.set(resourceId, {
      sourcedId: resourceId,
      ...base,
      title,
      roles: ['primary'],
      importance: 'primary',
      vendorResourceId: `vendor-${resourceId}`,
      vendorId: 'learnkit-demo',
      applicationId: null,
    });
    roster.lineItems.set(sourcedId, {
      sourcedId,
      ...base,
      title,
      description: `${title} (Math Grade 3)`,
      class: mathClass(),
      resultValueMin: 0,
      resultValueMax: 100,
      component: { sourcedId: 'component-math-g3-unit-2' },
      componentResource: { sourcedId: resourceId },
      metadata: { courseId: 'course-math-g3' },
    });
  }
  for (const [sourcedId, lineItem, score, masteredUnits, scoreDate, comment] of [
    ['ar-ada-1', lineItemId, 80, 2, '2025-09-10', 'Places unit fractions well; review halves.'],
    ['ar-ada-2', 'ali-math-g3-multiplication', 90, 3, '2025-09-24', 'Quick and accurate on the 6s.'],
  ] as const) {
    const href = `${baseUrl}/ims/oneroster/gradebook/v1p2/assessmentLineItems/${lineItem}`;
    const lineItemRef = { href, sourcedId: lineItem, type: 'assessmentLineItem' };
    const student = guidRef(baseUrl, 'user', 'users', studentId);
    const graded = { score, scoreDate, scoreStatus: 'fully graded', comment };
    const metadata = { courseId: 'course-math-g3', masteredUnits };
    const ofStudent = { sourcedId, ...base, assessmentLineItem: lineItemRef, student, ...graded };
    roster.assessmentResults.set(sourcedId, { ...ofStudent, metadata: { ...metadata, xpEarned: 20 } });
    const resultId = sourcedId.replace('ar-', 'res-');
    const result = { sourcedId: resultId, ...base, lineItem: lineItemRef, student, class: mathClass() };
    roster.results.set(resultId, { ...result, ...graded, metadata });
  }
  roster.mastery.set(`${studentId}|Math`, '03');
  return lineItemId;
}
