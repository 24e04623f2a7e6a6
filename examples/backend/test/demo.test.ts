// The README's first command, `pnpm demo`: it must pass, print its summary, and leave no process behind.
// (It lives here rather than in scripts/test/ because the demo runs this example.)
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode, tsx } from './process';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Pids of the live processes in process group `pgid` (Linux: /proc; elsewhere: ps). */
function processesInGroup(pgid: number): number[] {
  if (existsSync('/proc/self/stat')) {
    const pids: number[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // Fields after the command name (in parentheses): state, ppid, pgrp, ...
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[2]) === pgid && fields[0] !== 'Z') pids.push(Number(entry));
      } catch {
        // The process ended while we looked.
      }
    }
    return pids;
  }
  return execFileSync('ps', ['-A', '-o', 'pid=,pgid='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([, group]) => group === pgid)
    .map(([pid]) => pid as number);
}

async function expectNoProcessLeft(pgid: number) {
  // The group leader has exited; give the kernel a moment to reap the rest, then nothing may be left.
  for (let i = 0; i < 20 && processesInGroup(pgid).length > 0; i++)
    await new Promise((r) => setTimeout(r, 50));
  const left = processesInGroup(pgid);
  if (left.length > 0) process.kill(-pgid, 'SIGKILL');
  expect(left).toEqual([]);
}

describe('pnpm demo', () => {
  it('runs every step against the embedded mock, prints the summary, exits 0 and leaves no process', async () => {
    // In its own process group, so anything it leaves running can be found afterwards.
    const result = await runNode([tsx, '--conditions=@learnkit/source', 'scripts/demo/main.ts'], {
      cwd: root,
      env: { NO_COLOR: '1' },
      detached: true,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const steps = result.stdout.split('\n').filter((line) => /^\s+[✓✗] \[\s*\d+\/\d+\]/.test(line));
    expect(steps).toHaveLength(10);
    for (const line of steps) expect(line).toMatch(/^\s+✓ /);
    for (const title of [
      'Start a webhook consumer',
      'Start the mock platform',
      'Browse a framework',
      'Upload a package',
      'Validate item ids',
      'Manage a subscription',
      'Subscribe the consumer',
      'Raise platform events',
      'Receive verified deliveries',
      'Grade a completed activity',
    ]) {
      expect(steps.some((line) => line.includes(title))).toBe(true);
    }
    // Each line carries its time.
    for (const line of steps) expect(line).toMatch(/\d+(\.\d)? m?s/);
    expect(result.stdout).toMatch(/✓ All 10 steps passed in \d/);
    expect(result.stdout).toContain('2 deliveries verified, 0 refused');
    expect(result.stdout).toContain('completion recorded');
    expect(result.stdout).toContain('80 posted on li-fractions-1-class-math-g3');
    expect(result.stdout).toMatch(/traffic\s+\d+ API calls on 1 token/);
    // No secret in the output: signing secrets show as whsec_…abcd, client secrets never.
    expect(result.stdout).not.toMatch(/whsec_[A-Za-z0-9+/=_-]{8,}/);
    expect(result.stdout).not.toContain('lk_test_');
    // Deliveries come within seconds on the fast clock; the whole demo is quick.
    expect(result.ms).toBeLessThan(15_000);
    await expectNoProcessLeft(result.pid!);
  });
});
