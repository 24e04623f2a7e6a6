// OneRoster writes of the mock, held exactly (docs/testing.md#tests-that-bite): a create with an id that exists is
// refused and changes nothing, a soft delete moves dateLastModified, and every id of a list reference is checked.
import { beforeEach, describe, expect, it } from 'vitest';
import { useHarness } from './support/harness.js';

const CLASSES = '/ims/oneroster/rostering/v1p2/classes';
const MINUTE = 60_000;

type ClassRecord = { sourcedId: string; title: string; status: string; dateLastModified: string };

describe('OneRoster writes in the mock', () => {
  const h = useHarness('msw');
  let token = '';
  beforeEach(async () => {
    token = await h.token(h.platform.clients.internal);
  });
  const call = (method: string, path: string, body?: unknown) => h.call(method, path, { token, body });
  const klass = (more: Record<string, unknown> = {}) => ({
    class: {
      title: 'Math Grade 3 - Period 2',
      course: { sourcedId: 'course-math-g3' },
      org: { sourcedId: 'org-maple-elementary' },
      terms: [{ sourcedId: 'as-2025-fall' }],
      ...more,
    },
  });
  const read = async (id: string) => {
    const rawResponse = await call('GET', `${CLASSES}/${id}`);
    expect(rawResponse.status).toBe(200);
    return (rawResponse.body as { class: ClassRecord }).class;
  };

  it('a POST whose sourcedId exists is a 422 naming PUT, and the stored record is unchanged', async () => {
    const before = await read('class-math-g3');
    const rawResponse = await call(
      'POST',
      `${CLASSES}/`,
      klass({ sourcedId: 'class-math-g3', title: 'Overwritten' }),
    );
    expect(rawResponse.status).toBe(422);
    expect(rawResponse.text).toContain('class class-math-g3 already exists; use PUT to replace it');
    expect(await read('class-math-g3')).toEqual(before);
    // A new id is created as asked.
    const created = await call('POST', `${CLASSES}/`, klass({ sourcedId: 'class-math-g3-p2' }));
    expect(created.status).toBe(201);
    expect((await read('class-math-g3-p2')).title).toBe('Math Grade 3 - Period 2');
  });

  it('a soft delete marks the record tobedeleted with a newer dateLastModified', async () => {
    const before = await read('class-math-g3');
    await h.platform.clock.advance(5 * MINUTE);
    const deleted = await call('DELETE', `${CLASSES}/class-math-g3`);
    expect(deleted.status).toBeLessThan(300);
    const after = await read('class-math-g3');
    expect(after.status).toBe('tobedeleted');
    expect(Date.parse(after.dateLastModified)).toBeGreaterThan(Date.parse(before.dateLastModified));
    expect(Date.parse(after.dateLastModified)).toBe(h.platform.clock.now());
  });

  it('every id of a list reference is checked: a missing second term is a 422 naming it', async () => {
    const rawResponse = await call(
      'POST',
      `${CLASSES}/`,
      klass({
        sourcedId: 'class-two-terms',
        terms: [{ sourcedId: 'as-2025-fall' }, { sourcedId: 'as-nope' }],
      }),
    );
    expect(rawResponse.status).toBe(422);
    expect(rawResponse.text).toContain('terms as-nope does not exist');
    expect((await call('GET', `${CLASSES}/class-two-terms`)).status).toBe(404);
  });
});
