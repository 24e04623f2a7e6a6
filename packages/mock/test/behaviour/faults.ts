import { beforeEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';

/** Fault injection: statuses with Retry-After, non-JSON bodies, hangs, resets, delays, scoping, clear. */
export function faultTests(h: Harness): void {
  describe('faults', () => {
    let token = '';
    beforeEach(async () => {
      token = await h.token(h.platform.clients.partner);
      h.allowBadResponses();
    });
    const documents = () => h.call('GET', '/ims/case/v1p1/CFDocuments', { token });

    it('returns the next N matching requests with a status and Retry-After, in the area format, then recovers', async () => {
      h.platform.faults.inject({ path: '/ims/case/v1p1/CFDocuments', status: 429, retryAfter: 2, times: 2 });
      for (let n = 0; n < 2; n++) {
        const limited = await documents();
        expect(limited.status).toBe(429);
        expect(limited.headers.get('retry-after')).toBe('2');
        expect(limited.body).toMatchObject({
          imsx_CodeMinor: { imsx_codeMinorField: [{ imsx_codeMinorFieldValue: 'server_busy' }] },
        });
      }
      expect((await documents()).status).toBe(200);
      h.platform.faults.inject({
        method: 'GET',
        path: /\/subscriptions$/,
        status: 503,
        body: { error: 'maintenance', message: 'back soon' },
      });
      const platform = await h.call(
        'GET',
        `/webhooks/1.0/${h.platform.fixtures.application.applicationId}/subscriptions`,
        { token },
      );
      expect([platform.status, platform.body]).toEqual([503, { error: 'maintenance', message: 'back soon' }]);
      expect(h.platform.state.requests.filter((entry) => entry.fault === 'status')).toHaveLength(3);
    });

    it('scopes faults by method and path pattern', async () => {
      h.platform.faults.inject({
        method: 'POST',
        path: '/ims/case/v1p1/*',
        status: 500,
        times: Number.POSITIVE_INFINITY,
      });
      expect((await documents()).status).toBe(200);
      const validate = await h.call('POST', '/ims/case/v1p1/CFItems/validate', { token, body: { ids: [] } });
      expect(validate.status).toBe(500);
      expect(
        (await h.call('POST', '/ims/case/v1p1/CFItems/validate', { token, body: { ids: [] } })).status,
      ).toBe(500);
      h.platform.faults.clear();
      expect(
        (await h.call('POST', '/ims/case/v1p1/CFItems/validate', { token, body: { ids: [] } })).status,
      ).toBe(200);
      expect(() => h.platform.faults.inject({ status: 99 })).toThrow(RangeError);
      expect(() => h.platform.faults.inject({ status: 500, times: 0 })).toThrow(RangeError);
      h.platform.faults.inject({ path: '/ims/case/v1p1/CFDocuments/', status: 204 });
      expect(await documents()).toMatchObject({ status: 204, text: '' });
      expect(h.platform.faults.active()).toEqual([]);
    });

    it('returns a body that is not JSON', async () => {
      h.platform.faults.inject({ path: '/ims/case/v1p1/CFDocuments', nonJson: true });
      const rawResponse = await documents();
      expect(rawResponse.status).toBe(200);
      expect(rawResponse.headers.get('content-type')).toContain('text/html');
      expect(() => JSON.parse(rawResponse.text)).toThrow();
    });

    it('hangs until the client gives up', async () => {
      h.platform.faults.inject({ path: '/ims/case/v1p1/CFDocuments', hang: true });
      const started = Date.now();
      await expect(
        h.fetch('/ims/case/v1p1/CFDocuments', {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(150),
        }),
      ).rejects.toThrow();
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      expect((await documents()).status).toBe(200);
    });

    it('resets the connection', async () => {
      h.platform.faults.inject({ path: '/auth/1.0/token', reset: true });
      await expect(h.token(h.platform.clients.partner)).rejects.toThrow(TypeError);
      expect(await h.token(h.platform.clients.partner)).toMatch(/\./);
    });

    it('delays the response', async () => {
      h.platform.faults.inject({ path: '/ims/case/v1p1/CFDocuments', delayMs: 120 });
      const started = Date.now();
      expect((await documents()).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    });
  });
}
