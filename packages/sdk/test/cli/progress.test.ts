// The progress display of `learnkit case import` and `learnkit api --all`: drawn in place on a terminal, absent elsewhere.
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

  it('shows how far a step is while it runs (learnkit api --all), and ends with its label', () => {
    vi.useFakeTimers();
    const tty = stream(true);
    const step = createProgress(tty as never, true, () => 0).step('Listing oneroster.users list');
    step.update('5 of 29 items');
    step.done('29 items, 6 pages');
    expect(tty.written).toEqual([
      '\r\x1b[2K⠋ Listing oneroster.users list 0.0 s',
      '\r\x1b[2K⠙ Listing oneroster.users list: 5 of 29 items 0.0 s',
      '\r\x1b[2K✔ Listing oneroster.users list: 29 items, 6 pages (0.0 s)\n',
    ]);
  });

  it('writes nothing when stderr is not a terminal, or with --json', () => {
    const pipe = stream(false);
    createProgress(pipe as never, true)
      .step('Converting')
      .done('1 document');
    const tty = stream(true);
    const quiet = createProgress(tty as never, false).step('Converting');
    quiet.update('1 of 2');
    quiet.fail();
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
