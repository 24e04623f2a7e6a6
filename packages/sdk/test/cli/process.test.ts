// `learnkit` run as a process against the mock platform on a loopback port: output, --json, exit codes, the
// config file and redaction (docs/decisions.md#d-cli-exit-codes).
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MockPlatform } from '@learnkit/mock';
import { usePlatform } from '@learnkit/test-utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { learnkit, type Ran } from './run-cli';

// Every test here runs the command as processes, so each may take as long as a loaded machine makes it.
vi.setConfig({ testTimeout: 120_000 });

// One platform for the whole file, from the workspace harness: the processes below are started against it once.
const ctx = usePlatform('loopback', { scope: 'file' });
let platform: MockPlatform;
let dir = '';
let APP = '';
let partner: Record<string, string>;
let developer: Record<string, string>;

/** A CASE export as OpenSALT writes it (abridged; written for this test): ASN URIs, zone-less timestamps. */
const EXPORT = {
  CFDocument: {
    identifier: 'http://purl.org/ASN/resources/D10003FB',
    uri: 'https://standards.example.org/uri/D10003FB',
    creator: 'NGA Center',
    title: 'Common Core State Standards for Mathematics',
    lastChangeDateTime: '2016-09-28T21:40:01',
  },
  CFItems: [
    {
      identifier: 'http://purl.org/ASN/resources/S114340D',
      uri: 'https://standards.example.org/uri/S114340D',
      fullStatement: 'Geometry',
      humanCodingScheme: 'K.G',
      educationalLevel: 'KG',
      lastChangeDateTime: '2016-07-28T00:14:52',
    },
  ],
  CFAssociations: [
    {
      identifier: '5a411e1a-7137-11e6-92a8-0242ac130002',
      uri: 'https://standards.example.org/uri/5a411e1a-7137-11e6-92a8-0242ac130002',
      associationType: 'isChildOf',
      originNodeURI: {
        title: 'Origin',
        identifier: 'http://purl.org/ASN/resources/S114340D',
        uri: 'https://standards.example.org/uri/S114340D',
      },
      destinationNodeURI: {
        title: 'Destination',
        identifier: 'http://purl.org/ASN/resources/D10003FB',
        uri: 'https://standards.example.org/uri/D10003FB',
      },
      lastChangeDateTime: '2016-09-02T18:02:10',
    },
  ],
};

const all = (ran: Ran) => `${ran.stdout}\n${ran.stderr}`;

beforeAll(async () => {
  platform = ctx.platform;
  APP = platform.fixtures.application.applicationId;
  partner = {
    LEARNKIT_BASE_URL: ctx.baseUrl,
    LEARNKIT_CLIENT_ID: platform.clients.partner.clientId,
    LEARNKIT_CLIENT_SECRET: platform.clients.partner.clientSecret,
  };
  developer = { LEARNKIT_BASE_URL: ctx.baseUrl, LEARNKIT_DEVELOPER_TOKEN: platform.developerToken() };
  dir = mkdtempSync(join(tmpdir(), 'learnkit-cli-'));
  writeFileSync(join(dir, 'export.json'), JSON.stringify(EXPORT));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

describe('usage', () => {
  it('prints its help and version, and exits 2 on a wrong command line', async () => {
    const [help, version, unknown, missing, option, noUrl] = await Promise.all([
      learnkit(['--help']),
      learnkit(['--version']),
      learnkit(['webhook', 'list']),
      learnkit(['webhooks', 'get', APP]),
      learnkit(['events', '--colour']),
      learnkit(['webhooks', 'create', APP, '--event', 'user.created'], partner),
    ]);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain(
      'Exit codes: 0 ok, 1 the platform returned an error, 2 usage, 3 configuration',
    );
    expect(version.stdout.trim()).toBe(
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "webhook"');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing SUBSCRIPTION_ID');
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("Unknown option '--colour'");
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toContain('webhooks create needs --url https://...');
  });

  it('exits 3 without credentials, naming the variables; events needs none', async () => {
    const [bare, events] = await Promise.all([
      learnkit(['webhooks', 'list', APP]),
      learnkit(['events', '--json']),
    ]);
    expect(bare.code).toBe(3);
    expect(bare.stderr).toContain('LEARNKIT_BASE_URL');
    expect(bare.stderr).toContain('--profile NAME');
    expect(events.code).toBe(0);
    const catalogue = JSON.parse(events.stdout) as {
      catalogueVersion: string;
      eventTypes: { type: string }[];
    };
    expect(catalogue.catalogueVersion).toBe('v1.7');
    expect(catalogue.eventTypes).toHaveLength(29);
  });
});

describe('webhooks', () => {
  it('creates, lists, gets, updates, rotates and deletes; the secret only from create and rotate-secret', async () => {
    const created = await learnkit(
      [
        'webhooks',
        'create',
        APP,
        '--url',
        'https://hooks.example.com/cli',
        '--event',
        'user.created,enrollment.created',
      ],
      partner,
    );
    expect(created.code).toBe(0);
    const id = /Created subscription (\S+)/.exec(created.stdout)![1]!;
    const secret = /signing secret\s+(whsec_\S+)/.exec(created.stdout)![1]!;
    expect(created.stdout).toContain('event types     user.created, enrollment.created');
    expect(created.stderr).toContain('Store the signing secret now');

    const [list, got, listJson] = await Promise.all([
      learnkit(['webhooks', 'list', APP], partner),
      learnkit(['webhooks', 'get', APP, id, '--json'], partner),
      learnkit(['webhooks', 'list', APP, '--json'], partner),
    ]);
    expect(list.stdout).toMatch(
      new RegExp(`${id}\\s+active\\s+https://hooks.example.com/cli\\s+user.created,enrollment.created`),
    );
    expect(JSON.parse(got.stdout)).toMatchObject({ id, status: 'active' });
    expect(JSON.parse(listJson.stdout)).toEqual([expect.objectContaining({ id })]);
    for (const ran of [list, got, listJson]) expect(all(ran)).not.toContain('whsec_');

    const paused = await learnkit(['webhooks', 'update', APP, id, '--status', 'paused', '--json'], partner);
    expect(JSON.parse(paused.stdout)).toMatchObject({ id, status: 'paused' });
    const rotated = await learnkit(['webhooks', 'rotate-secret', APP, id, '--json'], partner);
    const newSecret = (JSON.parse(rotated.stdout) as { signingSecret: string }).signingSecret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);

    const deleted = await learnkit(['webhooks', 'delete', APP, id], partner);
    expect(deleted).toMatchObject({
      code: 0,
      stdout: `Deleted subscription ${id}: no further deliveries.\n`,
    });
    const gone = await learnkit(['webhooks', 'get', APP, id], partner);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('404 Not Found');
    expect(gone.stderr).toContain('learnkit webhooks list APP_ID');
  });

  it('keeps the developer path and client credentials apart (404 for the other path)', async () => {
    const made = await learnkit(
      ['webhooks', 'create', APP, '--url', 'https://hooks.example.com/dev', '--event', 'test.ping', '--json'],
      developer,
    );
    const { id } = JSON.parse(made.stdout) as { id: string };
    const [devList, partnerList, partnerGet] = await Promise.all([
      learnkit(['webhooks', 'list', APP, '--json'], developer),
      learnkit(['webhooks', 'list', APP, '--json'], partner),
      learnkit(['webhooks', 'get', APP, id, '--json'], partner),
    ]);
    expect((JSON.parse(devList.stdout) as { id: string }[]).map((s) => s.id)).toContain(id);
    expect((JSON.parse(partnerList.stdout) as { id: string }[]).map((s) => s.id)).not.toContain(id);
    expect(partnerGet.code).toBe(1);
    expect(JSON.parse(partnerGet.stderr)).toMatchObject({
      error: { exitCode: 1, type: 'NotFoundError', status: 404 },
    });
  });

  it('exits 4 on values refused before sending, with the fix', async () => {
    const ran = await learnkit(
      ['webhooks', 'create', APP, '--url', 'http://hooks.example.com/x', '--event', 'user.craeted'],
      partner,
    );
    expect(ran.code).toBe(4);
    expect(ran.stderr).toContain('url: must start with https://');
    expect(ran.stderr).toContain('did you mean "user.created"?); `learnkit events` lists the catalogue');
    const json = await learnkit(['webhooks', 'update', APP, 'x', '--status', 'disabled', '--json'], partner);
    expect(json.code).toBe(4);
    expect(JSON.parse(json.stderr).error.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: ['status'] })]),
    );
  });
});

describe('no secret in the output', () => {
  it('never prints the client secret or the developer token, even on errors and debug logs', async () => {
    const wrong = { ...partner, LEARNKIT_CLIENT_SECRET: 'lk_test_partner_deadbeefdeadbeef' };
    const [refused, logged, devCase] = await Promise.all([
      learnkit(['webhooks', 'list', APP], wrong),
      learnkit(['webhooks', 'list', APP], { ...partner, LEARNKIT_LOG: 'debug' }),
      learnkit(['case', 'tree', platform.fixtures.case.documentId], developer),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('401');
    expect(all(refused)).not.toContain(wrong.LEARNKIT_CLIENT_SECRET);
    expect(logged.code).toBe(0);
    expect(all(logged)).not.toContain(partner.LEARNKIT_CLIENT_SECRET);
    expect(devCase.code).toBe(3);
    expect(devCase.stderr).toContain('needs client credentials');
    expect(all(devCase)).not.toContain(developer.LEARNKIT_DEVELOPER_TOKEN);
  });

  it('exits 5 when nothing returns', async () => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const { port } = free.address() as { port: number };
    await new Promise((resolve) => free.close(resolve));
    const ran = await learnkit(['webhooks', 'list', APP], {
      ...partner,
      LEARNKIT_BASE_URL: `http://127.0.0.1:${port}`,
    });
    expect(ran.code).toBe(5);
    expect(ran.stderr).toContain('platform reachable?');
  });
});

describe('case', () => {
  it('imports a publisher export (report, dry run, upload), then exports and draws it', async () => {
    const file = join(dir, 'export.json');
    const dry = await learnkit(['case', 'import', file, '--dry-run'], partner);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('1 document, 1 items, 1 associations');
    expect(dry.stdout).toMatch(/\d+ change\(s\) to fit the platform's CASE 1\.1 upload/);
    expect(dry.stdout).toContain(
      'CFItems[0].educationalLevel: moved to CFItems[0].extensions.educationalLevel',
    );
    expect(dry.stdout).toContain('Dry run: nothing uploaded.');
    expect(dry.stderr).toBe(''); // no progress display when stderr is not a terminal

    const strict = await learnkit(['case', 'import', file, '--strict'], partner);
    expect(strict.code).toBe(4);
    expect(strict.stderr).toContain('CFItems[0].lastChangeDateTime');

    const imported = await learnkit(['case', 'import', file, '--json'], partner);
    expect(imported.code).toBe(0);
    const report = JSON.parse(imported.stdout) as {
      documentId: string;
      uploaded: boolean;
      changes: unknown[];
    };
    expect(report.uploaded).toBe(true);
    expect(report.changes.length).toBeGreaterThan(3);

    const out = join(dir, 'back.json');
    const [exported, tree] = await Promise.all([
      learnkit(['case', 'export', report.documentId, '-o', out], partner),
      learnkit(['case', 'tree', report.documentId], partner),
    ]);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain(`Wrote ${out}: 1 items`);
    expect(JSON.parse(readFileSync(out, 'utf8')).CFDocument.identifier).toBe(report.documentId);
    expect(tree.stdout).toBe('Common Core State Standards for Mathematics (1 items)\n  K.G Geometry\n');
  });

  it('exits 4 on a file that cannot be read or is no CASE JSON', async () => {
    writeFileSync(join(dir, 'broken.json'), '{"CFDocument": ');
    const [missing, broken] = await Promise.all([
      learnkit(['case', 'import', join(dir, 'nope.json')], partner),
      learnkit(['case', 'import', join(dir, 'broken.json')], partner),
    ]);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('ENOENT');
    expect(broken.code).toBe(4);
  });
});

describe('--profile', () => {
  it('reads a profile of $XDG_CONFIG_HOME/learnkit/config.json, and names the profiles it has', async () => {
    const config = join(dir, 'xdg');
    mkdirSync(join(config, 'learnkit'), { recursive: true });
    const path = join(config, 'learnkit', 'config.json');
    writeFileSync(
      path,
      JSON.stringify({
        profiles: {
          sandbox: {
            baseUrl: ctx.baseUrl,
            clientId: partner.LEARNKIT_CLIENT_ID,
            clientSecret: partner.LEARNKIT_CLIENT_SECRET,
          },
        },
      }),
    );
    chmodSync(path, 0o600);
    const [ok, unknown] = await Promise.all([
      learnkit(['--profile', 'sandbox', 'webhooks', 'list', APP], { XDG_CONFIG_HOME: config }),
      learnkit(['webhooks', 'list', APP, '--profile', 'prod'], { XDG_CONFIG_HOME: config }),
    ]);
    expect(ok.code).toBe(0);
    expect(ok.stderr).toBe('');
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain(`--profile prod: ${path} has no such profile (it has sandbox)`);
    chmodSync(path, 0o644);
    const open = await learnkit(['webhooks', 'list', APP], {
      XDG_CONFIG_HOME: config,
      LEARNKIT_PROFILE: 'sandbox',
    });
    expect(open.code).toBe(0);
    expect(open.stderr).toContain(`is readable by other users; run chmod 600 ${path}`);
    expect(all(open)).not.toContain(partner.LEARNKIT_CLIENT_SECRET);
  });
});
