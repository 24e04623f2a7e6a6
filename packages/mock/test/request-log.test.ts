import { describe, expect, it } from 'vitest';
import { createMockPlatform } from '../src/index.js';

describe('the request log', () => {
  it('keeps the newest requests up to requestLogSize, while onRequest still sees every one', async () => {
    const seen: string[] = [];
    const platform = createMockPlatform({ requestLogSize: 3, onRequest: (entry) => seen.push(entry.path) });
    try {
      for (let i = 0; i < 10; i++) {
        await platform.handle(new Request(`${platform.baseUrl}/ims/case/v1p1/CFItems/unknown-${i}`));
      }
      expect(seen).toHaveLength(10);
      const kept = platform.state.requests.map((entry) => entry.path);
      expect(kept.length).toBeGreaterThanOrEqual(3);
      expect(kept.length).toBeLessThan(6);
      expect(kept.at(-1)).toBe('/ims/case/v1p1/CFItems/unknown-9');
      expect(kept).toEqual(seen.slice(-kept.length));
    } finally {
      await platform.close();
    }
  });
});
