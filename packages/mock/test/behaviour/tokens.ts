import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/index.js';
import type { Harness } from '../support/harness.js';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Token issuance, expiry, revocation and scopes. */
export function tokenTests(h: Harness): void {
  describe('tokens', () => {
    it('issues a JWT-shaped token at /auth/1.0/token with HTTP Basic, scoped to the client grant', async () => {
      const { partner } = h.platform.clients;
      const rawResponse = await h.call('POST', '/auth/1.0/token', {
        body: form({ grant_type: 'client_credentials' }),
        headers: { ...FORM, authorization: `Basic ${btoa(`${partner.clientId}:${partner.clientSecret}`)}` },
      });
      expect(rawResponse.status).toBe(200);
      const body = rawResponse.body as {
        access_token: string;
        expires_in: number;
        token_type: string;
        scope: string;
      };
      expect(body.expires_in).toBe(3600);
      expect(body.token_type).toBe('Bearer');
      expect(body.scope.split(' ').sort()).toEqual([...partner.scopes].sort());
      const [header, payload, signature] = body.access_token.split('.');
      expect(signature).toMatch(/^[\w-]+$/);
      expect(JSON.parse(atob(header!.replace(/-/g, '+').replace(/_/g, '/')))).toMatchObject({ typ: 'JWT' });
      expect(JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/')))).toMatchObject({
        sub: partner.clientId,
      });
      expect(h.platform.state.tokens.at(-1)).toMatchObject({
        clientId: partner.clientId,
        endpoint: '/auth/1.0/token',
      });
    });

    it('issues at /oauth2/token with form credentials and narrows to a requested scope subset', async () => {
      const { partner } = h.platform.clients;
      const rawResponse = await h.call('POST', '/oauth2/token', {
        body: form({
          grant_type: 'client_credentials',
          client_id: partner.clientId,
          client_secret: partner.clientSecret,
          scope: SCOPES.rosterRead,
        }),
        headers: FORM,
      });
      expect(rawResponse.status).toBe(200);
      expect(rawResponse.body).toMatchObject({
        scope: SCOPES.rosterRead,
        expires_in: 3600,
        token_type: 'Bearer',
      });
      const token = (rawResponse.body as { access_token: string }).access_token;
      const webhooks = await h.call(
        'GET',
        `/webhooks/1.0/${h.platform.fixtures.application.applicationId}/subscriptions`,
        { token },
      );
      expect(webhooks.status).toBe(403);
      expect((await h.call('GET', '/ims/oneroster/rostering/v1p2/users/?limit=1', { token })).status).toBe(
        200,
      );
    });

    it('returns RFC 6749 errors: invalid_client, invalid_request, unsupported_grant_type, invalid_scope', async () => {
      const { partner } = h.platform.clients;
      const basic = (id: string, secret: string) => ({
        ...FORM,
        authorization: `Basic ${btoa(`${id}:${secret}`)}`,
      });
      const cases: [Record<string, string>, Record<string, string>, number, string][] = [
        [basic(partner.clientId, 'wrong'), { grant_type: 'client_credentials' }, 401, 'invalid_client'],
        [basic('nobody', 'nothing'), { grant_type: 'client_credentials' }, 401, 'invalid_client'],
        [FORM, { grant_type: 'client_credentials' }, 401, 'invalid_client'],
        [basic(partner.clientId, partner.clientSecret), {}, 400, 'invalid_request'],
        [
          basic(partner.clientId, partner.clientSecret),
          { grant_type: 'password' },
          400,
          'unsupported_grant_type',
        ],
        [
          basic(partner.clientId, partner.clientSecret),
          { grant_type: 'client_credentials', scope: 'https://scopes.example.com/nope' },
          400,
          'invalid_scope',
        ],
      ];
      h.allowBadRequests();
      for (const [headers, fields, status, error] of cases) {
        const rawResponse = await h.call('POST', '/auth/1.0/token', { body: form(fields), headers });
        expect([rawResponse.status, (rawResponse.body as { error: string }).error]).toEqual([status, error]);
        expect(typeof (rawResponse.body as { error_description: string }).error_description).toBe('string');
      }
      const json = await h.call('POST', '/auth/1.0/token', {
        body: { grant_type: 'client_credentials' },
        headers: { authorization: basic(partner.clientId, partner.clientSecret).authorization },
      });
      expect([json.status, (json.body as { error: string }).error]).toEqual([400, 'invalid_request']);
    });

    it('refuses an unknown token with 401 in the area format (imsx on CASE, { error, message } on platform paths)', async () => {
      const ims = await h.call('GET', '/ims/case/v1p1/CFDocuments', { token: 'not-a-token' });
      expect(ims.status).toBe(401);
      expect(ims.body).toMatchObject({
        imsx_codeMajor: 'failure',
        imsx_severity: 'error',
        imsx_CodeMinor: {
          imsx_codeMinorField: [
            { imsx_codeMinorFieldName: 'TargetEndSystem', imsx_codeMinorFieldValue: 'unauthorisedrequest' },
          ],
        },
      });
      const platform = await h.call(
        'GET',
        `/webhooks/1.0/${h.platform.fixtures.application.applicationId}/subscriptions`,
      );
      expect(platform.status).toBe(401);
      expect(platform.body).toMatchObject({ error: 'unauthorized' });
      h.allowBadRequests();
    });

    it('expires tokens on the mock clock (expires_in shortened by tokenTtlSec)', async () => {
      await h.restart({ tokenTtlSec: 60 });
      const token = await h.token(h.platform.clients.partner);
      expect(h.platform.state.tokens.at(-1)!.expiresAt - h.platform.state.tokens.at(-1)!.issuedAt).toBe(
        60_000,
      );
      expect((await h.call('GET', '/ims/case/v1p1/CFDocuments?limit=1', { token })).status).toBe(200);
      await h.platform.clock.advance(59_000);
      expect((await h.call('GET', '/ims/case/v1p1/CFDocuments?limit=1', { token })).status).toBe(200);
      await h.platform.clock.advance(1_000);
      const expired = await h.call('GET', '/ims/case/v1p1/CFDocuments?limit=1', { token });
      expect(expired.status).toBe(401);
      expect(expired.headers.get('www-authenticate')).toContain('invalid_token');
    });

    it('revokes tokens (all of one client) so they get 401 while others keep working', async () => {
      const partner = await h.token(h.platform.clients.partner);
      const other = await h.token(h.platform.clients.otherPartner);
      expect(h.platform.faults.revokeTokens({ clientId: h.platform.clients.partner.clientId })).toBe(1);
      expect((await h.call('GET', '/ims/case/v1p1/CFDocuments', { token: partner })).status).toBe(401);
      expect((await h.call('GET', '/ims/case/v1p1/CFDocuments', { token: other })).status).toBe(200);
      const fresh = await h.token(h.platform.clients.partner);
      expect((await h.call('GET', '/ims/case/v1p1/CFDocuments', { token: fresh })).status).toBe(200);
    });

    it('responds with 403 for a token without the endpoint scope', async () => {
      const app = h.platform.fixtures.application.applicationId;
      const noWebhooks = await h.token(h.platform.clients.noWebhookScopes);
      const forbidden = await h.call('GET', `/webhooks/1.0/${app}/subscriptions`, { token: noWebhooks });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toMatchObject({ error: 'forbidden' });
      const rosterOnly = await h.token(h.platform.clients.partner, [SCOPES.rosterRead]);
      const caliper = await h.call('POST', '/caliper/v1p2', {
        token: rosterOnly,
        body: {
          sensor: 'https://x.test',
          sendTime: '2026-01-01T00:00:00Z',
          dataVersion: 'http://purl.imsglobal.org/ctx/caliper/v1p2',
          data: [],
        },
      });
      expect(caliper.status).toBe(403);
      const lineItem = await h.call('PUT', '/ims/oneroster/gradebook/v1p2/assessmentLineItems/ali-x', {
        token: rosterOnly,
        body: { assessmentLineItem: { title: 'x' } },
      });
      expect(lineItem.status).toBe(403);
      expect(lineItem.body).toMatchObject({
        imsx_CodeMinor: { imsx_codeMinorField: [{ imsx_codeMinorFieldValue: 'forbidden' }] },
      });
      h.allowBadRequests();
    });
  });
}
