import { NotFoundError, UnprocessableEntityError } from '@learnkit/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OneRosterMock } from './harness';

/** Resources: every operation of `/ims/oneroster/resources/v1p2`. */
export function resourcesTests(ctx: OneRosterMock): void {
  describe('resources', () => {
    it('resources: list with search, get, create, update, soft delete', async () => {
      const { resources } = ctx.client();
      const page = await resources.list({ search: 'multiplication' });
      expect(page.data.map((r) => r.sourcedId)).toEqual(['res-multiplication-game']);
      expect((await resources.get('res-fractions-video')).vendorResourceId).toBe(
        'vendor-res-fractions-video',
      );
      const { allocatedSourcedId: id } = await resources.create({
        title: 'Area models',
        vendorResourceId: 'vendor-area-models',
      });
      // The platform's response to an update names no member: the call resolves with nothing.
      const updated = await resources.update(id, {
        title: 'Area models (video)',
        vendorResourceId: 'vendor-area-models',
      });
      expectTypeOf(updated).toEqualTypeOf<void>();
      expect(updated).toBeUndefined();
      expect((await resources.get(id)).title).toBe('Area models (video)');
      await resources.delete(id);
      expect((await resources.get(id)).status).toBe('tobedeleted');
    });

    it('assignments: list, assign and remove the resources of a class, a course and a user', async () => {
      const { resources } = ctx.client();
      expect((await resources.classes.list('class-math-g3')).data.map((r) => r.sourcedId).sort()).toEqual([
        'res-fractions-video',
        'res-multiplication-game',
      ]);
      const pair = await resources.classes.assign('class-reading-g3', { sourcedId: 'res-fractions-video' });
      expect(pair.allocatedSourcedId).toBe('res-fractions-video');
      expect((await resources.classes.list('class-reading-g3')).data).toHaveLength(1);
      await resources.classes.remove('class-reading-g3', 'res-fractions-video');
      expect((await resources.classes.list('class-reading-g3')).data).toHaveLength(0);
      await expect(
        resources.classes.remove('class-reading-g3', 'res-fractions-video'),
      ).rejects.toBeInstanceOf(NotFoundError);

      await resources.courses.assign('course-math-g3', {
        sourcedId: 'res-fractions-video',
        dateAssigned: '2025-09-01',
      });
      expect((await resources.courses.list('course-math-g3')).data.map((r) => r.sourcedId)).toEqual([
        'res-fractions-video',
      ]);
      await resources.courses.remove('course-math-g3', 'res-fractions-video');
      await resources.users.assign('usr-ada-lovelace', { sourcedId: 'res-multiplication-game' });
      expect((await resources.users.list('usr-ada-lovelace')).data.map((r) => r.sourcedId)).toEqual([
        'res-multiplication-game',
      ]);
      await resources.users.remove('usr-ada-lovelace', 'res-multiplication-game');
      expect((await resources.users.list('usr-ada-lovelace')).data).toEqual([]);
      // A resource that does not exist is a reference to nothing.
      await expect(
        resources.users.assign('usr-ada-lovelace', { sourcedId: 'res-nope' }),
      ).rejects.toBeInstanceOf(UnprocessableEntityError);
    });
  });
}
