import { pick, seededUuid } from '../internal/random.js';
import { guidRef, refId } from '../roster/views.js';
import type { MockState, StoredUser } from '../state.js';
import { seedGradebook } from './gradebook.js';

/** A seeded user as tests name it. */
export type SeededUser = {
  /** The user's id. */
  sourcedId: string;
  /** The user's email address. */
  email: string;
};

/** Well-known ids of the seeded roster, for tests. */
export type RosterFixtures = {
  /** The Maple district: the org scope of the `partner` client. */
  districtId: string;
  /** The Cedar district, outside the `partner` client's org scope. */
  otherDistrictId: string;
  /** The two schools of the Maple district (elementary, then middle). */
  schoolIds: string[];
  /** The high school of the Cedar district. */
  otherSchoolId: string;
  /** The 2025-2026 school year (academic session), parent of the fall and spring terms. */
  schoolYearId: string;
  /** The fall and spring terms (academic sessions of type `term`), each with two grading periods. */
  termIds: string[];
  /** Every seeded course, of both districts. */
  courseIds: string[];
  /** Every seeded class (one per course), of both districts. */
  classIds: string[];
  /** A student of the first school with gradebook history (`ada.lovelace@maple.learnkit.test`). */
  student: SeededUser;
  /** A teacher of the first school. */
  teacher: SeededUser;
  /** A parent with an open agent relationship to `student`. */
  parent: SeededUser;
  /** A student of the other district (outside the partner's org scope). */
  otherStudent: SeededUser;
  /** The Math Grade 3 course of `student`. */
  mathCourseId: string;
  /** An assessment line item of the Math class of `student`, with earlier results of `student`. */
  lineItemId: string;
};

const GIVEN = 'Maya Liam Noah Olivia Emma Lucas Aria Ethan Zoe Mateo Isla Leo'.split(' ');
const FAMILY = 'Garcia Nguyen Patel Johnson Kim Okafor Rossi Haddad Silva Cohen'.split(' ');
const START = '2025-08-15';

/** The members of demographics the seed does not know: every one is required, and may be null. */
const NO_DEMOGRAPHICS = {
  metadata: null,
  americanIndianOrAlaskaNative: null,
  asian: null,
  blackOrAfricanAmerican: null,
  nativeHawaiianOrOtherPacificIslander: null,
  white: null,
  demographicRaceTwoOrMoreRaces: null,
  hispanicOrLatinoEthnicity: null,
  countryOfBirthCode: null,
  stateOfBirthAbbreviation: null,
  publicSchoolResidenceStatus: null,
};

/** What every part of the roster seed shares: the roster, the fields of every record, and references. */
interface Seeding {
  roster: MockState['roster'];
  base: { status: 'active'; dateLastModified: string };
  ref: (type: string, collection: string, id: string) => ReturnType<typeof guidRef>;
  session: (id: string) => ReturnType<typeof guidRef> & { type: 'academicSession' };
}

/** The two districts and their schools; only the Maple district has a configuration to begin with. */
function seedOrgs({ roster, base }: Seeding): void {
  const mapleConfig = { timezone: 'America/Chicago', cameraMicDefault: 'at_school', appStoreEnabled: true };
  for (const [sourcedId, name, type, parentId] of [
    ['org-maple-district', 'Maple Unified School District', 'district', null],
    ['org-maple-elementary', 'Maple Elementary School', 'school', 'org-maple-district'],
    ['org-maple-middle', 'Maple Middle School', 'school', 'org-maple-district'],
    ['org-cedar-district', 'Cedar County Schools', 'district', null],
    ['org-cedar-high', 'Cedar High School', 'school', 'org-cedar-district'],
  ] as const) {
    roster.orgs.set(sourcedId, {
      sourcedId,
      ...base,
      name,
      type,
      identifier: sourcedId,
      parentId,
      metadata: null,
    });
    roster.orgConfigs.set(sourcedId, sourcedId === 'org-maple-district' ? mapleConfig : {});
  }
}

/**
 * The Maple district's school year, its two terms and their grading periods (the vendor's shape: `org` and a
 * numeric `schoolYear`).
 */
function seedSessions({ roster, base, ref, session }: Seeding): { schoolYearId: string; termIds: string[] } {
  const district = { ...ref('org', 'orgs', 'org-maple-district'), type: 'org' as const };
  const schoolYearId = 'as-2025-2026';
  const termIds = ['as-2025-fall', 'as-2026-spring'];
  for (const [sourcedId, title, startDate, endDate, type, parent] of [
    [schoolYearId, '2025-2026 School Year', START, '2026-06-15', 'schoolYear', null],
    ['as-2025-fall', 'Fall 2025', START, '2025-12-19', 'term', schoolYearId],
    ['as-2026-spring', 'Spring 2026', '2026-01-06', '2026-06-15', 'term', schoolYearId],
    ['gp-2025-fall-q1', 'Fall 2025 Q1', START, '2025-10-17', 'gradingPeriod', 'as-2025-fall'],
    ['gp-2025-fall-q2', 'Fall 2025 Q2', '2025-10-20', '2025-12-19', 'gradingPeriod', 'as-2025-fall'],
    ['gp-2026-spring-q3', 'Spring 2026 Q3', '2026-01-06', '2026-03-20', 'gradingPeriod', 'as-2026-spring'],
    ['gp-2026-spring-q4', 'Spring 2026 Q4', '2026-03-23', '2026-06-15', 'gradingPeriod', 'as-2026-spring'],
  ] as const) {
    roster.academicSessions.set(sourcedId, {
      sourcedId,
      ...base,
      metadata: null,
      title,
      startDate,
      endDate,
      type,
      parent: parent === null ? null : session(parent),
      schoolYear: 2026,
      org: district,
    });
  }
  return { schoolYearId, termIds };
}

const COURSES = [
  ['course-math-g3', 'Math Grade 3', 'MATH-3', 'Math', '03', 'org-maple-elementary'],
  ['course-reading-g3', 'Reading Grade 3', 'READ-3', 'Reading', '03', 'org-maple-elementary'],
  ['course-science-g5', 'Science Grade 5', 'SCI-5', 'Science', '05', 'org-maple-elementary'],
  ['course-math-g7', 'Math Grade 7', 'MATH-7', 'Math', '07', 'org-maple-middle'],
  ['course-language-g7', 'Language Grade 7', 'LANG-7', 'Language', '07', 'org-maple-middle'],
  ['course-science-g7', 'Science Grade 7', 'SCI-7', 'Science', '07', 'org-maple-middle'],
  ['course-math-g10', 'Geometry', 'MATH-10', 'Math', '10', 'org-cedar-high'],
] as const;

/** Each course, and one class of it in period 1 over both terms. */
function seedCourses({ roster, base, ref, session }: Seeding, schoolYearId: string, termIds: string[]): void {
  for (const [sourcedId, title, courseCode, subject, grade, orgId] of COURSES) {
    const shared = { grades: [grade], subjects: [subject] };
    roster.courses.set(sourcedId, {
      sourcedId,
      ...base,
      metadata: { totalLessons: 40 },
      title,
      academicSession: { sourcedId: schoolYearId },
      courseCode,
      ...shared,
      org: { sourcedId: orgId },
      level: null,
      gradingScheme: null,
    });
    const classId = sourcedId.replace('course-', 'class-');
    roster.classes.set(classId, {
      sourcedId: classId,
      ...base,
      metadata: null,
      title: `${title} - Period 1`,
      classCode: `${courseCode}-P1`,
      classType: 'scheduled',
      location: `Room ${100 + roster.classes.size}`,
      ...shared,
      periods: ['1'],
      course: ref('course', 'courses', sourcedId),
      school: ref('org', 'orgs', orgId),
      terms: termIds.map(session),
    });
  }
}

/** A user with one role, in its primary org, and an enrollment with that role in each of `classIds`. */
function person(
  { roster, base }: Seeding,
  sourcedId: string,
  [givenName, familyName]: [string, string],
  orgId: string,
  role: string,
  classIds: string[] = [],
  grades?: string[],
): StoredUser {
  // The email domain is the district's (maple, cedar); parents have their own.
  const domain = `${role === 'parent' ? 'parents' : orgId.split('-')[1]}.learnkit.test`;
  const email = `${givenName}.${familyName}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
  const username = email.split('@')[0] ?? null;
  const names = { givenName, familyName, email, username, enabledUser: true, primaryOrgId: orgId };
  const user = { sourcedId, ...base, ...names, grades, metadata: null };
  roster.users.set(sourcedId, user);
  const roleId = `role-${sourcedId}-${orgId}-${role}`;
  const dates = { beginDate: START, endDate: null };
  const membership = { roleId, userId: sourcedId, orgId, role, roleType: 'primary' };
  roster.roles.set(roleId, { ...membership, ...dates, ended: false });
  for (const classId of classIds) {
    const schoolId = refId(roster.classes.get(classId)!.school)!;
    const enrollment = `enr-${sourcedId}-${classId}`;
    const fields = {
      userId: sourcedId,
      classId,
      schoolId,
      role: role as 'student',
      primary: role === 'teacher',
      ...dates,
    };
    roster.enrollments.set(enrollment, { sourcedId: enrollment, ...base, ...fields, metadata: null });
  }
  return user;
}

/** The named people (Ada, her teacher and parent, and the staff), the generated students, and Cedar's two. */
function seedPeople(
  seeding: Seeding,
  seed: number,
): Record<'ada' | 'teacher' | 'parent' | 'other', StoredUser> {
  const { roster } = seeding;
  const [elementary, middle, cedar] = ['org-maple-elementary', 'org-maple-middle', 'org-cedar-high'];
  const [grade3, grade7, geometry] = [
    ['class-math-g3', 'class-reading-g3'],
    ['class-math-g7', 'class-language-g7'],
    ['class-math-g10'],
  ];
  const ada = person(seeding, 'usr-ada-lovelace', ['Ada', 'Lovelace'], elementary, 'student', grade3, ['03']);
  const teacher = person(seeding, 'usr-grace-hopper', ['Grace', 'Hopper'], elementary, 'teacher', grade3);
  const parent = person(seeding, 'usr-annabella-byron', ['Annabella', 'Byron'], elementary, 'parent');
  // The second relationship has ended: reads must leave it out (change 2026.09.08.2).
  for (const [index, [agentUserId, relationshipType, beginDate, endDate]] of (
    [
      [parent.sourcedId, 'parent', START, null],
      [teacher.sourcedId, 'guardian', '2024-08-15', '2025-06-01'],
    ] as const
  ).entries()) {
    const status = endDate === null ? 'active' : 'inactive';
    const agentId = seededUuid(seed, index, 0xa6e7);
    roster.agents.push({
      agentId,
      userId: ada.sourcedId,
      agentUserId,
      relationshipType,
      beginDate,
      endDate,
      status,
    });
  }
  person(seeding, 'usr-alan-turing', ['Alan', 'Turing'], middle, 'teacher', grade7);
  person(seeding, 'usr-rachel-carson', ['Rachel', 'Carson'], elementary, 'teacher', ['class-science-g5']);
  person(seeding, 'usr-mae-jemison', ['Mae', 'Jemison'], middle, 'teacher', ['class-science-g7']);
  // Two teachers without a class yet (a specialist, a substitute), as a new tenant has.
  person(seeding, 'usr-emmy-noether', ['Emmy', 'Noether'], elementary, 'teacher');
  person(seeding, 'usr-srinivasa-ramanujan', ['Srinivasa', 'Ramanujan'], middle, 'teacher');
  person(seeding, 'usr-katherine-johnson', ['Katherine', 'Johnson'], 'org-maple-district', 'administrator');

  // Generated students: deterministic names, spread over the Maple schools. With Ada, the partner's tenant holds
  // what the platform seeds a sandbox tenant with (integration/sandbox-environment): 3 organizations, 6 courses,
  // 6 classes, 6 teachers, 30 students and 36 enrollments; the last student is registered but in no class yet.
  for (let n = 0; n < 29; n++) {
    const name: [string, string] = [pick(GIVEN, seed, n, 31), `${pick(FAMILY, seed, n, 32)}${n + 1}`];
    const school = n % 3 === 2 ? middle : elementary;
    const classes = school === elementary ? [...grade3, 'class-science-g5'] : grade7;
    const id = `usr-student-${String(n + 1).padStart(3, '0')}`;
    const enrolled = n < 28 ? [classes[n % classes.length]!] : [];
    person(seeding, id, name, school, 'student', enrolled, [school === middle ? '07' : '03']);
  }
  const other = person(seeding, 'usr-cedar-student', ['Rosalind', 'Franklin'], cedar, 'student', geometry, [
    '10',
  ]);
  person(seeding, 'usr-cedar-teacher', ['Marie', 'Curie'], cedar, 'teacher', geometry);
  return { ada, teacher, parent, other };
}

/** Demographics of Ada and of the Cedar student, and Ada's application profile. */
function seedDemographics({ roster, base }: Seeding, ada: StoredUser, other: StoredUser): void {
  for (const [{ sourcedId }, birthDate, cityOfBirth] of [
    [ada, '2017-12-10', 'Springfield'],
    [other, '2010-07-25', 'Cedar Rapids'],
  ] as const) {
    roster.demographics.set(sourcedId, {
      sourcedId,
      ...base,
      ...NO_DEMOGRAPHICS,
      birthDate,
      sex: 'female',
      cityOfBirth,
    });
  }
  roster.profiles.set('prf-ada-app', {
    profileId: 'prf-ada-app',
    userId: ada.sourcedId,
    applicationId: null,
    profileType: 'learner',
    status: 'active',
  });
}

/** Seeds orgs, users, roles, courses, classes, enrollments, gradebook and resources. Deterministic per `seed`. */
export function seedRoster(state: MockState, seed: number, now: string, baseUrl: string): RosterFixtures {
  const roster = state.roster;
  const ref = (type: string, collection: string, id: string) => guidRef(baseUrl, type, collection, id);
  const seeding: Seeding = {
    roster,
    base: { status: 'active' as const, dateLastModified: now },
    ref,
    session: (id: string) => ({
      ...ref('academicSession', 'academicSessions', id),
      type: 'academicSession' as const,
    }),
  };
  seedOrgs(seeding);
  const { schoolYearId, termIds } = seedSessions(seeding);
  seedCourses(seeding, schoolYearId, termIds);
  const { ada, teacher, parent, other } = seedPeople(seeding, seed);
  seedDemographics(seeding, ada, other);
  const [elementary, middle, cedar] = ['org-maple-elementary', 'org-maple-middle', 'org-cedar-high'];

  const seeded = ({ sourcedId, email }: StoredUser): SeededUser => ({ sourcedId, email });
  return {
    districtId: 'org-maple-district',
    otherDistrictId: 'org-cedar-district',
    schoolIds: [elementary, middle],
    otherSchoolId: cedar,
    schoolYearId,
    termIds,
    courseIds: COURSES.map(([id]) => id),
    classIds: [...roster.classes.keys()],
    student: seeded(ada),
    teacher: seeded(teacher),
    parent: seeded(parent),
    otherStudent: seeded(other),
    mathCourseId: 'course-math-g3',
    // Gradebook: a line item per seeded activity of the Math course and earlier results with mastered units.
    lineItemId: seedGradebook(roster, now, ada.sourcedId),
  };
}
