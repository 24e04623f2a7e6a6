// Every operation of the resource map is a `learnkit api` command, and each one runs against the mock platform
// (docs/decisions.md#d-cli-api-command): an operation added to the map without a way here to call it fails this file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envelope, sessionEvent } from '@learnkit/activity/caliper';
import { fromCaseJson } from '@learnkit/case';
import type { MockPlatform } from '@learnkit/mock';
import { usePlatform } from '@learnkit/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPPED } from '../resource-map';
import { runCli } from './in-process';

const ctx = usePlatform('msw');
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'learnkit-api-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SENSOR = 'https://app.example.com';
const SESSION = `${SENSOR}/sessions/cli-1`;
/** The id of the agent relationship the agents' upsert and remove name. */
const AGENT_ID = '3f1c2b7a-9d4e-4c1f-8a2b-6e5d4c3b2a19';

/** A publisher's CASE export (abridged), converted as `learnkit case import` converts it: the upload's body. */
const CASE_EXPORT = {
  CFDocument: {
    identifier: 'http://purl.org/ASN/resources/D10003FB',
    uri: 'https://standards.example.org/uri/D10003FB',
    creator: 'NGA Center',
    title: 'Common Core State Standards for Mathematics',
    lastChangeDateTime: '2016-09-28T21:40:01',
  },
  CFItems: [
    {
      identifier: 'http://purl.org/ASN/resources/S114340D',
      uri: 'https://standards.example.org/uri/S114340D',
      fullStatement: 'Geometry',
      humanCodingScheme: 'K.G',
      lastChangeDateTime: '2016-07-28T00:14:52',
    },
  ],
  CFAssociations: [],
};

/** What the calls below are made with: the seeded ids, and what earlier calls responded. */
interface Fixtures {
  platform: MockPlatform;
  /** A file of this test's folder holding `value` as JSON, as `@path` for `--body`. */
  file(name: string, value: unknown): string;
  subscriptionId?: string;
  enrollmentId?: string;
  credentialId?: string;
}

/** One call: the arguments after `learnkit api <resource> <method>`, and what to keep of its JSON output. */
interface Call {
  args(f: Fixtures): string[];
  keep?(output: unknown[], f: Fixtures): void;
}

const roster = (f: Fixtures) => f.platform.fixtures.roster;
const student = (f: Fixtures) => roster(f).student.sourcedId;
const appId = (f: Fixtures) => f.platform.fixtures.application.applicationId;
const body = (value: unknown) => ['--body', JSON.stringify(value)];

// The OneRoster bodies of the calls below (the vendor's shapes: openapi/oneroster.yaml), each with its own sourcedId.
const SESSION_INPUT = (sourcedId: string, type: 'term' | 'gradingPeriod') => ({
  sourcedId,
  title: `${type} ${sourcedId}`,
  type,
  startDate: '2026-06-20',
  endDate: '2026-08-10',
  schoolYear: '2026',
  org: { sourcedId: 'org-maple-district' },
});
const COURSE_INPUT = (f: Fixtures) => ({
  sourcedId: 'course-cli',
  status: 'active',
  title: 'Math Grade 4',
  org: { sourcedId: roster(f).schoolIds[0] },
});
const COMPONENT_INPUT = {
  sourcedId: 'cc-cli',
  status: 'active',
  title: 'Unit 1',
  course: { sourcedId: 'course-cli' },
};
const PLACEMENT_INPUT = {
  sourcedId: 'cr-cli',
  status: 'active',
  title: 'Fractions video',
  courseComponent: { sourcedId: 'cc-cli' },
  resource: { sourcedId: 'res-fractions-video' },
};
const ENROLLMENT_INPUT = {
  sourcedId: 'enr-cli',
  role: 'student',
  user: { sourcedId: 'usr-student-001' },
  class: { sourcedId: 'class-science-g5' },
  school: { sourcedId: 'org-maple-elementary' },
};
const ORG_INPUT = (sourcedId: string, type: string, parent: string) => ({
  sourcedId,
  name: `Org ${sourcedId}`,
  type,
  parent: { sourcedId: parent },
});
const USER_INPUT = (f: Fixtures) => ({
  sourcedId: 'usr-cli',
  enabledUser: true,
  givenName: 'Mary',
  familyName: 'Somerville',
  email: 'mary.cli@maple.learnkit.test',
  roles: [{ roleType: 'primary', role: 'student', org: { sourcedId: roster(f).schoolIds[0] } }],
  userProfiles: [],
});
const ASSESSMENT_RESULT_INPUT = (f: Fixtures) => ({
  sourcedId: 'ar-cli',
  status: 'active',
  assessmentLineItem: { sourcedId: roster(f).lineItemId },
  student: { sourcedId: student(f) },
  score: 9,
  scoreDate: '2025-10-01T14:00:00Z',
  scoreStatus: 'fully graded',
});
const CATEGORY_INPUT = { sourcedId: 'cat-cli', status: 'active', title: 'Projects', weight: 0.1 };
const LINE_ITEM_INPUT = (f: Fixtures, sourcedId: string) => ({
  sourcedId,
  status: 'active',
  title: `Quiz ${sourcedId}`,
  assignDate: '2025-10-01T08:00:00Z',
  dueDate: '2025-10-08T08:00:00Z',
  class: { sourcedId: 'class-math-g3' },
  school: { sourcedId: roster(f).schoolIds[0] },
  category: { sourcedId: 'cat-quizzes' },
});
const RESULT_INPUT = (f: Fixtures, sourcedId: string, lineItem: string) => ({
  sourcedId,
  status: 'active',
  lineItem: { sourcedId: lineItem },
  student: { sourcedId: student(f) },
  score: 8,
  scoreDate: '2025-10-08T15:00:00Z',
  scoreStatus: 'fully graded',
});
const SCALE_INPUT = {
  sourcedId: 'ss-cli',
  status: 'active',
  title: 'Pass/fail',
  type: 'pass-fail',
  class: { sourcedId: 'class-math-g3' },
  scoreScaleValue: [{ itemValueLHS: '0', itemValueRHS: '59', value: 'fail' }],
};
const RESOURCE_INPUT = { sourcedId: 'res-cli', title: 'Area models', vendorResourceId: 'vendor-area-models' };

/** Every method of the map (`resource.method`), in the order they run: a write before the reads of what it made. */
const CALLS: Record<string, Call> = {
  'caliper.send': {
    args: (f) => [
      '--body',
      f.file(
        'envelope.json',
        envelope({
          sensor: SENSOR,
          events: [
            sessionEvent({
              action: 'LoggedIn',
              actor: { id: `${f.platform.baseUrl}/rostering/1.0/users/${student(f)}`, type: 'Person' },
              object: SENSOR,
              session: SESSION,
            }),
          ],
        }),
      ),
    ],
  },
  'case.documents.list': { args: () => ['--query', 'limit=2', '--query', 'fields=sourcedId,title'] },
  'case.documents.get': { args: (f) => [f.platform.fixtures.case.documentId, '--query', 'fields=title'] },
  'case.items.list': { args: () => ['--query', 'limit=3'] },
  'case.items.get': { args: (f) => [f.platform.fixtures.case.itemIds[0]!] },
  'case.items.validate': { args: (f) => body({ ids: f.platform.fixtures.case.standardIds }) },
  'case.associations.get': { args: (f) => [f.platform.fixtures.case.associationId] },
  'case.packages.get': { args: (f) => [f.platform.fixtures.case.documentId] },
  'case.packages.upload': {
    args: (f) => ['--body', f.file('package.json', fromCaseJson(JSON.stringify(CASE_EXPORT)).body)],
  },
  'oneroster.academicSessions.list': { args: () => [] },
  'oneroster.academicSessions.create': { args: () => body(SESSION_INPUT('as-cli-summer', 'term')) },
  'oneroster.academicSessions.get': { args: () => ['as-cli-summer'] },
  'oneroster.academicSessions.update': {
    args: () => [
      'as-cli-summer',
      ...body({ ...SESSION_INPUT('as-cli-summer', 'term'), title: 'Summer term' }),
    ],
  },
  'oneroster.academicSessions.delete': { args: () => ['as-cli-summer'] },
  'oneroster.classes.list': { args: () => ['--query', "filter=title~'math'"] },
  'oneroster.classes.get': { args: () => ['class-math-g3'] },
  'oneroster.classes.create': {
    args: (f) =>
      body({
        sourcedId: 'class-cli',
        title: 'Math Grade 3 - Period 2',
        course: { sourcedId: roster(f).mathCourseId },
        org: { sourcedId: roster(f).schoolIds[0] },
        terms: [{ sourcedId: 'as-2025-fall' }],
      }),
  },
  'oneroster.classes.update': { args: () => ['class-cli', ...body({ location: 'Room 9' })] },
  'oneroster.classes.students.list': { args: () => ['class-math-g3'] },
  'oneroster.classes.students.add': {
    args: (f) => ['class-cli', ...body({ user: { sourcedId: student(f) } })],
  },
  'oneroster.classes.teachers.list': { args: () => ['class-math-g3'] },
  'oneroster.classes.teachers.add': {
    args: (f) => ['class-cli', ...body({ user: { sourcedId: roster(f).teacher.sourcedId } })],
  },
  'oneroster.classes.delete': { args: () => ['class-cli'] },
  'oneroster.courses.list': { args: () => ['--query', 'search=math'] },
  'oneroster.courses.get': { args: (f) => [roster(f).mathCourseId] },
  'oneroster.courses.create': { args: (f) => body(COURSE_INPUT(f)) },
  'oneroster.courses.update': {
    args: (f) => ['course-cli', ...body({ ...COURSE_INPUT(f), title: 'Math 4' })],
  },
  'oneroster.courses.classes.list': { args: (f) => [roster(f).mathCourseId] },
  'oneroster.courses.components.list': { args: () => ['--query', 'sort=sortOrder'] },
  'oneroster.courses.components.create': { args: () => body(COMPONENT_INPUT) },
  'oneroster.courses.components.get': { args: () => ['cc-cli'] },
  'oneroster.courses.components.update': {
    args: () => ['cc-cli', ...body({ ...COMPONENT_INPUT, sortOrder: 2 })],
  },
  'oneroster.courses.componentResources.list': { args: () => [] },
  'oneroster.courses.componentResources.create': { args: () => body(PLACEMENT_INPUT) },
  'oneroster.courses.componentResources.get': { args: () => ['cr-cli'] },
  'oneroster.courses.componentResources.update': {
    args: () => ['cr-cli', ...body({ ...PLACEMENT_INPUT, sortOrder: 2 })],
  },
  'oneroster.courses.componentResources.delete': { args: () => ['cr-cli'] },
  'oneroster.courses.components.delete': { args: () => ['cc-cli'] },
  'oneroster.courses.delete': { args: () => ['course-cli'] },
  'oneroster.demographics.list': { args: () => [] },
  'oneroster.demographics.get': { args: (f) => [student(f)] },
  'oneroster.demographics.create': {
    args: () => body({ sourcedId: 'usr-student-001', birthDate: '2017-03-02' }),
  },
  'oneroster.demographics.update': {
    args: () => ['usr-student-001', ...body({ sourcedId: 'usr-student-001', cityOfBirth: 'Madison' })],
  },
  'oneroster.demographics.delete': { args: () => ['usr-student-001'] },
  'oneroster.enrollments.list': { args: () => ['--query', 'orderBy=desc', '--query', 'sort=sourcedId'] },
  'oneroster.enrollments.create': { args: () => body(ENROLLMENT_INPUT) },
  'oneroster.enrollments.get': { args: () => ['enr-cli'] },
  'oneroster.enrollments.update': {
    args: () => ['enr-cli', ...body({ ...ENROLLMENT_INPUT, status: 'active', endDate: '2026-06-15' })],
  },
  'oneroster.enrollments.delete': { args: () => ['enr-cli'] },
  'oneroster.gradingPeriods.list': { args: () => [] },
  'oneroster.gradingPeriods.get': { args: () => ['gp-2025-fall-q1'] },
  'oneroster.gradingPeriods.create': { args: () => body(SESSION_INPUT('gp-cli', 'gradingPeriod')) },
  'oneroster.gradingPeriods.update': {
    args: () => ['gp-cli', ...body(SESSION_INPUT('gp-cli', 'gradingPeriod'))],
  },
  'oneroster.gradingPeriods.delete': { args: () => ['gp-cli'] },
  'oneroster.orgs.list': { args: () => [] },
  'oneroster.orgs.get': { args: (f) => [roster(f).districtId] },
  'oneroster.orgs.create': { args: (f) => body(ORG_INPUT('org-cli', 'department', roster(f).schoolIds[1]!)) },
  'oneroster.orgs.update': {
    args: (f) => [
      'org-cli',
      ...body({ ...ORG_INPUT('org-cli', 'department', roster(f).schoolIds[1]!), name: 'Maths' }),
    ],
  },
  'oneroster.orgs.delete': { args: () => ['org-cli'] },
  'oneroster.schools.list': { args: () => [] },
  'oneroster.schools.get': { args: (f) => [roster(f).schoolIds[0]!] },
  'oneroster.schools.create': {
    args: (f) => body(ORG_INPUT('org-cli-high', 'school', roster(f).districtId)),
  },
  'oneroster.schools.update': {
    args: (f) => ['org-cli-high', ...body(ORG_INPUT('org-cli-high', 'school', roster(f).districtId))],
  },
  'oneroster.schools.delete': { args: () => ['org-cli-high'] },
  'oneroster.schools.classes.list': { args: (f) => [roster(f).schoolIds[0]!] },
  'oneroster.schools.classes.enrollments.list': { args: (f) => [roster(f).schoolIds[0]!, 'class-math-g3'] },
  'oneroster.schools.classes.students.list': { args: (f) => [roster(f).schoolIds[0]!, 'class-math-g3'] },
  'oneroster.schools.classes.teachers.list': { args: (f) => [roster(f).schoolIds[0]!, 'class-math-g3'] },
  'oneroster.schools.courses.list': { args: (f) => [roster(f).schoolIds[0]!] },
  'oneroster.schools.enrollments.list': { args: (f) => [roster(f).schoolIds[0]!] },
  'oneroster.schools.students.list': { args: (f) => [roster(f).schoolIds[0]!] },
  'oneroster.schools.teachers.list': { args: (f) => [roster(f).schoolIds[0]!] },
  'oneroster.schools.terms.list': { args: (f) => [roster(f).schoolIds[0]!] },
  'oneroster.students.list': { args: () => ['--query', 'search=lovelace'] },
  'oneroster.students.get': { args: (f) => [student(f)] },
  'oneroster.students.classes.list': { args: (f) => [student(f)] },
  'oneroster.teachers.list': { args: () => [] },
  'oneroster.teachers.get': { args: (f) => [roster(f).teacher.sourcedId] },
  'oneroster.teachers.classes.list': { args: (f) => [roster(f).teacher.sourcedId] },
  'oneroster.terms.list': { args: () => [] },
  'oneroster.terms.get': { args: () => ['as-2025-fall'] },
  'oneroster.terms.classes.list': { args: () => ['as-2025-fall'] },
  'oneroster.terms.gradingPeriods.list': { args: () => ['as-2025-fall'] },
  'oneroster.terms.gradingPeriods.create': {
    args: () => ['as-2025-fall', ...body(SESSION_INPUT('gp-cli-fall', 'gradingPeriod'))],
  },
  'oneroster.users.list': { args: () => ['--query', 'limit=5', '--query', 'offset=5'] },
  'oneroster.users.get': { args: (f) => [student(f), '--query', 'fields=sourcedId,email'] },
  'oneroster.users.create': { args: (f) => body(USER_INPUT(f)) },
  'oneroster.users.update': { args: (f) => ['usr-cli', ...body({ ...USER_INPUT(f), pronouns: 'she/her' })] },
  'oneroster.users.classes.list': { args: (f) => [student(f)] },
  'oneroster.users.demographics.get': { args: (f) => [student(f)] },
  'oneroster.users.credentials.create': {
    args: (f) => [
      student(f),
      ...body({ applicationName: 'Reading app', credentials: { username: 'ada.cli', password: 'cli-pass' } }),
    ],
    keep: ([registered], f) => {
      f.credentialId = (registered as { credentialId: string }).credentialId;
    },
  },
  'oneroster.users.credentials.decrypt': { args: (f) => [student(f), f.credentialId!] },
  'oneroster.users.delete': { args: () => ['usr-cli'] },
  'oneroster.gradebook.assessmentLineItems.list': { args: () => [] },
  'oneroster.gradebook.assessmentLineItems.get': { args: (f) => [roster(f).lineItemId] },
  'oneroster.gradebook.assessmentLineItems.create': {
    args: () => body({ status: 'active', title: 'Quiz 1' }),
  },
  'oneroster.gradebook.assessmentLineItems.update': {
    args: () => [
      'ali-cli-quiz-2',
      ...body({ status: 'active', title: 'Quiz 2', class: { sourcedId: 'class-math-g3' } }),
    ],
  },
  'oneroster.gradebook.assessmentLineItems.delete': { args: () => ['ali-cli-quiz-2'] },
  'oneroster.gradebook.assessmentResults.list': { args: () => [] },
  'oneroster.gradebook.assessmentResults.get': { args: () => ['ar-ada-1'] },
  'oneroster.gradebook.assessmentResults.create': { args: (f) => body(ASSESSMENT_RESULT_INPUT(f)) },
  'oneroster.gradebook.assessmentResults.update': {
    args: (f) => ['ar-cli', ...body({ ...ASSESSMENT_RESULT_INPUT(f), score: 10 })],
  },
  'oneroster.gradebook.assessmentResults.delete': { args: () => ['ar-cli'] },
  'oneroster.gradebook.categories.list': { args: () => [] },
  'oneroster.gradebook.categories.get': { args: () => ['cat-quizzes'] },
  'oneroster.gradebook.categories.create': { args: () => body(CATEGORY_INPUT) },
  'oneroster.gradebook.categories.update': {
    args: () => ['cat-cli', ...body({ ...CATEGORY_INPUT, weight: 0.2 })],
  },
  'oneroster.gradebook.categories.delete': { args: () => ['cat-cli'] },
  'oneroster.gradebook.lineItems.list': { args: () => ['--query', "filter=class='class-math-g3'"] },
  'oneroster.gradebook.lineItems.get': { args: () => ['li-math-g3-fractions'] },
  'oneroster.gradebook.lineItems.create': { args: (f) => body(LINE_ITEM_INPUT(f, 'li-cli')) },
  'oneroster.gradebook.lineItems.update': {
    args: (f) => ['li-cli', ...body({ ...LINE_ITEM_INPUT(f, 'li-cli'), resultValueMax: 20 })],
  },
  'oneroster.gradebook.lineItems.results.create': {
    args: (f) => ['li-cli', ...body([RESULT_INPUT(f, 'res-cli-1', 'li-cli')])],
  },
  'oneroster.gradebook.lineItems.delete': { args: () => ['li-cli'] },
  'oneroster.gradebook.results.list': { args: () => [] },
  'oneroster.gradebook.results.get': { args: () => ['res-ada-1'] },
  'oneroster.gradebook.results.create': {
    args: (f) => body(RESULT_INPUT(f, 'res-cli-2', 'li-math-g3-fractions')),
  },
  'oneroster.gradebook.results.update': {
    args: (f) => [
      'res-cli-2',
      ...body({ ...RESULT_INPUT(f, 'res-cli-2', 'li-math-g3-fractions'), score: 9 }),
    ],
  },
  'oneroster.gradebook.results.delete': { args: () => ['res-cli-2'] },
  'oneroster.gradebook.scoreScales.list': { args: () => [] },
  'oneroster.gradebook.scoreScales.get': { args: () => ['ss-percent'] },
  'oneroster.gradebook.scoreScales.create': { args: () => body(SCALE_INPUT) },
  'oneroster.gradebook.scoreScales.update': {
    args: () => ['ss-cli', ...body({ ...SCALE_INPUT, title: 'Pass or fail' })],
  },
  'oneroster.gradebook.scoreScales.delete': { args: () => ['ss-cli'] },
  'oneroster.gradebook.classes.academicSessions.results.create': {
    args: (f) => [
      'class-math-g3',
      'as-2025-fall',
      ...body([RESULT_INPUT(f, 'res-cli-3', 'li-math-g3-fractions')]),
    ],
  },
  'oneroster.gradebook.classes.categories.list': { args: () => ['class-math-g3'] },
  'oneroster.gradebook.classes.lineItems.list': { args: () => ['class-math-g3'] },
  'oneroster.gradebook.classes.lineItems.create': {
    args: (f) => ['class-math-g3', ...body(LINE_ITEM_INPUT(f, 'li-cli-class'))],
  },
  'oneroster.gradebook.classes.lineItems.results.list': {
    args: () => ['class-math-g3', 'li-math-g3-fractions'],
  },
  'oneroster.gradebook.classes.results.list': { args: () => ['class-math-g3'] },
  'oneroster.gradebook.classes.scoreScales.list': { args: () => ['class-math-g3'] },
  'oneroster.gradebook.classes.students.results.list': { args: (f) => ['class-math-g3', student(f)] },
  'oneroster.gradebook.schools.lineItems.list': { args: (f) => [roster(f).schoolIds[0]!] },
  'oneroster.gradebook.schools.lineItems.create': {
    args: (f) => [roster(f).schoolIds[0]!, ...body([LINE_ITEM_INPUT(f, 'li-cli-school')])],
  },
  'oneroster.gradebook.schools.scoreScales.list': { args: (f) => [roster(f).schoolIds[0]!] },
  'oneroster.resources.list': { args: () => [] },
  'oneroster.resources.get': { args: () => ['res-fractions-video'] },
  'oneroster.resources.create': { args: () => body(RESOURCE_INPUT) },
  'oneroster.resources.update': {
    args: () => ['res-cli', ...body({ ...RESOURCE_INPUT, title: 'Area models' })],
  },
  'oneroster.resources.delete': { args: () => ['res-cli'] },
  // A file response: with --json it goes to --output (docs/decisions.md#d-oneroster-binary-export).
  'oneroster.resources.export': { args: () => ['res-fractions-video', '--output', join(dir, 'every.imscc')] },
  'oneroster.resources.classes.list': { args: () => ['class-math-g3'] },
  'oneroster.resources.classes.assign': {
    args: () => ['class-reading-g3', ...body({ sourcedId: 'res-fractions-video' })],
  },
  'oneroster.resources.classes.remove': { args: () => ['class-reading-g3', 'res-fractions-video'] },
  'oneroster.resources.courses.list': { args: (f) => [roster(f).mathCourseId] },
  'oneroster.resources.courses.assign': {
    args: (f) => [roster(f).mathCourseId, ...body({ sourcedId: 'res-multiplication-game' })],
  },
  'oneroster.resources.courses.remove': { args: (f) => [roster(f).mathCourseId, 'res-multiplication-game'] },
  'oneroster.resources.users.list': { args: (f) => [student(f)] },
  'oneroster.resources.users.assign': {
    args: (f) => [student(f), ...body({ sourcedId: 'res-fractions-video' })],
  },
  'oneroster.resources.users.remove': { args: (f) => [student(f), 'res-fractions-video'] },
  'rostering.users.get': { args: (f) => [student(f)] },
  'rostering.users.upsert': {
    args: () => [
      'usr-mary-somerville',
      ...body({
        email: 'mary.somerville@maple.learnkit.test',
        givenName: 'Mary',
        familyName: 'Somerville',
        primaryOrgId: 'org-maple-elementary',
        roles: [{ orgId: 'org-maple-elementary', role: 'student' }],
      }),
    ],
  },
  'rostering.roles.list': { args: (f) => [student(f)] },
  'rostering.roles.upsert': {
    args: (f) => [
      student(f),
      'role-ada-middle',
      ...body({ orgId: 'org-maple-middle', role: 'student', beginDate: '2026-01-05' }),
    ],
  },
  'rostering.profiles.list': { args: (f) => [student(f)] },
  'rostering.profiles.get': { args: (f) => [student(f), 'prf-ada-app'] },
  'rostering.agents.list': { args: (f) => [student(f)] },
  'rostering.agents.upsert': {
    args: (f) => [
      student(f),
      AGENT_ID,
      ...body({
        relationshipType: 'guardian',
        user: {
          href: `${f.platform.baseUrl}/rostering/1.0/users/${roster(f).teacher.sourcedId}`,
          sourcedId: roster(f).teacher.sourcedId,
          type: 'user',
        },
      }),
    ],
  },
  'rostering.agents.remove': { args: (f) => [student(f), AGENT_ID] },
  'rostering.orgs.list': { args: () => [] },
  'rostering.students.upsert': {
    args: () =>
      body({
        sourcedId: 'stu-sofia',
        givenName: 'Sofia',
        familyName: 'Kovalevskaya',
        primaryOrg: { sourcedId: 'org-maple-elementary', type: 'org' },
      }),
  },
  'rostering.linkedUsers.list': { args: (f) => [roster(f).parent.sourcedId] },
  'rostering.enrollments.list': {
    args: () => [],
    keep: (items, f) => {
      f.enrollmentId = (items[0] as { sourcedId: string }).sourcedId;
    },
  },
  'rostering.enrollments.get': { args: (f) => [f.enrollmentId!] },
  'rostering.orgs.config.get': { args: (f) => [roster(f).districtId] },
  'rostering.orgs.config.update': { args: (f) => [roster(f).districtId, ...body({ theme: 'dark' })] },
  'applications.drafts.create': {
    args: () =>
      body({
        name: 'Fractions',
        description: 'Fractions practice',
        launchUrl: 'https://fractions.example.com/lti',
      }),
  },
  'applications.ltiApplications.list': { args: () => [] },
  'applications.credentials.get': { args: (f) => [appId(f)] },
  'applications.credentials.rotate': { args: (f) => [appId(f)] },
  'applications.applications.list': { args: () => [] },
  'applications.applications.get': { args: (f) => [appId(f)] },
  'applications.applications.upsert': { args: () => ['app-fractions', ...body({ name: 'Fractions' })] },
  'events.sessions.get': { args: () => [SESSION] },
  'insights.sessions.list': { args: () => [] },
  'insights.sessions.get': { args: () => [SESSION] },
  'insights.sessions.getEnforcementState': { args: () => [SESSION] },
  'insights.sessions.writeMetadata': { args: () => body({ sessionId: SESSION, isProctored: true }) },
  'insights.users.list': { args: (f) => [student(f)] },
  'insights.users.sessions': { args: (f) => [student(f)] },
  'insights.users.overview': { args: (f) => [student(f)] },
  'insights.types.list': { args: () => [] },
  'insights.groups.list': { args: () => [] },
  'beyond.grades.get': { args: (f) => ['--query', `studentId=${student(f)}`, '--query', 'subject=Math'] },
  'discountCodes.validateForApp': { args: () => body({ code: 'WELCOME10' }) },
  'discountCodes.validateForParentCheckout': {
    args: (f) => [
      ...body({ code: 'WELCOME10' }),
      '--option',
      `parentSession=${f.platform.accessToken(f.platform.clients.otherPartner)}`,
    ],
  },
  'webhooks.subscriptions.create': {
    args: (f) => [appId(f), ...body({ url: 'https://hooks.example.com/cli', eventTypes: ['user.created'] })],
    keep: ([created], f) => {
      f.subscriptionId = (created as { id: string }).id;
    },
  },
  'webhooks.subscriptions.list': { args: (f) => [appId(f)] },
  'webhooks.subscriptions.get': { args: (f) => [appId(f), f.subscriptionId!] },
  'webhooks.subscriptions.update': {
    args: (f) => [appId(f), f.subscriptionId!, ...body({ status: 'paused' })],
  },
  'webhooks.subscriptions.rotateSecret': { args: (f) => [appId(f), f.subscriptionId!] },
  'webhooks.subscriptions.delete': { args: (f) => [appId(f), f.subscriptionId!] },
};

describe('learnkit api: every operation of the resource map', () => {
  it('has a call here for every method of the map, and no other', () => {
    expect(Object.keys(CALLS).sort()).toEqual(MAPPED.map((op) => op.method).sort());
  });

  it('lists every operation of the map with --list --json, as resource, method, operationId, httpMethod, path', async () => {
    const ran = await runCli(['api', '--list', '--json'], {});
    expect(ran.code).toBe(0);
    const listed = JSON.parse(ran.stdout) as Record<string, string>[];
    expect(listed).toEqual(
      MAPPED.map((op) => ({
        resource: op.method.slice(0, op.method.lastIndexOf('.')),
        method: op.method.slice(op.method.lastIndexOf('.') + 1),
        operationId: op.operationId,
        httpMethod: op.httpMethod,
        path: op.path,
      })),
    );
  });

  it('calls each one through the SDK against the mock: exit 0, JSON lines, the exchange within the documents', async () => {
    const { platform } = ctx;
    const env = {
      LEARNKIT_BASE_URL: ctx.baseUrl,
      LEARNKIT_CLIENT_ID: platform.clients.partner.clientId,
      LEARNKIT_CLIENT_SECRET: platform.clients.partner.clientSecret,
    };
    const f: Fixtures = {
      platform,
      file: (name, value) => {
        writeFileSync(join(dir, name), JSON.stringify(value));
        return `@${join(dir, name)}`;
      },
    };
    for (const [method, call] of Object.entries(CALLS)) {
      const dot = method.lastIndexOf('.');
      const argv = ['api', method.slice(0, dot), method.slice(dot + 1), ...call.args(f), '--json'];
      const ran = await runCli(argv, env);
      expect({ argv: argv.join(' '), code: ran.code, stderr: ran.stderr }).toEqual({
        argv: argv.join(' '),
        code: 0,
        stderr: expect.not.stringContaining('learnkit:'),
      });
      const lines = ran.stdout.split('\n').filter(Boolean);
      const output = lines.map((line) => JSON.parse(line) as unknown);
      call.keep?.(output, f);
      expect(`${ran.stdout}${ran.stderr}`).not.toContain(env.LEARNKIT_CLIENT_SECRET);
    }
    await ctx.contractChecks();
    const passed = new Set(
      ctx.recorder.results.filter((r) => r.ok && r.operationId).map((r) => r.operationId),
    );
    expect(MAPPED.map((op) => op.operationId).filter((id) => !passed.has(id))).toEqual([]);
  }, 120_000);
});
