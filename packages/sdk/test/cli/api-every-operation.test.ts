// Every operation of the resource map is a `learnkit api` command, and each one runs against the mock platform
// (docs/decisions.md#d-i28-cli-command): an operation added to the map without a way here to call it fails this file.
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

/** What the calls below are made with: the seeded ids, and what earlier calls answered. */
interface Fixtures {
  platform: MockPlatform;
  /** A file of this test's folder holding `value` as JSON, as `@path` for `--body`. */
  file(name: string, value: unknown): string;
  subscriptionId?: string;
  enrollmentId?: string;
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
  'oneroster.classes.list': { args: () => ['--query', "filter=title~'math'"] },
  'oneroster.classes.students': { args: () => ['class-math-g3'] },
  'oneroster.classes.teachers': { args: () => ['class-math-g3'] },
  'oneroster.courses.list': { args: () => ['--query', 'search=math'] },
  'oneroster.courses.classes': { args: (f) => [roster(f).mathCourseId] },
  'oneroster.demographics.list': { args: () => [] },
  'oneroster.enrollments.list': { args: () => ['--query', 'orderBy=desc', '--query', 'sort=sourcedId'] },
  'oneroster.schools.classStudents': { args: (f) => [roster(f).schoolIds[0]!, 'class-math-g3'] },
  'oneroster.users.list': { args: () => ['--query', 'limit=5', '--query', 'offset=5'] },
  'oneroster.users.get': { args: (f) => [student(f), '--query', 'fields=sourcedId,email'] },
  'oneroster.gradebook.assessmentLineItems.list': { args: () => [] },
  'oneroster.gradebook.assessmentLineItems.get': { args: (f) => [roster(f).lineItemId] },
  'oneroster.gradebook.assessmentLineItems.create': { args: () => body({ title: 'Quiz 1' }) },
  'oneroster.gradebook.assessmentLineItems.put': {
    args: () => ['ali-cli-quiz-2', ...body({ title: 'Quiz 2', class: { sourcedId: 'class-math-g3' } })],
  },
  'oneroster.gradebook.assessmentResults.list': { args: () => [] },
  'oneroster.gradebook.results.list': { args: () => [] },
  'oneroster.gradebook.results.forStudentInClass': { args: (f) => ['class-math-g3', student(f)] },
  'oneroster.resources.list': { args: () => [] },
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
  'rostering.linkedUsers.list': { args: (f) => [roster(f).parent.sourcedId] },
  'rostering.enrollments.list': {
    args: () => [],
    keep: (items, f) => {
      f.enrollmentId = (items[0] as { enrollmentId: string }).enrollmentId;
    },
  },
  'rostering.enrollments.get': { args: (f) => [f.enrollmentId!] },
  'rostering.orgs.config.get': { args: (f) => [roster(f).districtId] },
  'rostering.orgs.config.update': { args: (f) => [roster(f).districtId, ...body({ theme: 'dark' })] },
  'applications.drafts.create': { args: () => body({ name: 'Fractions' }) },
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
