// `learnkit-mock launch` and the control operation behind it (POST /__learnkit-mock/lti/launch): the served mock
// signs a launch whose token verifies against its own key set, every control exchange checked against
// openapi/mock-control.yaml (docs/decisions.md#d-mock-lti-launcher).
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../src/cli/args.js';
import { launch } from '../src/cli/launch.js';
import { type RunningMock, serve } from '../src/cli/serve.js';
import { checkedExchange } from './support/control-contract.js';

let running: RunningMock;
let base = '';

beforeAll(async () => {
  running = await serve(parseArgs(['serve', '--port', '0', '--quiet']), () => {});
  base = running.server.url.replace(/\/+$/, '');
});
afterAll(() => running.stop());

const APP = 'http://localhost:3000/launch';

async function verifiesAgainstTheMock(idToken: string) {
  const keys = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as Parameters<
    typeof createLocalJWKSet
  >[0];
  return jwtVerify(idToken, createLocalJWKSet(keys), {
    // The URL the served mock responds at, even on a port --port 0 picked: what lk.lti takes as the issuer
    // (docs/decisions.md#d-mock-served-base-url).
    issuer: base,
    audience: running.platform.clients.application.clientId,
  });
}

describe('learnkit-mock launch', () => {
  it('parses --as, --to, --fault, --open and --url, and names what is missing', () => {
    expect(
      parseArgs(['launch', '--as', 'usr-ada-lovelace', '--to', APP, '--fault', 'expired']).launch,
    ).toEqual({
      as: 'usr-ada-lovelace',
      to: APP,
      fault: 'expired',
      open: false,
      url: 'http://127.0.0.1:4010',
    });
    expect(() => parseArgs(['launch', '--to', APP])).toThrow(/launch needs --as <user>/);
    expect(() => parseArgs(['launch', '--as', 'u'])).toThrow(/launch needs --to <url>/);
    expect(() => parseArgs(['launch', '--as', 'u', '--to', APP, '--fault', 'late'])).toThrow(
      /--fault must be one of/,
    );
    expect(() => parseArgs(['serve', '--as', 'u'])).toThrow(/--as is an option of launch, not of serve/);
  });

  it('prints the page whose form posts a token the mock signed for the student', async () => {
    const printed: string[] = [];
    await launch({ as: 'usr-ada-lovelace', to: APP, url: base, open: false }, (line) => printed.push(line));
    const page = printed.join('\n');
    expect(page).toContain(`<form id="learnkit-launch" method="post" action="${APP}">`);
    const idToken = /name="id_token" value="([^"]+)"/.exec(page)?.[1] as string;
    const { payload } = await verifiesAgainstTheMock(idToken);
    expect(payload.sub).toBe('usr-ada-lovelace');
  });

  it('returns the control operation as the document states, and refuses an unknown user with a 400', async () => {
    const post = (body: unknown, conforms = true) =>
      checkedExchange(
        `${base}/__learnkit-mock/lti/launch`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        conforms,
      );
    const made = await post({ as: 'usr-ada-lovelace', to: APP, fault: 'wrong_audience' });
    expect(made.status).toBe(201);
    const { idToken } = (await made.json()) as { idToken: string };
    await expect(verifiesAgainstTheMock(idToken)).rejects.toThrow(/aud/);
    const unknown = await post({ as: 'usr-nobody', to: APP });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toContain(
      'no user usr-nobody in the roster',
    );
    expect((await post({ as: 'usr-ada-lovelace' }, false)).status).toBe(400);
  });

  it('says how to start a mock when none returns', async () => {
    await expect(
      launch({ as: 'usr-ada-lovelace', to: APP, url: 'http://127.0.0.1:9', open: false }, () => {}),
    ).rejects.toThrow(/No learnkit-mock responded at http:\/\/127.0.0.1:9.*learnkit-mock serve/);
  });
});
