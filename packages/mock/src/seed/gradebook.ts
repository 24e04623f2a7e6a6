import type { RosterState, StoredResourceLink } from '../state.js';

// The seeded gradebook and course content, apart from the rest of the roster (roster.ts;
// docs/decisions.md#d-source-shape), in the shapes of openapi/oneroster.yaml (the vendor's).

type Base = { status: 'active'; dateLastModified: string; metadata: null };

const ref = (sourcedId: string) => ({ sourcedId });
const classId = 'class-math-g3';
const courseId = 'course-math-g3';
const assessmentLineItemId = 'ali-math-g3-fractions';

/** The seeded activities: assessment line item, line item, title, learning resource, and place in unit 2. */
const ACTIVITIES = [
  [assessmentLineItemId, 'li-math-g3-fractions', 'Fractions on a number line', 'res-fractions-video', 1],
  [
    'ali-math-g3-multiplication',
    'li-math-g3-multiplication',
    'Multiplication facts',
    'res-multiplication-game',
    2,
  ],
] as const;

/** The course's three units, each after the one before. */
function seedComponents(roster: RosterState, base: Base): void {
  for (const [n, title] of ['Place value', 'Fractions and multiplication', 'Measurement'].entries()) {
    const sourcedId = `component-math-g3-unit-${n + 1}`;
    roster.courseComponents.set(sourcedId, {
      sourcedId,
      ...base,
      course: ref(courseId),
      courseComponent: null,
      parent: null,
      title: `Unit ${n + 1}: ${title}`,
      sortOrder: n + 1,
      prerequisites: n === 0 ? null : [`component-math-g3-unit-${n}`],
      prerequisiteCriteria: null,
      unlockDate: `2025-0${8 + n}-15T00:00:00Z`,
    });
  }
}

/** The gradebook's categories and its percent score scale. */
function seedScales(roster: RosterState, base: Base): void {
  roster.categories.set('cat-quizzes', { sourcedId: 'cat-quizzes', ...base, title: 'Quizzes', weight: 0.4 });
  roster.categories.set('cat-homework', {
    sourcedId: 'cat-homework',
    ...base,
    title: 'Homework',
    weight: 0.6,
  });
  roster.scoreScales.set('ss-percent', {
    sourcedId: 'ss-percent',
    ...base,
    title: 'Percent',
    type: 'percentage',
    class: ref(classId),
    course: ref(courseId),
    scoreScaleValue: [
      { itemValueLHS: '0', itemValueRHS: '100', value: 'percent', description: 'Percent correct' },
    ],
  });
}

/**
 * One activity: its learning resource, placed in unit 2 and assigned (to the class, and the first to the course,
 * the second to the student), its line item and its assessment line item.
 */
function seedActivity(
  roster: RosterState,
  base: Base,
  [aliId, lineItemId, title, resourceId, sortOrder]: (typeof ACTIVITIES)[number],
  studentId: string,
): void {
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
  const placementId = resourceId.replace('res-', 'cr-');
  roster.componentResources.set(placementId, {
    sourcedId: placementId,
    ...base,
    courseComponent: ref('component-math-g3-unit-2'),
    resource: ref(resourceId),
    title,
    sortOrder,
  });
  // Assigned to the class, the first one to the course and the second to the student too.
  const owners: [StoredResourceLink['kind'], string][] = [
    ['classes', classId],
    sortOrder === 1 ? ['courses', courseId] : ['users', studentId],
  ];
  for (const [kind, ownerId] of owners) {
    roster.resourceLinks.set(`${kind}|${ownerId}|${resourceId}`, {
      kind,
      ownerId,
      resourceId,
      dateAssigned: '2025-08-15',
    });
  }
  roster.lineItems.set(lineItemId, {
    sourcedId: lineItemId,
    ...base,
    title,
    description: `${title} (Math Grade 3)`,
    assignDate: '2025-09-01T08:00:00Z',
    dueDate: '2025-09-30T20:00:00Z',
    class: ref(classId),
    school: ref('org-maple-elementary'),
    category: ref('cat-quizzes'),
    gradingPeriod: ref('gp-2025-fall-q1'),
    academicSession: ref('as-2025-fall'),
    scoreScale: ref('ss-percent'),
    resultValueMin: 0,
    resultValueMax: 100,
  });
  roster.assessmentLineItems.set(aliId, {
    sourcedId: aliId,
    ...base,
    title,
    description: `${title} (Math Grade 3)`,
    class: ref(classId),
    parent: null,
    scoreScale: ref('ss-percent'),
    resultValueMin: 0,
    resultValueMax: 100,
    component: ref('component-math-g3-unit-2'),
    componentResource: ref(placementId),
    metadata: { courseId },
  });
}

/** The student's results: one per line item, and one per assessment line item carrying mastered units. */
function seedResults(roster: RosterState, base: Base, studentId: string): void {
  for (const [n, [aliId, lineItemId]] of ACTIVITIES.entries()) {
    const [score, masteredUnits, day, comment] = [
      [80, 2, '2025-09-10', 'Places unit fractions well; review halves.'],
      [90, 3, '2025-09-24', 'Quick and accurate on the 6s.'],
    ][n] as [number, number, string, string];
    const graded = {
      student: ref(studentId),
      score,
      scoreDate: `${day}T15:00:00Z`,
      scoreStatus: 'fully graded' as const,
      comment,
    };
    const metadata = { courseId, masteredUnits };
    roster.assessmentResults.set(`ar-ada-${n + 1}`, {
      sourcedId: `ar-ada-${n + 1}`,
      ...base,
      assessmentLineItem: ref(aliId),
      ...graded,
      metadata: { ...metadata, xpEarned: 20 },
    });
    roster.results.set(`res-ada-${n + 1}`, {
      sourcedId: `res-ada-${n + 1}`,
      ...base,
      lineItem: ref(lineItemId),
      class: ref(classId),
      ...graded,
      metadata,
    });
  }
}

/**
 * Seeds the Math Grade 3 course's content and gradebook for the student `studentId`: three course components, the
 * two learning resources of the second one (placed as component resources and assigned to the class), a category
 * and a score scale, a line item per activity with the student's results, and an assessment line item per activity
 * with earlier assessment results carrying mastered units. Returns the id of the first assessment line item.
 */
export function seedGradebook(roster: RosterState, stamp: string, studentId: string) {
  const base: Base = { status: 'active' as const, dateLastModified: stamp, metadata: null };
  seedComponents(roster, base);
  seedScales(roster, base);
  for (const activity of ACTIVITIES) seedActivity(roster, base, activity, studentId);
  seedResults(roster, base, studentId);
  roster.mastery.set(`${studentId}|Math`, '03');
  return assessmentLineItemId;
}
