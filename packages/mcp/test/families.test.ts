// One tool of each family of the platform called as a host calls it: the MCP SDK's own client, connected in
// memory to the server, against the mock platform (every exchange checked against openapi/). The client also
// holds each result to the tool's output schema, as hosts do.
import { LearnKit } from '@learnkit/sdk';
import { QUICK_RETRY, usePlatform } from '@learnkit/test-utils';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { createServer } from '../src/server';
import { createLearnKitTools, type LearnKitMcpOptions } from '../src/tools';

type Result = {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

const ctx = usePlatform('msw');
const SENSOR = 'https://app.example.com';

/** A host connected to a server of the tools `tools` chooses, with the partner's client credentials. */
async function host(tools: LearnKitMcpOptions['tools'] = 'all') {
  const { clientId, clientSecret } = ctx.platform.clients.partner;
  const lk = new LearnKit({
    baseUrl: ctx.baseUrl,
    clientId,
    clientSecret,
    retry: QUICK_RETRY,
    fetch: ctx.fetch,
    logger: false,
  });
  const server = createServer(createLearnKitTools({ lk, tools }));
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'learnkit-mcp-test', version: '1.0.0' });
  await client.connect(clientSide);
  // tools/list first, as hosts do: the client then validates every result against its tool's output schema.
  const { tools: listed } = await client.listTools();
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as Result;
  return { client, listed, call };
}

const text = (result: Result) => result.content.map((block) => block.text).join('\n');
const data = <T>(result: Result): T => {
  expect(result.isError, text(result)).toBeFalsy();
  return result.structuredContent as T;
};

/** The API requests sent so far (token requests aside). */
const apiRequests = () => ctx.sent.filter((request) => !request.url.pathname.endsWith('/token'));

describe('one tool of each family, against the mock platform', () => {
  it('case: a page of items with nextOffset, and a document with only the fields asked for', async () => {
    const { call } = await host();
    const page = data<{ items: unknown[]; offset: number; nextOffset: number | null }>(
      await call('case_items_list', { limit: 2, fields: ['sourcedId', 'fullStatement'] }),
    );
    expect(page.items).toHaveLength(2);
    expect(page).toMatchObject({ offset: 0, nextOffset: 2 });
    expect(Object.keys(page.items[0] as object).sort()).toEqual(['fullStatement', 'sourcedId']);
    const next = data<{ offset: number }>(await call('case_items_list', { limit: 2, offset: 2 }));
    expect(next.offset).toBe(2);
    const { documentId } = ctx.platform.fixtures.case;
    const document = data<Record<string, unknown>>(
      await call('case_documents_get', { sourcedId: documentId, fields: ['title'] }),
    );
    expect(Object.keys(document)).toEqual(['title']);
  });

  it('oneroster: a line item, its student results in the class, and an update through the wrapped body', async () => {
    const { call } = await host();
    const { lineItemId, student } = ctx.platform.fixtures.roster;
    const lineItem = data<{ class: { sourcedId: string } }>(
      await call('oneroster_gradebook_assessment_line_items_get', { sourcedId: lineItemId }),
    );
    const results = data<{ items: { student: { sourcedId: string } }[]; nextOffset: number | null }>(
      await call('oneroster_gradebook_classes_students_results_list', {
        classSourcedId: lineItem.class.sourcedId,
        studentSourcedId: student.sourcedId,
      }),
    );
    expect(results.items.length).toBeGreaterThan(0);
    expect(results.items.every((result) => result.student.sourcedId === student.sourcedId)).toBe(true);
    const put = data<{ sourcedId: string; title: string }>(
      await call('oneroster_gradebook_assessment_line_items_update', {
        sourcedId: 'ali-mcp-quiz',
        body: { status: 'active', title: 'MCP quiz', class: lineItem.class, resultValueMax: 10 },
      }),
    );
    expect(put).toMatchObject({ sourcedId: 'ali-mcp-quiz', title: 'MCP quiz' });
    const users = data<{ items: { email: string }[] }>(
      await call('oneroster_users_list', { search: 'lovelace', limit: 5 }),
    );
    expect(users.items.map((user) => user.email)).toContain(student.email);
  });

  it('rostering: a user and its linked users', async () => {
    const { call } = await host();
    const { student } = ctx.platform.fixtures.roster;
    const user = data<{ sourcedId: string; email: string }>(
      await call('rostering_users_get', { sourcedId: student.sourcedId }),
    );
    expect(user).toMatchObject({ sourcedId: student.sourcedId, email: student.email });
    const linked = data<{ items: unknown[]; nextOffset: null }>(
      await call('rostering_linked_users_list', { sourcedId: student.sourcedId }),
    );
    expect(linked.nextOffset).toBeNull();
    expect(Array.isArray(linked.items)).toBe(true);
  });

  it('applications: the seeded application, and a draft with the members the reference requires', async () => {
    const { call } = await host();
    const { applicationId } = ctx.platform.fixtures.application;
    expect(
      data<{ name: string }>(await call('applications_applications_get', { sourcedId: applicationId })).name,
    ).toBe('LearnKit Demo App');
    const draft = data<{ applicationId: string; clientSecret: string }>(
      await call('applications_drafts_create', {
        body: { name: 'MCP draft', description: 'A draft', launchUrl: 'https://mcp.example.com/launch' },
      }),
    );
    expect(draft.applicationId).toEqual(expect.any(String));
    expect(draft.clientSecret).toEqual(expect.any(String));
  });

  it('caliper, events and insights: a session sent, then read back with its enforcement state', async () => {
    const { call } = await host();
    const { student } = ctx.platform.fixtures.roster;
    const session = `${SENSOR}/sessions/mcp-1`;
    const sent = data<{ accepted: number }>(
      await call('caliper_send', {
        body: {
          sensor: SENSOR,
          sendTime: new Date().toISOString(),
          dataVersion: 'http://purl.imsglobal.org/ctx/caliper/v1p2',
          data: [
            {
              '@context': 'http://purl.imsglobal.org/ctx/caliper/v1p2',
              id: 'urn:uuid:2c7b9fb1-4bac-4970-8149-1a6ae1f25d66',
              type: 'SessionEvent',
              action: 'LoggedIn',
              eventTime: new Date().toISOString(),
              actor: { id: `${ctx.baseUrl}/rostering/1.0/users/${student.sourcedId}`, type: 'Person' },
              object: SENSOR,
              session,
            },
          ],
        },
      }),
    );
    expect(sent.accepted).toBe(1);
    const events = data<{ sessionId: string; events: unknown[] }>(
      await call('events_sessions_get', { sessionId: session }),
    );
    expect(events).toMatchObject({ sessionId: session });
    expect(events.events).toHaveLength(1);
    expect(
      data<{ lockedOut: boolean }>(
        await call('insights_sessions_get_enforcement_state', { sessionId: session }),
      ),
    ).toMatchObject({ sessionId: session, lockedOut: false });
  });

  it('beyond and discount codes: a mastered grade, a code validated as the app', async () => {
    const { call } = await host();
    const { student } = ctx.platform.fixtures.roster;
    expect(
      data<{ masteredGrade: string }>(
        await call('beyond_grades_get', { studentId: student.sourcedId, subject: 'Math' }),
      ).masteredGrade,
    ).toBe('03');
    expect(
      data<{ valid: boolean }>(
        await call('discount_codes_validate_for_app', { body: { code: 'WELCOME10' } }),
      ),
    ).toMatchObject({ valid: true });
  });
});

describe('bad arguments are tool errors naming the field, and nothing is sent', () => {
  it('names what the input schema refuses: a missing, an unknown or a mistyped argument', async () => {
    const { call } = await host();
    const missing = await call('oneroster_users_get', {});
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('sourcedId: is required: The sourcedId of the user.');
    const unknown = await call('oneroster_users_get', { id: 'usr-1', sourcedId: 'usr-1' });
    expect(text(unknown)).toContain('id: is not an argument of this tool (it takes sourcedId, fields)');
    const mistyped = await call('case_items_list', { limit: 'ten' });
    expect(text(mistyped)).toContain('limit: must be an integer (got "ten")');
    expect(apiRequests()).toEqual([]);
  });

  it("names what the SDK's checks refuse, under the tool's argument names", async () => {
    const { call } = await host();
    const range = await call('case_items_list', { limit: 5000 });
    expect(range.isError).toBe(true);
    expect(text(range)).toMatch(/- limit: must be a whole number from 1 to 3000/);
    const blank = await call('beyond_grades_get', { studentId: ' ', subject: 'Math' });
    expect(text(blank)).toContain('- studentId: is required: a non-empty string');
    const body = await call('insights_sessions_write_metadata', {
      body: { isProctored: 'yes', recordingEndedAtTime: 'soon' },
    });
    expect(text(body)).toContain('- body.sessionId: is required');
    expect(text(body)).toContain('- body.isProctored: must be a boolean (got "yes")');
    expect(text(body)).toContain('- body.recordingEndedAtTime: must be an RFC 3339 date-time');
    const id = await call('rostering_users_get', { sourcedId: '' });
    expect(text(id)).toMatch(/- sourcedId: /);
    const member = await call('discount_codes_validate_for_app', { body: { code: 'WELCOME10', amount: 3 } });
    expect(text(member)).toContain('- body.amount: is not a member of this body (it takes code)');
    expect(apiRequests()).toEqual([]);
  });

  it('says which scope a refused operation needs', async () => {
    const { clientId, clientSecret } = ctx.platform.clients.partner;
    const readOnly = 'https://scopes.example.com/rostering/roster.readonly';
    const lk = new LearnKit({
      baseUrl: ctx.baseUrl,
      clientId,
      clientSecret,
      scopes: [readOnly],
      fetch: ctx.fetch,
      logger: false,
    });
    const tools = createLearnKitTools({ lk, tools: 'all' });
    const refused = await tools.call('rostering_orgs_config_update', {
      sourcedId: ctx.platform.fixtures.roster.districtId,
      body: { theme: 'dark' },
    });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toContain('rostering_orgs_config_update was refused (403)');
    expect(refused.content[0]?.text).toContain(
      'PUT /rostering/1.0/orgs/{sourcedId}/config needs the scope https://scopes.example.com/rostering/roster.createput',
    );
    expect(refused.content[0]?.text).not.toContain(clientSecret);
  });
});

describe('an operation authorized by a token of its own', () => {
  it("sends parentSession as the call's bearer token, and says when the platform refuses it", async () => {
    const { call, listed } = await host();
    const tool = listed.find((entry) => entry.name === 'discount_codes_validate_for_parent_checkout');
    expect(tool?.inputSchema.required).toEqual(['parentSession', 'body']);
    const refused = await call('discount_codes_validate_for_parent_checkout', {
      parentSession: 'expired-session',
      body: { code: 'WELCOME10' },
    });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('refused the parentSession given (401)');
    const request = apiRequests().find((entry) => entry.url.pathname === '/store/v1/discount-codes/validate');
    expect(request?.headers.get('authorization')).toBe('Bearer expired-session');
  });
});

describe('--tools dynamic', () => {
  it('serves three tools that list, describe and call every operation', async () => {
    const { listed, call } = await host('dynamic');
    expect(listed.map((tool) => tool.name)).toEqual([
      'learnkit_list_operations',
      'learnkit_describe_operation',
      'learnkit_call_operation',
    ]);
    const every = data<{ operations: { name: string; route: string | null }[] }>(
      await call('learnkit_list_operations'),
    );
    expect(every.operations).toHaveLength(194);
    const found = data<{ operations: { name: string; route: string; readOnly: boolean }[] }>(
      await call('learnkit_list_operations', { search: 'results student class' }),
    );
    expect(found.operations).toEqual([
      {
        name: 'oneroster_gradebook_classes_students_results_list',
        title: expect.any(String),
        route:
          'GET /ims/oneroster/gradebook/v1p2/classes/{classSourcedId}/students/{studentSourcedId}/results',
        tags: ['Gradebook'],
        readOnly: true,
      },
    ]);
    const tagged = data<{ operations: { tags: string[] }[] }>(
      await call('learnkit_list_operations', { tag: 'Learning Standards' }),
    );
    expect(tagged.operations.length).toBe(9);

    const described = data<{ inputSchema: { required: string[] }; annotations: object }>(
      await call('learnkit_describe_operation', { name: 'beyond_grades_get' }),
    );
    const direct = createLearnKitTools({ tools: 'all', env: {} }).definitions.find(
      (tool) => tool.name === 'beyond_grades_get',
    );
    expect(described).toMatchObject({ inputSchema: direct?.inputSchema, annotations: direct?.annotations });

    const { student } = ctx.platform.fixtures.roster;
    const called = await call('learnkit_call_operation', {
      name: 'beyond_grades_get',
      arguments: { studentId: student.sourcedId, subject: 'Math' },
    });
    expect(data<{ masteredGrade: string }>(called).masteredGrade).toBe('03');
    const bad = await call('learnkit_call_operation', {
      name: 'beyond_grades_get',
      arguments: { studentId: 'x' },
    });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('subject: is required');
    const unknown = await call('learnkit_describe_operation', { name: 'beyond_grade_get' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('did you mean beyond_grades_get');
  });

  it('reaches only what the other words choose, and its call hints follow them', async () => {
    const { listed, call } = await host('dynamic,read');
    const callTool = listed.find((tool) => tool.name === 'learnkit_call_operation');
    expect(callTool?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    const operations = data<{ operations: { readOnly: boolean }[] }>(await call('learnkit_list_operations'));
    expect(operations.operations).toHaveLength(105);
    expect(operations.operations.every((operation) => operation.readOnly)).toBe(true);
    const write = await call('learnkit_call_operation', { name: 'caliper_send', arguments: {} });
    expect(write.isError).toBe(true);
    expect(text(write)).toContain('is not an operation of this server');
    const { listed: all } = await host('dynamic');
    expect(all.find((tool) => tool.name === 'learnkit_call_operation')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
  });
});
