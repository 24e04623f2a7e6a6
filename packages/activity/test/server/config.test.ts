import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ValidationError } from '@learnkit/core';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActivityServer, loadConfigFile } from '../../src/server/index';

const schema = JSON.parse(
  readFileSync(new URL('../../learnkit.config.schema.json', import.meta.url), 'utf8'),
);
const validate = new Ajv2020({ strict: true, strictRequired: false, allErrors: true }).compile(schema);

const GOOD = {
  $schema: './node_modules/@learnkit/activity/learnkit.config.schema.json',
  sensor: 'https://app.example.com/',
  app: { name: 'Fractions App' },
  courses: [{ subject: 'Math', grade: 3, courseId: 'course-math-g3', totalLessons: 40 }],
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'learnkit-config-'));
  vi.spyOn(process, 'cwd').mockReturnValue(dir);
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const write = (text: string, name = 'learnkit.config.json') => writeFileSync(join(dir, name), text);
// The configuration is read on first use; nothing here talks to a platform.
const server = (config?: string | URL) =>
  createActivityServer({
    client: { baseUrl: 'https://api.example.com' },
    ...(config !== undefined && { config }),
  });
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as Error).message;
};

describe('learnkit.config.json on the server', () => {
  test('is loaded lazily from the working directory and checked (trailing slash of the sensor dropped)', async () => {
    const s = server(); // no file yet: creating the server does not read it
    write(JSON.stringify(GOOD));
    expect(await s.config()).toEqual({
      sensor: 'https://app.example.com',
      app: { name: 'Fractions App' },
      courses: GOOD.courses,
    });
    // Read once: later changes need a restart.
    write(JSON.stringify({ ...GOOD, app: { name: 'Other' } }));
    expect((await s.config()).app.name).toBe('Fractions App');
  });

  test('a missing file names the path, the working directory, and what to do', async () => {
    const message = await failure(server().config());
    expect(message).toContain(`${join(dir, 'learnkit.config.json')} does not exist`);
    expect(message).toMatch(/loads learnkit\.config\.json from the working directory .*pass \{ config \}/);
  });

  test('invalid JSON names the file and the parse error; a fixed file is taken at the next use', async () => {
    const s = server();
    write('{ "sensor": ');
    expect(await failure(s.config())).toMatch(/learnkit\.config\.json is not valid JSON \(.+\)/);
    write(`\uFEFF${JSON.stringify(GOOD)}`); // a byte order mark is fine
    expect((await s.config()).sensor).toBe('https://app.example.com');
  });

  // Issue 33, item 1: V8's message quotes a stretch of the text, which can cut a password off from its `@`.
  test('invalid JSON is named without quoting the text, whose stretch could hold a password', async () => {
    const s = server();
    for (const text of [
      '{ "sensor": user:pa55word@app.example.com }',
      '{ "sensor": https//user:pa55word-that-is-long@app.example.com }',
      '{"sensor":pa55word}',
    ]) {
      write(text);
      const message = await failure(s.config());
      expect(message).toMatch(/learnkit\.config\.json is not valid JSON \(.+\)/);
      expect(message).not.toContain('pa55');
    }
  });

  test('a bad member names the file and the field', async () => {
    write(JSON.stringify({ ...GOOD, courses: [{ subject: 'Math' }] }));
    expect(await failure(server().config())).toBe(
      `Invalid input: config: ${join(dir, 'learnkit.config.json')}: courses[0].grade is required when code is not given, got undefined`,
    );
  });

  test('a path relative to the working directory, or a file URL', async () => {
    write(JSON.stringify(GOOD), 'custom.json');
    expect((await server('custom.json').config()).courses).toHaveLength(1);
    expect((await loadConfigFile(pathToFileURL(join(dir, 'custom.json')))).app.name).toBe('Fractions App');
  });

  test('a runtime without process.getBuiltinModule (a Worker without nodejs_compat) is told to pass { config }', async () => {
    write(JSON.stringify(GOOD));
    const { getBuiltinModule } = process;
    // As on workerd without nodejs_compat, or Node < 20.16: no way to reach Node's file system.
    Reflect.deleteProperty(process, 'getBuiltinModule');
    try {
      expect(await failure(loadConfigFile())).toBe(
        'Invalid input: config: learnkit.config.json cannot be read here: reading a file needs ' +
          'process.getBuiltinModule (Node >= 20.16, Bun, Deno, a Worker with nodejs_compat); pass { config } as an object',
      );
      // The configuration given as an object needs no file system.
      const s = createActivityServer({ client: { baseUrl: 'https://api.example.com' }, config: GOOD });
      expect((await s.config()).app.name).toBe('Fractions App');
    } finally {
      process.getBuiltinModule = getBuiltinModule;
    }
  });

  test('the loader follows the shipped JSON Schema: what the schema refuses, the loader refuses', async () => {
    const cases: unknown[] = [
      GOOD,
      { ...GOOD, sensor: 'ftp://x' },
      { ...GOOD, app: {} },
      { ...GOOD, courses: [] },
      { ...GOOD, courses: [{ grade: 3 }] },
      { ...GOOD, courses: [{ subject: 'Math', grade: 3.5 }] },
      { ...GOOD, courses: [{ subject: 'Math', code: 'A', totalLessons: 0 }] },
      { ...GOOD, courses: [{ subject: 'Math', grade: 'K', courseId: '' }] },
      { ...GOOD, courses: [{ subject: 'Math', grade: -1, name: 'Pre-K math' }] },
      { ...GOOD, courses: [{ subject: 'Math', code: 'ALG-1' }] },
    ];
    for (const [i, input] of cases.entries()) {
      write(JSON.stringify(input), `case-${i}.json`);
      const loaded = await loadConfigFile(`case-${i}.json`).then(
        () => true,
        () => false,
      );
      expect(loaded, JSON.stringify(input)).toBe(validate(input));
    }
  });
});
