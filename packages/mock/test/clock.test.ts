import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../src/clock.js';

describe('clock', () => {
  it('manual: time stands still until advance, which runs due tasks in time order (and tasks they schedule)', async () => {
    const clock = new VirtualClock('manual', { start: Date.UTC(2026, 0, 1) });
    const start = clock.now();
    const log: string[] = [];
    clock.schedule(start + 300, () => log.push(`c@${clock.now() - start}`));
    clock.schedule(start + 100, () => {
      log.push(`a@${clock.now() - start}`);
      clock.schedule(clock.now() + 50, () => log.push(`a2@${clock.now() - start}`));
    });
    clock.schedule(start + 200, () => log.push(`b@${clock.now() - start}`));
    const cancel = clock.schedule(start + 250, () => log.push('cancelled'));
    cancel();
    expect(clock.now()).toBe(start);
    await clock.advance(99);
    expect(log).toEqual([]);
    await clock.advance(161);
    expect(log).toEqual(['a@100', 'a2@150', 'b@200']);
    expect(clock.now() - start).toBe(260);
    expect(clock.pending()).toBe(1);
    expect(clock.nextAt()).toBe(start + 300);
    expect(await clock.runAll()).toBe(1);
    expect(log.at(-1)).toBe('c@300');
    expect(clock.now() - start).toBe(300);
  });

  it('manual: a failing task is reported and does not stop the others', async () => {
    const errors: string[] = [];
    const clock = new VirtualClock('manual', { onError: (_, label) => errors.push(label) });
    let ran = false;
    clock.schedule(
      clock.now() + 1,
      () => {
        throw new Error('boom');
      },
      'bad',
    );
    clock.schedule(clock.now() + 2, () => {
      ran = true;
    });
    await clock.advance(5);
    expect([errors, ran]).toEqual([['bad'], true]);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it('realtime: tasks run on real timers; fast: scheduled waits run 60 times sooner', async () => {
    const realtime = new VirtualClock('realtime');
    expect(Math.abs(realtime.now() - Date.now())).toBeLessThan(50);
    const fired = new Promise<number>((resolve) =>
      realtime.schedule(realtime.now() + 30, () => resolve(Date.now())),
    );
    const begun = Date.now();
    expect((await fired) - begun).toBeGreaterThanOrEqual(25);

    const fast = new VirtualClock('fast');
    const minute = new Promise<number>((resolve) =>
      fast.schedule(fast.now() + 60_000, () => resolve(Date.now())),
    );
    const t0 = Date.now();
    const elapsed = (await minute) - t0;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(3_000);
    realtime.stop();
    fast.stop();
  });
});
