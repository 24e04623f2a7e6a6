import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../src/index';
import { TEST_CONFIG, useSdkMock } from './harness';

describe('lk.activity without a configuration option: learnkit.config.json from the working directory', () => {
  const ctx = useSdkMock('msw');
  const home = process.cwd();
  let dir = '';

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'learnkit-sdk-'));
    process.chdir(dir);
  });
  afterEach(() => {
    process.chdir(home);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the file on first use, not when the client is made', async () => {
    const lk = ctx.lk({ activity: undefined });
    // Written after construction: only a lazy read can see it.
    writeFileSync(join(dir, 'learnkit.config.json'), JSON.stringify(TEST_CONFIG));
    expect(await lk.activity.config()).toMatchObject({ sensor: TEST_CONFIG.sensor, app: TEST_CONFIG.app });
    const { student } = ctx.platform.fixtures.roster;
    const result = await lk.activity.record({
      user: { email: student.email, platformId: student.sourcedId },
      activity: { id: 'fractions-2', name: 'Fractions 2', course: { subject: 'Math', grade: 3 } },
      metrics: { xpEarned: 3 },
    });
    expect(result.accepted).toBe(1);
    expect(ctx.platform.state.caliperEvents[0]?.sensor).toBe(TEST_CONFIG.sensor);
  });

  it('names the file and both ways to fix it when it is missing, and tries again once it exists', async () => {
    const lk = ctx.lk({ activity: undefined });
    const error = await lk.activity.config().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain('learnkit.config.json');
    expect((error as Error).message).toContain('{ config }');
    // lk.caliper needs the sensor for bare events: the same cause, with the caliper-side fixes.
    const caliperError = await lk.caliper.send([{} as never]).catch((e: unknown) => e);
    expect(caliperError).toBeInstanceOf(ValidationError);
    expect((caliperError as Error).message).toContain('lk.caliper.send(events, { sensor })');
    writeFileSync(join(dir, 'learnkit.config.json'), JSON.stringify(TEST_CONFIG));
    expect((await lk.activity.config()).sensor).toBe(TEST_CONFIG.sensor);
  });

  it('takes activity.config as a path too', async () => {
    writeFileSync(
      join(dir, 'other.json'),
      JSON.stringify({ ...TEST_CONFIG, sensor: 'https://other.example.com' }),
    );
    const lk = ctx.lk({ activity: { config: 'other.json' } });
    expect((await lk.activity.config()).sensor).toBe('https://other.example.com');
  });
});
