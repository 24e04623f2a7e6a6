// `learnkit-mcp` as an MCP host runs it: spawned by the MCP SDK's own client over stdio, against the mock platform
// on a loopback port. Each server is a real process (the command from src/, through tsx).
import { fileURLToPath } from 'node:url';
import type { MockPlatform } from '@learnkit/mock';
import { platformSchemas } from '@learnkit/platform';
import { usePlatform } from '@learnkit/test-utils';
import { runProcess } from '@learnkit/test-utils/process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const SLOW = { timeout: 120_000 };

const SIX = [
  'devplatform_create_webhook_subscription',
  'devplatform_list_webhook_subscriptions',
  'devplatform_get_webhook_subscription',
  'devplatform_update_webhook_subscription',
  'devplatform_delete_webhook_subscription',
  'devplatform_rotate_webhook_subscription_secret',
];

type Result = {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};
type Connected = { client: Client; stderr: () => string; call(name: string, args?: object): Promise<Result> };

// One platform for the whole file, from the workspace harness: the processes below are started against it once.
const ctx = usePlatform('loopback', { scope: 'file' });
let platform: MockPlatform;
let APP = '';
const open: Client[] = [];

/** The command from src/, as the tests run it. */
const COMMAND = ['--import', 'tsx', '--conditions=@learnkit/source', CLI];

/**
 * Spawns `learnkit-mcp` with `env` (plus the SDK's default inherited variables) and `args`, and connects the SDK's
 * client.
 */
async function spawnServer(env: Record<string, string>, args: string[] = []): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...COMMAND, ...args],
    cwd: ROOT,
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const client = new Client({ name: 'learnkit-mcp-test', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return {
    client,
    stderr: () => stderr,
    call: async (name, args = {}) =>
      (await client.callTool({ name, arguments: args as Record<string, unknown> })) as Result,
  };
}

const text = (result: Result) => result.content.map((block) => block.text).join('\n');

let developer: Connected;
let partner: Connected;
let secrets: string[];

beforeAll(async () => {
  platform = ctx.platform;
  APP = platform.fixtures.application.applicationId;
  const token = platform.developerToken();
  const { clientId, clientSecret } = platform.clients.partner;
  secrets = [token, clientSecret];
  [developer, partner] = await Promise.all([
    spawnServer({ LEARNKIT_BASE_URL: ctx.baseUrl, LEARNKIT_DEVELOPER_TOKEN: token }),
    spawnServer({
      LEARNKIT_BASE_URL: ctx.baseUrl,
      LEARNKIT_CLIENT_ID: clientId,
      LEARNKIT_CLIENT_SECRET: clientSecret,
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((client) => client.close()));
});

describe('tools/list', () => {
  it(
    'lists the read tools, the six developer-tool operations, the event catalogue and the CASE search',
    SLOW,
    async () => {
      const { tools } = await developer.client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toHaveLength(109);
      expect(names.slice(0, 8)).toEqual([...SIX, 'devplatform_list_event_types', 'case_search_items']);
      expect(names).toContain('oneroster_gradebook_classes_students_results_list');
      expect(names).not.toContain('caliper_send');
      expect(developer.stderr()).toContain(
        'serving 109 LearnKit tools (--tools default) on stdio (developer credentials)',
      );
    },
  );

  it(
    'serves what --tools chooses, and refuses a choice it does not know with exit code 2',
    SLOW,
    async () => {
      const write = await spawnServer({}, ['--tools', 'write']);
      const names = (await write.client.listTools()).tools.map((tool) => tool.name);
      expect(names).toHaveLength(89);
      expect(names).toContain('caliper_send');
      expect(names).not.toContain('oneroster_users_list');
      const dynamic = await spawnServer({}, ['--tools=dynamic,Gradebook']);
      expect((await dynamic.client.listTools()).tools.map((tool) => tool.name)).toEqual([
        'learnkit_list_operations',
        'learnkit_describe_operation',
        'learnkit_call_operation',
      ]);
      expect(dynamic.stderr()).toContain('serving the dynamic tools (--tools dynamic,Gradebook) on stdio');
      const refused = await runProcess(process.execPath, [...COMMAND, '--tools', 'grades'], {
        cwd: ROOT,
        env: { ...getDefaultEnvironment() },
        timeoutMs: 60_000,
      });
      expect(refused.code).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(
        'learnkit-mcp: --tools "grades" is not a choice of tools: give default, read',
      );
      expect(refused.stderr).toContain('Learning Standards');
    },
  );

  it(
    'takes every input schema from openapi/platform.yaml: path parameters and body members',
    SLOW,
    async () => {
      const { tools } = await partner.client.listTools();
      const schema = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema;
      const create = schema('devplatform_create_webhook_subscription');
      expect(create.required).toEqual(['sourcedApplicationId', 'url', 'eventTypes']);
      expect(create.properties!.url).toEqual(platformSchemas.WebhookUrl);
      expect(create.properties!.eventTypes).toMatchObject({
        type: 'array',
        minItems: 1,
        items: platformSchemas.WebhookEventType,
      });
      const update = schema('devplatform_update_webhook_subscription');
      expect(update.required).toEqual(['sourcedApplicationId', 'subscriptionId']);
      expect(update.properties!.status).toEqual({ type: 'string', enum: ['active', 'paused'] });
      expect(update.properties!.subscriptionId).toEqual({
        type: 'string',
        format: 'uuid',
        description: 'The subscription id.',
      });
      expect(Object.keys(schema('devplatform_rotate_webhook_subscription_secret').properties!)).toEqual([
        'sourcedApplicationId',
        'subscriptionId',
      ]);
      // Output schemas from the responses' component schemas: the secret only where the operation returns one.
      const output = (name: string) => tools.find((tool) => tool.name === name)!.outputSchema;
      expect(output('devplatform_create_webhook_subscription')!.required).toContain('signingSecret');
      expect(output('devplatform_rotate_webhook_subscription_secret')!.required).toContain('signingSecret');
      expect(output('devplatform_get_webhook_subscription')!.properties).not.toHaveProperty('signingSecret');
      expect(
        tools.find((tool) => tool.name === 'devplatform_delete_webhook_subscription')!.annotations,
      ).toMatchObject({ destructiveHint: true });
    },
  );
});

describe('the six operations on the developer-tool path', () => {
  it(
    'creates, lists, gets, updates, rotates and deletes, with the secret only from create and rotate',
    SLOW,
    async () => {
      const created = await developer.call('devplatform_create_webhook_subscription', {
        sourcedApplicationId: APP,
        url: 'https://hooks.example.com/learnkit',
        eventTypes: ['user.created', 'enrollment.created'],
      });
      expect(created.isError).toBeFalsy();
      const sub = created.structuredContent as { id: string; signingSecret: string; status: string };
      expect(sub).toMatchObject({ status: 'active', eventTypes: ['user.created', 'enrollment.created'] });
      expect(sub.signingSecret).toMatch(/^whsec_/);
      expect(text(created)).toContain('signingSecret is shown only here');
      const args = { sourcedApplicationId: APP, subscriptionId: sub.id };

      const listed = await developer.call('devplatform_list_webhook_subscriptions', {
        sourcedApplicationId: APP,
      });
      expect(listed.structuredContent).toEqual({ subscriptions: [expect.objectContaining({ id: sub.id })] });
      expect(text(listed)).not.toContain('whsec_');

      const got = await developer.call('devplatform_get_webhook_subscription', args);
      expect(got.structuredContent).toMatchObject({ id: sub.id, url: 'https://hooks.example.com/learnkit' });
      expect(got.structuredContent).not.toHaveProperty('signingSecret');

      const paused = await developer.call('devplatform_update_webhook_subscription', {
        ...args,
        status: 'paused',
      });
      expect(paused.structuredContent).toMatchObject({ id: sub.id, status: 'paused' });
      expect(text(paused)).not.toContain('whsec_');

      const rotated = await developer.call('devplatform_rotate_webhook_subscription_secret', args);
      const newSecret = (rotated.structuredContent as { signingSecret: string }).signingSecret;
      expect(newSecret).toMatch(/^whsec_/);
      expect(newSecret).not.toBe(sub.signingSecret);

      const deleted = await developer.call('devplatform_delete_webhook_subscription', args);
      expect(deleted.isError).toBeFalsy();
      expect(deleted.structuredContent).toEqual({ deleted: true, subscriptionId: sub.id });
      const gone = await developer.call('devplatform_get_webhook_subscription', args);
      expect(gone.isError).toBe(true);
      expect(text(gone)).toContain('was not found (404)');
    },
  );
});

describe('ownership rules', () => {
  it(
    'keeps the developer path and the client-credentials path apart: invisible in lists, 404 by id',
    SLOW,
    async () => {
      const create = (who: Connected, url: string) =>
        who.call('devplatform_create_webhook_subscription', {
          sourcedApplicationId: APP,
          url,
          eventTypes: ['test.ping'],
        });
      const mine = (await create(developer, 'https://hooks.example.com/dev')).structuredContent as {
        id: string;
      };
      const theirs = (await create(partner, 'https://hooks.example.com/partner')).structuredContent as {
        id: string;
      };
      const ids = async (who: Connected) =>
        (
          (await who.call('devplatform_list_webhook_subscriptions', { sourcedApplicationId: APP }))
            .structuredContent as { subscriptions: { id: string }[] }
        ).subscriptions.map((s) => s.id);
      expect(await ids(developer)).toContain(mine.id);
      expect(await ids(developer)).not.toContain(theirs.id);
      expect(await ids(partner)).toContain(theirs.id);
      expect(await ids(partner)).not.toContain(mine.id);

      for (const [who, id] of [
        [partner, mine.id],
        [developer, theirs.id],
      ] as const) {
        for (const tool of SIX.filter((name) => !/create|list/.test(name))) {
          const result = await who.call(tool, {
            sourcedApplicationId: APP,
            subscriptionId: id,
            ...(tool.includes('update') && { status: 'paused' }),
          });
          expect(result.isError, tool).toBe(true);
          expect(text(result)).toContain('not found (404)');
          expect(text(result)).toContain('owned by another auth client');
          expect(text(result)).toContain('devplatform_list_webhook_subscriptions');
        }
      }
      // Still there for their owners: the refused calls changed nothing.
      expect(await ids(developer)).toContain(mine.id);
      expect(await ids(partner)).toContain(theirs.id);
    },
  );
});

describe('errors are tool errors that say the fix, without secrets', () => {
  it('refuses http://, unknown event types and unknown arguments before sending', SLOW, async () => {
    const http = await partner.call('devplatform_create_webhook_subscription', {
      sourcedApplicationId: APP,
      url: 'http://hooks.example.com/learnkit',
      eventTypes: ['user.created'],
    });
    expect(http.isError).toBe(true);
    expect(text(http)).toContain('url: must start with https://');
    const unknown = await partner.call('devplatform_create_webhook_subscription', {
      sourcedApplicationId: APP,
      url: 'https://hooks.example.com/learnkit',
      eventTypes: ['user.craeted'],
    });
    expect(text(unknown)).toContain('"user.craeted" is not in the event catalogue');
    expect(text(unknown)).toContain(
      'did you mean "user.created"?); devplatform_list_event_types lists the catalogue',
    );
    const extra = await partner.call('devplatform_get_webhook_subscription', {
      sourcedApplicationId: APP,
      id: 'x',
    });
    expect(text(extra)).toContain(
      'id: is not an argument of this tool (it takes sourcedApplicationId, subscriptionId)',
    );
    expect(text(extra)).toContain('subscriptionId: is required: The subscription id.');
    const disabled = await partner.call('devplatform_update_webhook_subscription', {
      sourcedApplicationId: APP,
      subscriptionId: '3f1c2b7e-8d4a-4c6b-9e2f-1a2b3c4d5e6f',
      status: 'disabled',
    });
    expect(text(disabled)).toContain('only the platform disables a subscription');
    for (const result of [http, unknown, extra, disabled]) {
      for (const secret of secrets) expect(text(result)).not.toContain(secret);
    }
  });

  it('names the grant app:manage_webhooks when the tenant lacks it', SLOW, async () => {
    const { clientId, clientSecret } = platform.clients.noGrant;
    const noGrant = await spawnServer({
      LEARNKIT_BASE_URL: ctx.baseUrl,
      LEARNKIT_CLIENT_ID: clientId,
      LEARNKIT_CLIENT_SECRET: clientSecret,
    });
    const result = await noGrant.call('devplatform_list_webhook_subscriptions', {
      sourcedApplicationId: APP,
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('refused (403)');
    expect(text(result)).toContain(`needs the grant app:manage_webhooks on urn:app:${APP}`);
    expect(text(result)).toContain('ask them');
    expect(text(result)).not.toContain(clientSecret);
  });

  it('says to check the credentials on a 401, without echoing the secret', SLOW, async () => {
    const wrong = 'lk_test_partner_0000000000000000';
    const refused = await spawnServer({
      LEARNKIT_BASE_URL: ctx.baseUrl,
      LEARNKIT_CLIENT_ID: platform.clients.partner.clientId,
      LEARNKIT_CLIENT_SECRET: wrong,
    });
    const result = await refused.call('devplatform_list_webhook_subscriptions', {
      sourcedApplicationId: APP,
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('refused the client credentials (401)');
    expect(text(result)).toContain('LEARNKIT_CLIENT_SECRET');
    expect(text(result)).not.toContain(wrong);
  });

  it('serves an unconfigured server whose tools name the variables to set', SLOW, async () => {
    const bare = await spawnServer({});
    expect((await bare.client.listTools()).tools).toHaveLength(109);
    const result = await bare.call('devplatform_list_webhook_subscriptions', { sourcedApplicationId: APP });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('not configured');
    expect(text(result)).toContain('LEARNKIT_DEVELOPER_TOKEN');
    // The catalogue needs no platform.
    expect((await bare.call('devplatform_list_event_types')).isError).toBeFalsy();
  });
});

describe('read-only tools', () => {
  it('lists the event catalogue with the version each type appeared in', SLOW, async () => {
    const result = await developer.call('devplatform_list_event_types');
    const catalogue = result.structuredContent as {
      catalogueVersion: string;
      eventTypes: { type: string; since: string; fields: Record<string, unknown> }[];
    };
    expect(catalogue.catalogueVersion).toBe('v1.7');
    expect(catalogue.eventTypes).toHaveLength(29);
    expect(catalogue.eventTypes.find((e) => e.type === 'org.config.updated')).toEqual({
      type: 'org.config.updated',
      since: 'v1.7',
      fields: { orgId: { type: 'string', nullable: false, required: true } },
    });
  });

  it('searches CASE items with client credentials, and says a developer token cannot', SLOW, async () => {
    const found = await partner.call('case_search_items', { search: 'unit fractions', limit: 5 });
    expect(found.isError).toBeFalsy();
    const page = found.structuredContent as { items: { fullStatement: string }[]; total: number };
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((item) => /unit fractions/i.test(JSON.stringify(item)))).toBe(true);
    const refused = await developer.call('case_search_items', { search: 'fractions' });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('needs client credentials');
    const bad = await partner.call('case_search_items', { limit: 'ten' });
    expect(text(bad)).toContain('limit: must be an integer (got "ten")');
  });
});
