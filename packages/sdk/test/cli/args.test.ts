import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args';

describe('the command line without a command', () => {
  it('shows the help for nothing, --help or a global option alone', () => {
    for (const argv of [[], ['--help'], ['-h'], ['--json'], ['--profile', 'ci']])
      expect(parseCommandLine(argv).command).toEqual(['help']);
  });

  it('refuses an option no command takes as a usage error (exit 2), naming it', () => {
    expect(() => parseCommandLine(['--no-such-flag'])).toThrow(
      expect.objectContaining({
        code: 2,
        message: expect.stringContaining("Unknown option '--no-such-flag'"),
      }),
    );
  });
});
