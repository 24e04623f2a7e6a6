import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook } from '../src/index.js';

describe('signWebhook (one name with the webhooks package)', () => {
  const body = JSON.stringify({ id: 'evt-1', type: 'test.ping', data: { message: 'hi' } });

  it('signs as the platform does, with the arguments of signWebhook of @learnkit/webhooks', async () => {
    const options = { secret: 'whsec_test', body, timestamp: new Date(1_767_225_600_500) };
    expect(await signWebhook(options)).toEqual({
      'X-Service-Webhook-Timestamp': '1767225600',
      'X-Service-Webhook-Signature': createHmac('sha256', 'whsec_test')
        .update(`1767225600.${body}`)
        .digest('hex'),
    });
  });
});
