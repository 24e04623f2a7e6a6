import { fileURLToPath } from 'node:url';
import type { MockPlatform } from '@learnkit/mock';
import { usePlatform } from '@learnkit/test-utils';
import { describe, expect, it } from 'vitest';
import { completeActivity } from '../src/activity';
import { connect } from '../src/connect';
import { CATEGORY, lineItemIdOf, resultIdOf } from '../src/grade';
import { runBackendExample, STEPS } from '../src/run';
import { UNKNOWN_ID } from '../src/validate';
import { runNode, tsx } from './process';

const here = fileURLToPath(new URL('..', import.meta.url));

/** Runs `pnpm start`'s command (tsx with the source condition) and collects its output. */
const start = (env: Record<string, string | undefined>) =>
  runNode([tsx, '--conditions=@learnkit/source', 'src/main.ts'], { cwd: here, env });

describe('the back-end example, in process against the loopback mock', () => {
  it('browses, uploads, validates, manages a subscription and posts a grade, with effects on the platform', async () => {
    const lines: string[] = [];
    const connection = await connect({ lk: { logger: false } });
    const platform = connection.platform as MockPlatform;
    try {
      const titles: string[] = [];
      const result = await runBackendExample({
        lk: connection.lk,
        appId: connection.appId,
        studentEmail: connection.studentEmail,
        print: (line) => lines.push(line),
        step: (step, run) => {
          titles.push(step.title);
          return run((line) => lines.push(line));
        },
      });
      expect(titles).toEqual(STEPS.map((s) => s.title));

      // Browse: the seeded Math framework, not the Course Sequence.
      expect(result.browse.documentId).toBe(platform.fixtures.case.documentId);
      expect(result.browse.items).toBe(300);
      expect(result.browse.standards).toBeGreaterThan(100);

      // Upload: the framework is on the platform now, with its items.
      const { documentId } = result.upload;
      expect(platform.state.case.documents.get(documentId)?.title).toBe('Grade 3 Fractions (example)');
      const pkg = await connection.lk.case.packages.get(documentId);
      expect(pkg.CFItems).toHaveLength(8);

      // Validate: the known ids are valid, the made-up one is not.
      expect(result.validate.invalid).toEqual([UNKNOWN_ID]);
      expect(result.validate.valid).toHaveLength(4);

      // Subscription: created, paused, rotated and deleted.
      expect(result.subscription).toMatchObject({ listed: 1, paused: 'paused', rotated: true, remaining: 0 });
      const calls = platform.state.requests
        .filter((r) => r.path.includes('/subscriptions'))
        .map((r) => `${r.method} ${r.status}`);
      expect(calls).toEqual(['POST 201', 'GET 200', 'PUT 200', 'POST 200', 'DELETE 204', 'GET 200']);
      const stored = platform.state.subscriptions.get(result.subscription.id);
      expect(stored?.deletedAt).not.toBeNull();
      expect(stored?.secrets.length).toBe(2);

      // The activity: its completion recorded, then its grade in the student's Math class, at the mock.
      const { roster } = platform.fixtures;
      expect(result.activity.recorded.accepted).toBe(1);
      const lineItemId = lineItemIdOf('fractions-1', 'class-math-g3');
      const resultId = resultIdOf(lineItemId, roster.student.sourcedId);
      expect(result.activity.grade).toMatchObject({ posted: true, lineItemId, resultId, score: 80 });
      expect(platform.state.roster.lineItems.get(lineItemId)).toMatchObject({
        status: 'active',
        title: 'Fractions 1',
        class: { sourcedId: 'class-math-g3' },
        school: { sourcedId: roster.schoolIds[0] },
        category: { sourcedId: CATEGORY.id },
        resultValueMax: 100,
      });
      expect(platform.state.roster.results.get(resultId)).toMatchObject({
        status: 'active',
        lineItem: { sourcedId: lineItemId },
        student: { sourcedId: roster.student.sourcedId },
        score: 80,
        scoreStatus: 'fully graded',
      });
      // The teacher's view: the student's results in the class include it.
      const history = await connection.lk.oneroster.gradebook.classes.students.results.list(
        'class-math-g3',
        roster.student.sourcedId,
      );
      expect(history.data.map((r) => [r.lineItem.sourcedId, r.score])).toContainEqual([lineItemId, 80]);

      // Secrets are shown only as whsec_…abcd.
      const text = lines.join('\n');
      expect(text).toMatch(/secret whsec_…\w{4}/);
      expect(text).not.toMatch(/whsec_[A-Za-z0-9+/=_-]{8,}/);
    } finally {
      await connection.close();
    }
  });
});

describe('posting the grade of a completed activity', () => {
  it('writes by derived ids: completing again replaces the result, and a deleted line item gets none', async () => {
    const connection = await connect({ lk: { logger: false } });
    const platform = connection.platform as MockPlatform;
    const { lk, studentEmail } = connection;
    try {
      const first = await completeActivity(lk, () => {}, studentEmail);
      const lineItemId = first.grade.lineItemId as string;
      const resultId = first.grade.resultId as string;
      const results = () =>
        [...platform.state.roster.results.values()].filter((r) => r.lineItem.sourcedId === lineItemId);

      // Again: one line item, one result of the student on it, no second write of the line item.
      const writes = () =>
        platform.state.requests.filter(
          (r) => r.method === 'PUT' && r.path.endsWith(`/lineItems/${lineItemId}`),
        );
      expect(writes()).toHaveLength(1);
      const again = await completeActivity(lk, () => {}, studentEmail);
      expect(again.grade).toMatchObject({ posted: true, lineItemId, resultId });
      expect(writes()).toHaveLength(1);
      expect(results().map((r) => r.sourcedId)).toEqual([resultId]);
      expect(platform.state.roster.results.get(resultId)?.comment).toContain(again.recorded.runId);

      // The school deletes the line item (soft delete): the next completion posts nothing.
      await lk.oneroster.gradebook.lineItems.delete(lineItemId);
      const lines: string[] = [];
      const after = await completeActivity(lk, (line) => lines.push(line), studentEmail);
      expect(after.grade).toMatchObject({ posted: false, lineItemId });
      expect(lines.join('\n')).toContain('was deleted by the school: no result posted');
      expect(platform.state.roster.lineItems.get(lineItemId)?.status).toBe('tobedeleted');
      expect(results()).toHaveLength(1);
    } finally {
      await connection.close();
    }
  });
});

describe('`pnpm start` (tsx src/main.ts)', () => {
  // A fresh platform per test on its loopback server (`ctx.baseUrl`), for the runs given LEARNKIT_BASE_URL.
  const ctx = usePlatform('loopback');

  it('starts the embedded mock when LEARNKIT_BASE_URL is not set, and exits 0', async () => {
    const { code, stdout, stderr } = await start({});
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/against the embedded mock platform at http:\/\/127\.0\.0\.1:\d+/);
    for (const step of STEPS) expect(stdout).toContain(step.heading);
    expect(stdout).toContain('5 ids checked: 4 valid, 1 invalid');
    expect(stdout).toMatch(
      /Done: browsed .* created and deleted subscription [0-9a-f-]{36}, 80 posted on li-fractions-1-class-math-g3\./,
    );
  });

  it('uses LEARNKIT_* from the environment when they are set', async () => {
    const { platform, baseUrl } = ctx;
    const { partner } = platform.clients;
    const { code, stdout } = await start({
      LEARNKIT_BASE_URL: baseUrl,
      LEARNKIT_CLIENT_ID: partner.clientId,
      LEARNKIT_CLIENT_SECRET: partner.clientSecret,
      LEARNKIT_APP_ID: platform.fixtures.application.applicationId,
      LEARNKIT_STUDENT_EMAIL: platform.fixtures.roster.student.email,
    });
    expect(code).toBe(0);
    expect(stdout).toContain(`against ${baseUrl}`);
    // The effects landed on this test's platform.
    expect([...platform.state.case.documents.values()].map((d) => d.title)).toContain(
      'Grade 3 Fractions (example)',
    );
    expect(
      platform.state.requests.some((r) => r.method === 'DELETE' && r.path.includes('/subscriptions/')),
    ).toBe(true);
    const resultId = resultIdOf(
      lineItemIdOf('fractions-1', 'class-math-g3'),
      platform.fixtures.roster.student.sourcedId,
    );
    expect(platform.state.roster.results.get(resultId)?.score).toBe(80);
    const tokens = platform.state.tokens.filter((t) => t.clientId === partner.clientId);
    expect(tokens).toHaveLength(1);
  });

  it('names what is missing when the environment is half set', async () => {
    const { code, stderr } = await start({ LEARNKIT_BASE_URL: ctx.baseUrl, LEARNKIT_APP_ID: 'app' });
    expect(code).toBe(1);
    expect(stderr).toContain('LearnKit is not configured: missing clientId, clientSecret.');
    expect(stderr).toContain('LEARNKIT_CLIENT_ID');
  });
});
