import { pick } from '../internal/random.js';
import { guidRef } from '../roster/views.js';
import type { MockState, StoredEnrollment, StoredRole, StoredUser } from '../state.js';
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

const GIVEN = [
  'Maya',
  'Liam',
  'Noah',
  'Olivia',
  'Emma',
  'Lucas',
  'Aria',
  'Ethan',
  'Zoe',
  'Mateo',
  'Isla',
  'Leo',
];
const FAMILY = ['Garcia', 'Nguyen', 'Patel', 'Johnson', 'Kim', 'Okafor', 'Rossi', 'Haddad', 'Silva', 'Cohen'];

/** Seeds orgs, users, roles, courses, classes, enrollments, gradebook and resources. Deterministic per `seed`. */
export function seedRoster(state: MockState, seed: number, now: string, baseUrl: string): RosterFixtures {
  const roster = state.roster;
  const stamp = now;
  const ref = (type: string, collection: string, id: string) => guidRef(baseUrl, type, collection, id);

  const org = (sourcedId: string, name: string, type: string, parentId: string | null) => {
    roster.orgs.set(sourcedId, {
      sourcedId,
      status: 'active',
      dateLastModified: stamp,
      name,
      type,
      identifier: sourcedId,
      parentId,
    });
    roster.orgConfigs.set(sourcedId, {});
  };
  org('org-maple-district', 'Maple Unified School District', 'district', null);
  org('org-maple-elementary', 'Maple Elementary School', 'school', 'org-maple-district');
  org('org-maple-middle', 'Maple Middle School', 'school', 'org-maple-district');
  org('org-cedar-district', 'Cedar County Schools', 'district', null);
  org('org-cedar-high', 'Cedar High School', 'school', 'org-cedar-district');
  roster.orgConfigs.set('org-maple-district', {
    timezone: 'America/Chicago',
    proctoring: { webcamRequired: false },
  });

  const schoolYearId = 'as-2025-2026';
  roster.academicSessions.set(schoolYearId, {
    sourcedId: schoolYearId,
    status: 'active',
    dateLastModified: stamp,
    title: '2025-2026 School Year',
    startDate: '2025-08-15',
    endDate: '2026-06-15',
    type: 'schoolYear',
    parent: null,
    children: [
      ref('academicSession', 'academicSessions', 'as-2025-fall'),
      ref('academicSession', 'academicSessions', 'as-2026-spring'),
    ],
    schoolYear: '2026',
  });
  for (const [id, title, start, end] of [
    ['as-2025-fall', 'Fall 2025', '2025-08-15', '2025-12-19'],
    ['as-2026-spring', 'Spring 2026', '2026-01-06', '2026-06-15'],
  ] as const) {
    roster.academicSessions.set(id, {
      sourcedId: id,
      status: 'active',
      dateLastModified: stamp,
      title,
      startDate: start,
      endDate: end,
      type: 'term',
      parent: ref('academicSession', 'academicSessions', schoolYearId),
      schoolYear: '2026',
    });
  }

  const courses: [string, string, string, string, string, string][] = [
    ['course-math-g3', 'Math Grade 3', 'MATH-3', 'Math', '03', 'org-maple-elementary'],
    ['course-reading-g3', 'Reading Grade 3', 'READ-3', 'Reading', '03', 'org-maple-elementary'],
    ['course-science-g5', 'Science Grade 5', 'SCI-5', 'Science', '05', 'org-maple-elementary'],
    ['course-math-g7', 'Math Grade 7', 'MATH-7', 'Math', '07', 'org-maple-middle'],
    ['course-language-g7', 'Language Grade 7', 'LANG-7', 'Language', '07', 'org-maple-middle'],
    ['course-math-g10', 'Geometry', 'MATH-10', 'Math', '10', 'org-cedar-high'],
  ];
  for (const [sourcedId, title, courseCode, subject, grade, orgId] of courses) {
    roster.courses.set(sourcedId, {
      sourcedId,
      status: 'active',
      dateLastModified: stamp,
      title,
      schoolYear: ref('academicSession', 'academicSessions', schoolYearId),
      courseCode,
      grades: [grade],
      subjects: [subject],
      org: ref('org', 'orgs', orgId),
      metadata: { totalLessons: 40 },
    });
    const classId = sourcedId.replace('course-', 'class-');
    roster.classes.set(classId, {
      sourcedId: classId,
      status: 'active',
      dateLastModified: stamp,
      title: `${title} - Period 1`,
      classCode: `${courseCode}-P1`,
      classType: 'scheduled',
      location: `Room ${100 + roster.classes.size}`,
      grades: [grade],
      subjects: [subject],
      periods: ['1'],
      course: ref('course', 'courses', sourcedId),
      school: ref('org', 'orgs', orgId),
      terms: [ref('academicSession', 'academicSessions', schoolYearId)],
    });
  }

  const user = (
    sourcedId: string,
    givenName: string,
    familyName: string,
    domain: string,
    primaryOrgId: string,
    grades?: string[],
  ) => {
    const email = `${givenName}.${familyName}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
    const stored: StoredUser = {
      sourcedId,
      status: 'active',
      dateLastModified: stamp,
      givenName,
      familyName,
      email,
      username: email.split('@')[0] ?? null,
      enabledUser: true,
      primaryOrgId,
      grades,
      metadata: null,
    };
    roster.users.set(sourcedId, stored);
    return stored;
  };
  const role = (userId: string, orgId: string, roleName: string, roleType = 'primary') => {
    const roleId = `role-${userId}-${orgId}-${roleName}`;
    const stored: StoredRole = {
      roleId,
      userId,
      orgId,
      role: roleName,
      roleType,
      beginDate: '2025-08-15',
      endDate: null,
      ended: false,
    };
    roster.roles.set(roleId, stored);
  };
  const enroll = (userId: string, classId: string, roleName: string) => {
    const klass = roster.classes.get(classId)!;
    const sourcedId = `enr-${userId}-${classId}`;
    const enrollment: StoredEnrollment = {
      sourcedId,
      status: 'active',
      dateLastModified: stamp,
      userId,
      classId,
      schoolId: (klass.school as { sourcedId: string }).sourcedId,
      role: roleName,
      primary: roleName === 'teacher',
      beginDate: '2025-08-15',
      endDate: null,
      metadata: null,
    };
    roster.enrollments.set(sourcedId, enrollment);
  };

  const ada = user('usr-ada-lovelace', 'Ada', 'Lovelace', 'maple.learnkit.test', 'org-maple-elementary', [
    '03',
  ]);
  role(ada.sourcedId, 'org-maple-elementary', 'student');
  enroll(ada.sourcedId, 'class-math-g3', 'student');
  enroll(ada.sourcedId, 'class-reading-g3', 'student');
  const teacher = user('usr-grace-hopper', 'Grace', 'Hopper', 'maple.learnkit.test', 'org-maple-elementary');
  role(teacher.sourcedId, 'org-maple-elementary', 'teacher');
  enroll(teacher.sourcedId, 'class-math-g3', 'teacher');
  enroll(teacher.sourcedId, 'class-reading-g3', 'teacher');
  const parent = user(
    'usr-annabella-byron',
    'Annabella',
    'Byron',
    'parents.learnkit.test',
    'org-maple-elementary',
  );
  role(parent.sourcedId, 'org-maple-elementary', 'parent');
  roster.agents.push(
    {
      userId: ada.sourcedId,
      agentUserId: parent.sourcedId,
      relationshipType: 'parent',
      beginDate: '2025-08-15',
      endDate: null,
      status: 'active',
    },
    // An ended relationship, which reads must leave out (change 2026.09.08.2).
    {
      userId: ada.sourcedId,
      agentUserId: teacher.sourcedId,
      relationshipType: 'guardian',
      beginDate: '2024-08-15',
      endDate: '2025-06-01',
      status: 'inactive',
    },
  );
  const middleTeacher = user('usr-alan-turing', 'Alan', 'Turing', 'maple.learnkit.test', 'org-maple-middle');
  role(middleTeacher.sourcedId, 'org-maple-middle', 'teacher');
  enroll(middleTeacher.sourcedId, 'class-math-g7', 'teacher');
  enroll(middleTeacher.sourcedId, 'class-language-g7', 'teacher');
  const admin = user(
    'usr-katherine-johnson',
    'Katherine',
    'Johnson',
    'maple.learnkit.test',
    'org-maple-district',
  );
  role(admin.sourcedId, 'org-maple-district', 'administrator');

  // Generated students: deterministic names, spread over the Maple schools.
  const schoolClasses: Record<string, string[]> = {
    'org-maple-elementary': ['class-math-g3', 'class-reading-g3', 'class-science-g5'],
    'org-maple-middle': ['class-math-g7', 'class-language-g7'],
  };
  for (let n = 0; n < 24; n++) {
    const given = pick(GIVEN, seed, n, 31);
    const family = pick(FAMILY, seed, n, 32);
    const school = n % 3 === 2 ? 'org-maple-middle' : 'org-maple-elementary';
    const sourcedId = `usr-student-${String(n + 1).padStart(3, '0')}`;
    const student = user(sourcedId, given, `${family}${n + 1}`, 'maple.learnkit.test', school, [
      school === 'org-maple-middle' ? '07' : '03',
    ]);
    role(student.sourcedId, school, 'student');
    const classes = schoolClasses[school]!;
    enroll(student.sourcedId, classes[n % classes.length]!, 'student');
  }
  const other = user('usr-cedar-student', 'Rosalind', 'Franklin', 'cedar.learnkit.test', 'org-cedar-high', [
    '10',
  ]);
  role(other.sourcedId, 'org-cedar-high', 'student');
  enroll(other.sourcedId, 'class-math-g10', 'student');
  const cedarTeacher = user('usr-cedar-teacher', 'Marie', 'Curie', 'cedar.learnkit.test', 'org-cedar-high');
  role(cedarTeacher.sourcedId, 'org-cedar-high', 'teacher');
  enroll(cedarTeacher.sourcedId, 'class-math-g10', 'teacher');

  for (const stored of [ada, other]) {
    roster.demographics.set(stored.sourcedId, {
      sourcedId: stored.sourcedId,
      status: 'active',
      dateLastModified: stamp,
      birthDate: stored === ada ? '2017-12-10' : '2010-07-25',
      sex: 'female',
      cityOfBirth: stored === ada ? 'Springfield' : 'Cedar Rapids',
    });
  }
  roster.profiles.set('prf-ada-app', {
    profileId: 'prf-ada-app',
    userId: ada.sourcedId,
    applicationId: null,
    profileType: 'learner',
    status: 'active',
  });

  // Gradebook: a line item per seeded activity of the Math course and earlier results with mastered units.
  const lineItemId = seedGradebook(roster, stamp, baseUrl, ada.sourcedId);

  return {
    districtId: 'org-maple-district',
    otherDistrictId: 'org-cedar-district',
    schoolIds: ['org-maple-elementary', 'org-maple-middle'],
    otherSchoolId: 'org-cedar-high',
    schoolYearId,
    courseIds: courses.map(([id]) => id),
    classIds: [...roster.classes.keys()],
    student: { sourcedId: ada.sourcedId, email: ada.email },
    teacher: { sourcedId: teacher.sourcedId, email: teacher.email },
    parent: { sourcedId: parent.sourcedId, email: parent.email },
    otherStudent: { sourcedId: other.sourcedId, email: other.email },
    mathCourseId: 'course-math-g3',
    lineItemId,
  };
}
