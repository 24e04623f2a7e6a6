import { beforeEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';

type User = { sourcedId: string; email: string; roles: unknown[] };

/** OneRoster listings the activity server needs, platform rostering reads, applications and credentials. */
export function rosterTests(h: Harness): void {
  describe('OneRoster', () => {
    let token = '';
    beforeEach(async () => {
      token = await h.token(h.platform.clients.partner);
    });
    const get = (path: string) => h.call('GET', path, { token });

    it('finds a user by email, within the caller org scope only', async () => {
      const { student, otherStudent } = h.platform.fixtures.roster;
      const found = await get(
        `/ims/oneroster/rostering/v1p2/users/?filter=${encodeURIComponent(`email='${student.email}'`)}`,
      );
      expect(found.status).toBe(200);
      expect(found.headers.get('x-total-count')).toBe('1');
      expect((found.body as { users: User[] }).users[0]).toMatchObject({
        sourcedId: student.sourcedId,
        email: student.email,
        primaryOrg: { sourcedId: 'org-maple-elementary' },
      });
      const hidden = await get(
        `/ims/oneroster/rostering/v1p2/users/?filter=${encodeURIComponent(`email='${otherStudent.email}'`)}`,
      );
      expect((hidden.body as { users: User[] }).users).toEqual([]);
      expect((await get(`/ims/oneroster/rostering/v1p2/users/${otherStudent.sourcedId}`)).status).toBe(404);
      const internal = await h.token(h.platform.clients.internal);
      expect(
        (
          await h.call('GET', `/ims/oneroster/rostering/v1p2/users/${otherStudent.sourcedId}`, {
            token: internal,
          })
        ).status,
      ).toBe(200);
      const searched = await get('/ims/oneroster/rostering/v1p2/users/?search=LOVELACE');
      expect((searched.body as { users: User[] }).users.map((user) => user.sourcedId)).toEqual([
        student.sourcedId,
      ]);
    });

    it('lists courses, classes, class students and teachers, academic sessions and enrollments', async () => {
      const courses = await get('/ims/oneroster/rostering/v1p2/courses/?search=MATH-3');
      expect(
        (courses.body as { courses: { sourcedId: string }[] }).courses.map((course) => course.sourcedId),
      ).toEqual(['course-math-g3']);
      const classes = await get('/ims/oneroster/rostering/v1p2/courses/course-math-g3/classes');
      expect(
        (classes.body as { classes: { sourcedId: string }[] }).classes.map((klass) => klass.sourcedId),
      ).toEqual(['class-math-g3']);
      const students = await get(
        '/ims/oneroster/rostering/v1p2/classes/class-math-g3/students?fields=sourcedId',
      );
      // The vendor's members of a class's listings: `students` and `teachers`.
      expect((students.body as { students: User[] }).students).toContainEqual({
        sourcedId: h.platform.fixtures.roster.student.sourcedId,
      });
      const teachers = await get('/ims/oneroster/rostering/v1p2/classes/class-math-g3/teachers');
      expect((teachers.body as { teachers: User[] }).teachers.map((user) => user.sourcedId)).toEqual([
        h.platform.fixtures.roster.teacher.sourcedId,
      ]);
      const school = await get(
        '/ims/oneroster/rostering/v1p2/schools/org-maple-elementary/classes/class-math-g3/students?limit=2',
      );
      expect((school.body as { users: User[]; totalCount: number }).users).toHaveLength(2);
      expect(
        (await get('/ims/oneroster/rostering/v1p2/schools/org-maple-middle/classes/class-math-g3/students'))
          .status,
      ).toBe(404);
      const sessions = await get(
        `/ims/oneroster/rostering/v1p2/academicSessions/?filter=${encodeURIComponent("type='term'")}`,
      );
      expect((sessions.body as { totalCount: number }).totalCount).toBe(2);
      const enrollments = await get(
        `/ims/oneroster/rostering/v1p2/enrollments/?filter=${encodeURIComponent("role='teacher'")}`,
      );
      expect(
        (enrollments.body as { enrollments: { role: string }[] }).enrollments.every(
          (entry) => entry.role === 'teacher',
        ),
      ).toBe(true);
      expect((await get('/ims/oneroster/rostering/v1p2/classes/class-math-g10/students')).status).toBe(404);
      expect((await get('/ims/oneroster/rostering/v1p2/demographics/')).status).toBe(200);
      expect((await get('/ims/oneroster/resources/v1p2/resources/')).body).toMatchObject({ totalCount: 2 });
    });

    it('reads a student gradebook history and line items with component and componentResource', async () => {
      const student = h.platform.fixtures.roster.student.sourcedId;
      const results = await get(
        `/ims/oneroster/gradebook/v1p2/assessmentResults/?filter=${encodeURIComponent(`student='${student}'`)}`,
      );
      const list = (
        results.body as { assessmentResults: { metadata: { masteredUnits: number; courseId: string } }[] }
      ).assessmentResults;
      expect(list.map((result) => result.metadata)).toEqual([
        expect.objectContaining({ courseId: 'course-math-g3', masteredUnits: 2 }),
        expect.objectContaining({ courseId: 'course-math-g3', masteredUnits: 3 }),
      ]);
      const classResults = await get(
        `/ims/oneroster/gradebook/v1p2/classes/class-math-g3/students/${student}/results`,
      );
      expect((classResults.body as { totalCount: number }).totalCount).toBe(2);
      expect((await get('/ims/oneroster/gradebook/v1p2/results/?limit=1')).body).toMatchObject({ limit: 1 });
      const lineItems = await get('/ims/oneroster/gradebook/v1p2/assessmentLineItems/');
      expect((lineItems.body as { assessmentLineItems: unknown[] }).assessmentLineItems[0]).toMatchObject({
        component: { sourcedId: 'component-math-g3-unit-2' },
        componentResource: { sourcedId: 'cr-fractions-video' },
      });
    });

    it('creates line items with POST (201 sourcedIdPairs) and PUT (201 as the 2025-10 description responds, created then replaced), keeping component references', async () => {
      const body = {
        assessmentLineItem: {
          status: 'active',
          title: 'Unit quiz',
          class: { sourcedId: 'class-math-g3' },
          component: { sourcedId: 'cmp-1' },
          componentResource: { sourcedId: 'res-1' },
        },
      };
      const posted = await h.call('POST', '/ims/oneroster/gradebook/v1p2/assessmentLineItems/', {
        token,
        body,
      });
      expect(posted.status).toBe(201);
      const pair = (posted.body as { sourcedIdPairs: { allocatedSourcedId: string } }).sourcedIdPairs;
      const read = await get(`/ims/oneroster/gradebook/v1p2/assessmentLineItems/${pair.allocatedSourcedId}`);
      expect(read.body).toMatchObject({
        assessmentLineItem: {
          title: 'Unit quiz',
          component: { sourcedId: 'cmp-1' },
          componentResource: { sourcedId: 'res-1' },
          class: { sourcedId: 'class-math-g3' },
        },
      });
      const path = '/ims/oneroster/gradebook/v1p2/assessmentLineItems/ali-put';
      expect((await h.call('PUT', path, { token, body })).status).toBe(201);
      const replaced = await h.call('PUT', path, {
        token,
        body: { assessmentLineItem: { status: 'active', title: 'Renamed' } },
      });
      expect(replaced.status).toBe(201);
      expect(replaced.body).toMatchObject({ assessmentLineItem: { sourcedId: 'ali-put', title: 'Renamed' } });
      h.allowBadRequests();
      expect((await h.call('PUT', path, { token, body: { assessmentLineItem: { title: 3 } } })).status).toBe(
        400,
      );
      expect(
        (
          await h.call('PUT', path, {
            token,
            body: { assessmentLineItem: { title: 'x', component: { id: 'no' } } },
          })
        ).status,
      ).toBe(400);
    });
  });

  describe('platform rostering, applications and credentials', () => {
    let token = '';
    beforeEach(async () => {
      token = await h.token(h.platform.clients.partner);
    });
    const get = (path: string) => h.call('GET', path, { token });

    it('reads users, roles, open agents, linked users, profiles and enrollments', async () => {
      const { student, parent } = h.platform.fixtures.roster;
      expect((await get(`/rostering/1.0/users/${student.sourcedId}`)).body).toMatchObject({
        sourcedId: student.sourcedId,
        email: student.email,
        enabledUser: 'true',
        agents: [{ sourcedId: parent.sourcedId, type: 'user' }],
      });
      expect(
        ((await get(`/rostering/1.0/users/${student.sourcedId}/agents`)).body as { agents: unknown[] })
          .agents,
      ).toHaveLength(1);
      expect((await get(`/rostering/1.0/users/${parent.sourcedId}/linkedUsers`)).body).toEqual({
        linkedUsers: [{ agentId: expect.any(String), userId: student.sourcedId, relationshipType: 'parent' }],
        limit: 10,
        offset: 0,
        total: 1,
      });
      expect((await get(`/rostering/1.0/users/${student.sourcedId}/roles`)).body).toMatchObject({
        roles: [{ role: 'student' }],
      });
      expect((await get(`/rostering/1.0/users/${student.sourcedId}/profiles`)).body).toMatchObject({
        userProfiles: [{ profileId: 'prf-ada-app', vendorId: expect.any(String) }],
      });
      expect((await get(`/rostering/1.0/users/${student.sourcedId}/profiles/prf-ada-app`)).status).toBe(200);
      // Paged as the reference says: 10 unless asked, at most 100; `total` counts every page.
      const enrollments = (await get('/rostering/1.0/enrollments?limit=100')).body as {
        enrollments: { sourcedId: string; class: { sourcedId: string } }[];
        total: number;
      };
      expect(enrollments.total).toBe(36);
      expect(enrollments.enrollments.some((entry) => entry.class.sourcedId === 'class-math-g10')).toBe(false);
      expect((await get('/rostering/1.0/enrollments')).body).toMatchObject({
        limit: 10,
        offset: 0,
        total: 36,
      });
      expect(
        ((await get('/rostering/1.0/enrollments?offset=30')).body as { enrollments: unknown[] }).enrollments,
      ).toHaveLength(6);
      h.allowBadRequests();
      expect((await get('/rostering/1.0/enrollments?limit=101')).status).toBe(400);
      expect((await get(`/rostering/1.0/enrollments/${enrollments.enrollments[0]!.sourcedId}`)).status).toBe(
        200,
      );
      expect((await get('/rostering/1.0/enrollments/enr-usr-cedar-student-class-math-g10')).status).toBe(404);
      expect(
        (await get(`/rostering/1.0/users/${h.platform.fixtures.roster.otherStudent.sourcedId}`)).status,
      ).toBe(404);
    });

    it('syncs a roles list: new dates of a kept membership change it with no event, a new one is created, a missing one ends', async () => {
      const { teacher } = h.platform.fixtures.roster;
      const path = `/rostering/1.0/users/${teacher.sourcedId}`;
      const school = 'org-maple-elementary';
      const before = h.platform.state.events.length;
      const kept = { orgId: school, role: 'teacher', beginDate: '2025-09-01', endDate: null };
      const synced = await h.call('PUT', path, { token, body: { roles: [kept] } });
      expect(synced.status).toBe(200);
      const org = { href: expect.any(String), sourcedId: school, type: 'org' };
      expect((synced.body as { roles: unknown[] }).roles).toEqual([
        {
          roleId: expect.any(String),
          org,
          role: 'teacher',
          roleType: 'primary',
          beginDate: kept.beginDate,
          endDate: null,
          userProfile: null,
        },
      ]);
      expect(h.platform.state.events.slice(before).map((event) => event.envelope.type)).toEqual([
        'user.updated',
      ]);

      const aide = { orgId: school, role: 'aide' };
      const swapped = await h.call('PUT', path, { token, body: { roles: [aide] } });
      expect((swapped.body as { roles: unknown[] }).roles).toEqual([
        {
          roleId: expect.any(String),
          org,
          role: 'aide',
          roleType: 'primary',
          beginDate: null,
          endDate: null,
          userProfile: null,
        },
      ]);
      expect(h.platform.state.events.slice(before + 1).map((event) => event.envelope.type)).toEqual([
        'user.updated',
        'user_role.deleted',
        'user_role.created',
      ]);
    });

    it('registers drafts whose credentials the token endpoint accepts; reports and rotates credentials with a claim URL', async () => {
      const body = {
        name: 'My draft',
        description: 'A draft',
        launchUrl: 'https://draft.example.com/launch',
      };
      h.allowBadRequests();
      expect(
        (await h.call('POST', '/applications/1.0/drafts', { token, body: { name: 'My draft' } })).status,
      ).toBe(400);
      const draft = await h.call('POST', '/applications/1.0/drafts', { token, body });
      expect(draft.status).toBe(201);
      expect(draft.body).toMatchObject({ appUrn: expect.stringMatching(/^urn:uuid:/), publisherId: null });
      expect((await h.call('POST', '/applications/1.0/drafts', { token, body })).status).toBe(400);
      const { applicationId, clientId, clientSecret } = draft.body as {
        applicationId: string;
        clientId: string;
        clientSecret: string;
      };
      const draftToken = await h.token({ ...h.platform.clients.partner, clientId, clientSecret });
      expect(
        (await h.call('GET', `/webhooks/1.0/${applicationId}/subscriptions`, { token: draftToken })).status,
      ).toBe(200);
      expect((await get(`/applications/1.0/applications/${applicationId}`)).body).toMatchObject({
        sourcedId: applicationId,
        name: 'My draft',
      });
      expect(
        ((await get('/applications/1.0/applications')).body as { applications: unknown[] }).applications,
      ).toHaveLength(2);

      const seeded = h.platform.fixtures.application.applicationId;
      expect((await get(`/applications/1.0/${seeded}/credentials`)).body).toMatchObject({
        applicationId: seeded,
        appUrn: `urn:uuid:${seeded}`,
        productionCredentials: { clientId: h.platform.clients.application.clientId },
        sandboxStatus: 'awaiting_secret_claim',
      });
      const rotation = await h.call('POST', `/applications/1.0/${seeded}/credentials/rotate`, { token });
      expect(rotation.status).toBe(200);
      const claimUrl = (rotation.body as { claimUrl: string }).claimUrl;
      expect(claimUrl).toMatch(/^https?:\/\/.+\/applications\/1\.0\/claims\//);
      const claimed = await h.call('GET', new URL(claimUrl).pathname);
      h.allowBadResponses();
      const secret = (claimed.body as { clientSecret: string }).clientSecret;
      expect((await h.call('GET', new URL(claimUrl).pathname)).status).toBe(404);
      expect(await h.token({ ...h.platform.clients.application, clientSecret: secret })).toMatch(/\./);
      expect((await get(`/applications/1.0/${seeded}/credentials`)).body).toMatchObject({
        sandboxStatus: 'active',
      });
      expect((await get('/applications/1.0/app-missing/credentials')).status).toBe(404);
    });

    it('serves sessions, insight types and groups, the beyond grade read and discount codes', async () => {
      expect(
        ((await get('/insights/1.0/types')).body as { types: { slug: string; deprecated: boolean }[] }).types,
      ).toContainEqual(expect.objectContaining({ slug: 'IgnoringHelp', deprecated: true }));
      expect((await get('/insights/1.0/insight-groups')).body).toMatchObject({
        groups: [
          { slug: 'engagement', visibleTypeCount: 4 },
          { slug: 'integrity', visibleTypeCount: 1 },
        ],
      });
      const student = h.platform.fixtures.roster.student.sourcedId;
      expect(
        (await get(`/beyond/1.0/educator/students/grades?studentId=${student}&subject=Math`)).body,
      ).toEqual({ studentId: student, subject: 'Math', masteredGrade: '03' });
      expect(
        (await get(`/beyond/1.0/educator/students/grades?studentId=${student}&subject=Science`)).body,
      ).toMatchObject({ masteredGrade: null });
      expect(
        (await h.call('POST', '/apps/v1/discount-codes/validate', { token, body: { code: 'welcome10' } }))
          .body,
      ).toEqual({ valid: true, code: 'welcome10' });
      expect(
        (await h.call('POST', '/store/v1/discount-codes/validate', { token, body: { code: 'NOPE' } })).body,
      ).toEqual({ valid: false, code: 'NOPE' });
      expect((await get('/insights/1.0/sessions')).body).toEqual({
        sessions: [],
        limit: 10,
        offset: 0,
        total: 0,
      });
      expect(
        (await h.call('POST', '/insights/1.0/sessions', { token, body: { sessionId: 'nope' } })).status,
      ).toBe(404);
    });
  });
}
