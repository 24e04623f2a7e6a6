import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const ciRun = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');

/** The two commands of the README's first code block. */
function readmeCommands(): string[] {
  const block = /```sh\n([\s\S]*?)```/.exec(readme);
  return (block?.[1] ?? '').trim().split('\n');
}

describe('README', () => {
  it('opens with exactly two commands: the demo, then every test', () => {
    const commands = readmeCommands();
    expect(commands).toHaveLength(2);
    expect(commands[0]).toMatch(/ demo$/);
    expect(commands[1]).toMatch(/ test$/);
    expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('## '));
  });

  it('uses only npx (no global pnpm) and the pinned pnpm of package.json', () => {
    const { packageManager } = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    );
    for (const command of readmeCommands()) {
      for (const step of command.split(' && '))
        expect(step).toMatch(new RegExp(`^npx -y ${packageManager} `));
    }
  });

  it('is the very test command that CI runs', () => {
    expect(ciRun.split('\n')).toContain(readmeCommands()[1]);
  });
});
