import { NotFoundError, UnprocessableEntityError, ValidationError } from '@learnkit/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OneRosterDecryptedCredential, OneRosterUserWithDemographics } from '../src/index';
import type { OneRosterMock } from './harness';

/**
 * What the vendor's OneRoster description of 2025-10 changed (docs/decisions.md#d-oneroster-2025-10): its new
 * operations, the enrollment's school, the user's profiles, the PUTs responded with 201 and the optional members.
 */
export function vendor202510Tests(ctx: OneRosterMock): void {
  const roster = () => ctx.platform.fixtures.roster;

  describe('the vendor description of 2025-10', () => {
    it('users.demographics.get: a user with its demographics, null when it has none, 404 for no user', async () => {
      const users = ctx.client().users;
      const ada = await users.demographics.get(roster().student.sourcedId);
      expectTypeOf(ada).toEqualTypeOf<OneRosterUserWithDemographics>();
      expect(ada).toMatchObject({
        sourcedId: roster().student.sourcedId,
        email: roster().student.email,
        demographics: { sourcedId: roster().student.sourcedId, birthDate: '2017-12-10' },
      });
      expect((await users.demographics.get(roster().teacher.sourcedId)).demographics).toBeNull();
      await expect(users.demographics.get('usr-nobody')).rejects.toBeInstanceOf(NotFoundError);
    });

    it('users.credentials: registered on the profile of the application, read back without the password, decrypted', async () => {
      const users = ctx.client().users;
      const studentId = roster().student.sourcedId;
      const registered = await users.credentials.create(studentId, {
        applicationName: 'Reading app',
        credentials: { username: 'ada.reads', password: 'correct horse' },
      });
      expect(registered).toMatchObject({
        userProfileId: expect.any(String),
        credentialId: expect.any(String),
      });
      const user = await users.get(studentId);
      expect(user.userProfiles).toEqual([
        expect.objectContaining({
          profileId: registered.userProfileId,
          applicationId: 'Reading app',
          credentials: [{ id: registered.credentialId, type: 'password', username: 'ada.reads' }],
        }),
      ]);
      const decrypted = await users.credentials.decrypt(studentId, registered.credentialId);
      expectTypeOf(decrypted).toEqualTypeOf<OneRosterDecryptedCredential>();
      expect(decrypted).toEqual({ password: 'correct horse' });
      await expect(users.credentials.decrypt(studentId, 'cred-nope')).rejects.toBeInstanceOf(NotFoundError);
    });

    it('users.credentials.create refuses an empty application name before anything is sent', async () => {
      const before = ctx.apiRequests().length;
      const error = await ctx
        .client()
        .users.credentials.create(roster().student.sourcedId, {
          applicationName: '',
          credentials: { username: 'ada', password: 'x' },
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toContain('applicationName');
      expect(ctx.apiRequests()).toHaveLength(before);
    });

    it("an enrollment names its class's school: read back with it, refused without it, 422 for another school", async () => {
      const enrollments = ctx.client().enrollments;
      const page = await enrollments.list({ limit: 3 });
      for (const enrollment of page.data) expect(enrollment.school.sourcedId).toMatch(/^org-/);
      const without = { role: 'student' as const, user: { sourcedId: 'usr-student-001' } };
      const error = await enrollments
        // A body from outside the program that lacks the member the 2025-10 description requires.
        .create({ ...without, class: { sourcedId: 'class-science-g5' } } as never)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toContain('school');
      await expect(
        enrollments.create({
          ...without,
          class: { sourcedId: 'class-science-g5' },
          school: { sourcedId: 'org-maple-middle' },
        }),
      ).rejects.toBeInstanceOf(UnprocessableEntityError);
    });

    it('gradebook PUTs respond with 201 and resolve with the object; a line item may leave out its status', async () => {
      const { gradebook } = ctx.client();
      const category = await gradebook.categories
        .update('cat-2025-10', { status: 'active', title: 'Quizzes', weight: 0.2 })
        .withResponse();
      expect(category.response.status).toBe(201);
      expect(category.data).toMatchObject({ sourcedId: 'cat-2025-10', title: 'Quizzes' });
      const klass = 'class-math-g3';
      await gradebook.lineItems.update('li-2025-10', {
        title: 'No status given',
        assignDate: '2025-10-01T08:00:00Z',
        dueDate: '2025-10-08T08:00:00Z',
        class: { sourcedId: klass },
        school: { sourcedId: 'org-maple-elementary' },
        category: { sourcedId: 'cat-2025-10' },
      });
      expect((await gradebook.lineItems.get('li-2025-10')).title).toBe('No status given');
    });
  });
}
