// The progress display of `learnkit case import`: drawn in place on a terminal, absent elsewhere.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgress } from '../../src/cli/progress';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (chunk: string) => written.push(chunk) > 0 };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createProgress', () => {
  it('draws a spinner with the seconds spent on a terminal, then a tick and the detail', () => {
    vi.useFakeTimers();
    let now = 0;
    const tty = stream(true);
    const step = createProgress(tty as never, true, () => now).step('Uploading document d1');
    now = 250;
    vi.advanceTimersByTime(250);
    now = 1250;
    step.done('3 items');
    expect(tty.written[0]).toBe('\r\x1b[2K⠋ Uploading document d1 0.0 s');
    expect(tty.written.slice(1, -1).every((frame) => frame.includes('Uploading document d1'))).toBe(true);
    expect(tty.written.at(-1)).toBe('\r\x1b[2K✔ Uploading document d1: 3 items (1.3 s)\n');
    const before = tty.written.length;
    vi.advanceTimersByTime(1000);
    expect(tty.written).toHaveLength(before); // the timer stopped with the step
  });

  it('writes nothing when stderr is not a terminal, or with --json', () => {
    const pipe = stream(false);
    createProgress(pipe as never, true)
      .step('Converting')
      .done('1 document');
    const tty = stream(true);
    createProgress(tty as never, false)
      .step('Converting')
      .fail();
    expect([...pipe.written, ...tty.written]).toEqual([]);
  });
});

describe('the library entry', () => {
  it('never imports the command line, so library users never load it', async () => {
    const { readFileSync } = await import('node:fs');
    const index = readFileSync(new URL('../../src/index.ts', import.meta.url), 'utf8');
    const learnkit = readFileSync(new URL('../../src/learnkit.ts', import.meta.url), 'utf8');
    expect(`${index}${learnkit}`).not.toMatch(/from '\.\/cli/);
  });
});
