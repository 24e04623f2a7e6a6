// The public surface before and after the generated resources (docs/decisions.md#d-public-surface-declaration): every
// method of the committed baseline is still a method of `LearnKit`, with the same type (assignable both ways, each
// overload included). New methods may come; none may go or change unless the baseline is rewritten on purpose.
import { describe, expect, it } from 'vitest';
import { compareWithBaseline } from '../../../scripts/api-surface';

describe('the public surface of LearnKit', () => {
  it('keeps every method of the baseline, each with the same type', { timeout: 180_000 }, () => {
    const { missing, changed, checked } = compareWithBaseline();
    expect(missing, 'methods of the baseline that LearnKit no longer has').toEqual([]);
    expect(changed, 'methods whose type differs from the baseline').toEqual([]);
    // The baseline holds every family's methods, so an empty comparison cannot pass.
    expect(checked).toBeGreaterThanOrEqual(70);
  });
});
