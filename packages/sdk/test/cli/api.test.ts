// `learnkit api`: what a user of the command relies on beyond "each operation runs" (api-every-operation.test.ts):
// paging, bodies from files and standard input, the output, the checks before sending, and no secret printed
// (docs/decisions.md#d-cli-api-command).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usePlatform } from '@learnkit/test-utils';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './in-process';

const ctx = usePlatform('msw');
let env: Record<string, string>;
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'learnkit-api-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => {
  env = {
    LEARNKIT_BASE_URL: ctx.baseUrl,
    LEARNKIT_CLIENT_ID: ctx.platform.clients.partner.clientId,
    LEARNKIT_CLIENT_SECRET: ctx.platform.clients.partner.clientSecret,
  };
});

/** The API requests sent so far (token requests left out). */
const apiRequests = async () => {
  await ctx.flush();
  return ctx.sent.filter((request) => !ctx.tokenRequests().includes(request));
};

describe('listings', () => {
  it('prints the first page as a table of the top-level scalar members, and says how to get the rest', async () => {
    const ran = await runCli(
      ['api', 'oneroster.users', 'list', '--query', 'limit=2', '--query', 'fields=sourcedId,givenName,roles'],
      env,
    );
    expect(ran.code).toBe(0);
    expect(ran.stdout.split('\n')).toEqual([
      'sourcedId         givenName',
      'usr-ada-lovelace  Ada',
      'usr-grace-hopper  Grace',
      '',
    ]);
    expect(ran.stderr).toMatch(/^The first 2 of \d+ items; --all lists every page\.\n$/);
    expect((await apiRequests()).map((r) => r.url.searchParams.get('offset'))).toEqual(['0']);
  });

  it('walks every page with --all, as JSON lines, with the progress display on a terminal', async () => {
    const first = await runCli(['api', 'oneroster.users', 'list', '--query', 'limit=1'], env);
    const total = Number(/^The first 1 of (\d+) items/.exec(first.stderr)?.[1]);
    expect(total).toBeGreaterThan(10);
    ctx.sent.length = 0;

    const ran = await runCli(
      [
        'api',
        'oneroster.users',
        'list',
        '--query',
        'limit=5',
        '--query',
        'fields=sourcedId',
        '--all',
        '--json',
      ],
      env,
      { tty: true },
    );
    expect(ran.code).toBe(0);
    const items = ran.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { sourcedId: string });
    expect(items).toHaveLength(total);
    expect(new Set(items.map((item) => item.sourcedId)).size).toBe(total);
    const offsets = (await apiRequests()).map((r) => Number(r.url.searchParams.get('offset')));
    expect(offsets).toEqual(Array.from({ length: Math.ceil(total / 5) }, (_, i) => i * 5));
    // --json keeps stderr for errors, as every command does.
    expect(ran.stderr).toBe('');

    const shown = await runCli(['api', 'oneroster.users', 'list', '--query', 'limit=5', '--all'], env, {
      tty: true,
    });
    expect(shown.stdout.trim().split('\n')).toHaveLength(total + 1);
    expect(shown.stderr).toContain('⠋ Listing oneroster.users list');
    expect(shown.stderr).toContain(`Listing oneroster.users list: 5 of ${total} items`);
    expect(shown.stderr).toMatch(
      new RegExp(
        `✔ Listing oneroster\\.users list: ${total} items, ${Math.ceil(total / 5)} pages \\(\\d+\\.\\d s\\)\\n$`,
      ),
    );
    const piped = await runCli(['api', 'oneroster.users', 'list', '--all'], env);
    expect(piped.stderr).toBe(''); // no progress display when stderr is no terminal
  });

  it("walks the platform's paged rostering listing with --all (100 a page), and refuses a limit over 100", async () => {
    const ran = await runCli(['api', 'rostering.enrollments', 'list', '--all', '--json'], env);
    expect(ran.code).toBe(0);
    const items = ran.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { sourcedId: string; class: { sourcedId: string } });
    expect(items).toHaveLength(36);
    expect(items.every((item) => item.class.sourcedId.startsWith('class-'))).toBe(true);
    const small = await runCli(
      ['api', 'rostering.enrollments', 'list', '--query', 'limit=10', '--all', '--json'],
      env,
    );
    expect(small.stdout.trim().split('\n')).toHaveLength(36);
    const limits = (await apiRequests()).map((r) => r.url.searchParams.get('limit'));
    expect(limits).toEqual(['100', '10', '10', '10', '10']);
    const refused = await runCli(['api', 'rostering.enrollments', 'list', '--query', 'limit=500'], env);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/query\.limit: .*100/);
  });

  it('refuses --all for an operation that is no listing', async () => {
    const ran = await runCli(['api', 'oneroster.users', 'get', 'usr-ada-lovelace', '--all'], env);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('--all walks the pages of a listing; oneroster.users get is not one');
  });
});

describe('bodies and single returns', () => {
  it('reads --body from standard input, from @FILE and as the argument itself', async () => {
    const stdin = await runCli(
      ['api', 'oneroster.gradebook.assessmentLineItems', 'update', 'ali-cli-1', '--body', '-', '--json'],
      env,
      { stdin: '{"status": "active", "title": "From stdin", "class": {"sourcedId": "class-math-g3"}}' },
    );
    expect(stdin.code).toBe(0);
    expect(JSON.parse(stdin.stdout)).toMatchObject({ sourcedId: 'ali-cli-1', title: 'From stdin' });
    const sent = (await apiRequests()).find((r) => r.method === 'PUT');
    // The SDK method wraps the body as the document says.
    expect(JSON.parse(sent!.body!)).toEqual({
      assessmentLineItem: { status: 'active', title: 'From stdin', class: { sourcedId: 'class-math-g3' } },
    });

    writeFileSync(join(dir, 'item.json'), '{"status": "active", "title": "From a file"}');
    const file = await runCli(
      [
        'api',
        'oneroster.gradebook.assessmentLineItems',
        'update',
        'ali-cli-1',
        '--body',
        `@${join(dir, 'item.json')}`,
      ],
      env,
    );
    expect(file.code).toBe(0);
    // One object: a key/value view.
    expect(file.stdout).toMatch(/^sourcedId +ali-cli-1$/m);
    expect(file.stdout).toMatch(/^title +From a file$/m);

    const inline = await runCli(
      ['api', 'discountCodes', 'validateForApp', '--body', '{"code":"WELCOME10"}', '--json'],
      env,
    );
    expect(JSON.parse(inline.stdout)).toMatchObject({ valid: true });
  });

  it('says so when an operation returns no content', async () => {
    const app = ctx.platform.fixtures.application.applicationId;
    const created = await runCli(
      [
        'api',
        'webhooks.subscriptions',
        'create',
        app,
        '--body',
        '{"url":"https://hooks.example.com/a","eventTypes":["test.ping"]}',
        '--json',
      ],
      env,
    );
    const { id } = JSON.parse(created.stdout) as { id: string };
    const deleted = await runCli(['api', 'webhooks.subscriptions', 'delete', app, id], env);
    expect(deleted).toMatchObject({
      code: 0,
      stdout: `Done: DELETE /webhooks/1.0/{sourcedApplicationId}/subscriptions/{subscriptionId} responded no content.\n`,
    });
    const quiet = await runCli(['api', 'webhooks.subscriptions', 'get', app, id, '--json'], env);
    expect(quiet.code).toBe(1);
    expect(JSON.parse(quiet.stderr)).toMatchObject({
      error: { exitCode: 1, type: 'NotFoundError', status: 404 },
    });
  });
});

describe('bad input: named, with the closest names, before anything is sent', () => {
  it('names the closest resource or method of an unknown one (exit 2)', async () => {
    const [resource, method, joined, segment] = await Promise.all([
      runCli(['api', 'oneroster.user', 'list'], env),
      runCli(['api', 'oneroster.users', 'lst'], env),
      runCli(['api', 'oneroster.users.list'], env),
      runCli(['api', 'users', 'get', 'x'], env),
    ]);
    for (const ran of [resource, method, joined, segment]) expect(ran.code).toBe(2);
    expect(resource.stderr).toContain('unknown resource "oneroster.user"; did you mean oneroster.users?');
    expect(resource.stderr).toContain('`learnkit api --list` lists every operation.');
    expect(method.stderr).toContain(
      'oneroster.users has no method "lst"; did you mean list?\nIt has: list, get',
    );
    expect(joined.stderr).toContain('did you mean oneroster.users list (resource and method are two words)?');
    expect(segment.stderr).toContain(
      'did you mean oneroster.users or oneroster.resources.users or rostering.users?',
    );
    expect(await apiRequests()).toEqual([]);
  });

  it('names a missing path argument by its position and name, and refuses one too many (exit 2)', async () => {
    const [none, second, extra] = await Promise.all([
      runCli(['api', 'oneroster.classes.students', 'list'], env),
      runCli(['api', 'oneroster.gradebook.classes.students.results', 'list', 'class-math-g3'], env),
      runCli(['api', 'oneroster.users', 'get', 'a', 'b'], env),
    ]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('missing argument 1 of 1: classSourcedId');
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('missing argument 2 of 2: studentSourcedId');
    expect(second.stderr).toContain(
      '`learnkit api oneroster.gradebook.classes.students.results list --help`',
    );
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain(
      'unexpected argument "b": oneroster.users get takes 1 argument (sourcedId)',
    );
  });

  it('refuses an unknown --query parameter naming the known ones (exit 2)', async () => {
    const [typo, none, shape] = await Promise.all([
      runCli(['api', 'oneroster.users', 'list', '--query', 'limt=5'], env),
      runCli(['api', 'insights.types', 'list', '--query', 'limit=5'], env),
      runCli(['api', 'oneroster.users', 'list', '--query', 'limit'], env),
    ]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(
      'unknown query parameter "limt" (did you mean limit?); oneroster.users list takes: limit, offset, sort, orderBy, filter, fields, search',
    );
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('unknown query parameter "limit": insights.types list takes none');
    expect(shape.code).toBe(2);
    expect(shape.stderr).toContain('--query takes NAME=VALUE (got "limit")');
    expect(await apiRequests()).toEqual([]);
  });

  it('checks the query and the body against the document, in the SDK ValidationError wording (exit 4)', async () => {
    const [query, body, required, choice, json] = await Promise.all([
      runCli(['api', 'oneroster.users', 'list', '--query', 'limit=ten', '--query', 'offset=-1'], env),
      runCli(
        ['api', 'oneroster.gradebook.assessmentLineItems', 'create', '--body', '{"description": 3}'],
        env,
      ),
      runCli(['api', 'beyond.grades', 'get', '--query', 'subject=Math'], env),
      runCli(
        [
          'api',
          'webhooks.subscriptions',
          'create',
          'app-learnkit-demo',
          '--body',
          '{"url":"https://h.example.com","eventTypes":["user.craeted"]}',
        ],
        env,
      ),
      runCli(['api', 'oneroster.users', 'list', '--query', 'limit=1.5', '--json'], env),
    ]);
    expect(query.code).toBe(4);
    expect(query.stderr).toContain(
      'learnkit: Invalid input: query.limit: must be an integer (got "ten"); query.offset: Too small',
    );
    expect(body.code).toBe(4);
    expect(body.stderr).toContain('Invalid input: body.status: is required; body.title: is required');
    expect(body.stderr).toContain('body.description: must be a string or null (got 3)');
    expect(required.code).toBe(4);
    expect(required.stderr).toContain('Invalid input: query.studentId: is required');
    expect(choice.code).toBe(4);
    expect(choice.stderr).toContain(
      'body.eventTypes[0]: must be one of the 29 values the document lists (got "user.craeted", did you mean "user.created"?)',
    );
    expect(json.code).toBe(4);
    expect(JSON.parse(json.stderr).error).toMatchObject({
      exitCode: 4,
      type: 'ValidationError',
      issues: [{ path: ['query', 'limit'], message: 'must be an integer (got "1.5")' }],
    });
    expect(await apiRequests()).toEqual([]);
  });

  it('refuses a body that is missing, unreadable or no JSON, and one the operation does not take', async () => {
    const [missing, unreadable, broken, stdin, unwanted] = await Promise.all([
      runCli(['api', 'rostering.orgs.config', 'update', 'org-maple'], env),
      runCli(
        ['api', 'rostering.orgs.config', 'update', 'org-maple', '--body', `@${join(dir, 'nope.json')}`],
        env,
      ),
      runCli(['api', 'rostering.orgs.config', 'update', 'org-maple', '--body', '{theme: dark}'], env),
      runCli(['api', 'rostering.orgs.config', 'update', 'org-maple', '--body', '-'], env, { stdin: '' }),
      runCli(['api', 'rostering.users', 'get', 'usr-ada-lovelace', '--body', '{}'], env),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      'rostering.orgs.config update needs --body @FILE, - (standard input) or the JSON',
    );
    expect(unreadable.code).toBe(4);
    expect(unreadable.stderr).toContain('ENOENT');
    expect(broken.code).toBe(4);
    expect(broken.stderr).toContain('--body: the argument is not JSON');
    expect(stdin.code).toBe(4);
    expect(stdin.stderr).toContain('--body: standard input is not JSON');
    expect(unwanted.code).toBe(2);
    expect(unwanted.stderr).toContain('rostering.users get takes no body');
    expect(await apiRequests()).toEqual([]);
  });
});

describe('secrets', () => {
  it('never prints the client secret or a --option value; reveals a signing secret with the note', async () => {
    const parentSession = ctx.platform.accessToken(ctx.platform.clients.otherPartner);
    const [checkout, refused, created] = await Promise.all([
      runCli(
        [
          'api',
          'discountCodes',
          'validateForParentCheckout',
          '--body',
          '{"code":"WELCOME10"}',
          '--option',
          `parentSession=${parentSession}`,
        ],
        env,
      ),
      runCli(
        [
          'api',
          'discountCodes',
          'validateForParentCheckout',
          '--body',
          '{"code":"WELCOME10"}',
          '--option',
          'parentSession=not-a-session-token',
        ],
        env,
      ),
      runCli(
        [
          'api',
          'webhooks.subscriptions',
          'create',
          'app-learnkit-demo',
          '--body',
          '{"url":"https://hooks.example.com/s","eventTypes":["test.ping"]}',
        ],
        env,
      ),
    ]);
    expect(checkout.code).toBe(0);
    expect(checkout.stdout).toMatch(/^valid +true$/m);
    const sent = (await apiRequests()).find((r) => r.url.pathname.startsWith('/store/'));
    expect(sent?.headers.get('authorization')).toBe(`Bearer ${parentSession}`);
    expect(refused.code).toBe(1);
    for (const ran of [checkout, refused, created]) {
      const all = `${ran.stdout}${ran.stderr}`;
      expect(all).not.toContain(env.LEARNKIT_CLIENT_SECRET);
      expect(all).not.toContain(parentSession);
      expect(all).not.toContain('not-a-session-token');
    }
    expect(created.stdout).toMatch(/^signingSecret +whsec_\S{20,}$/m);
    expect(created.stderr).toContain('Store the secret now');
  });
});

describe('--help and --list', () => {
  it('shows an operation: usage, the call, arguments, query, body, example', async () => {
    const ran = await runCli(['api', 'oneroster.gradebook.assessmentLineItems', 'update', '--help'], {});
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain(
      'Usage: learnkit api oneroster.gradebook.assessmentLineItems update <sourcedId> --body @FILE|-|JSON',
    );
    expect(ran.stdout).toContain(
      'Calls lk.oneroster.gradebook.assessmentLineItems.update(sourcedId, body): PUT /ims/oneroster/gradebook/v1p2/assessmentLineItems/{sourcedId}',
    );
    expect(ran.stdout).toContain('Safe to repeat: retried on 5xx and timeouts.');
    expect(ran.stdout).toContain('Body: AssessmentLineItemInput of openapi/oneroster.yaml');
    expect(ran.stdout).toContain('title (required)');
    expect(ran.stdout).toContain(
      'Example (TypeScript):\n  await lk.oneroster.gradebook.assessmentLineItems.update(',
    );
    const list = await runCli(['api', 'case.items', 'list', '--help'], {});
    expect(list.stdout).toMatch(/^ {2}limit +integer 1\.\.3000 +Page size/m);
    expect(list.stdout).toContain('A listing: prints its first page; --all walks every page.');
  });

  it('lists every operation as a table without credentials', async () => {
    const ran = await runCli(['api', '--list'], {});
    expect(ran.code).toBe(0);
    const [headline, blank, header, ...rows] = ran.stdout.trim().split('\n');
    expect(headline).toBe(`${rows.length} operations; learnkit api <resource> <method> --help shows one.`);
    expect(blank).toBe('');
    expect(header).toMatch(/^RESOURCE +METHOD +HTTP +PATH$/);
    expect(rows).toContainEqual(
      expect.stringMatching(/^oneroster\.users +list +GET +\/ims\/oneroster\/rostering\/v1p2\/users\/$/),
    );
    expect(ran.stderr).toBe('');
  });
});
