import { type LearnKit, ValidationError } from '@learnkit/sdk';
import type { Print } from './output';

/** What validation responded. */
export interface ValidateResult {
  valid: string[];
  invalid: string[];
  /** One line saying what the step did. */
  summary: string;
}

/** An id no framework has: shows up in `invalid`. */
export const UNKNOWN_ID = '00000000-0000-0000-0000-00000000dead';

/**
 * Validate ids: the platform splits them into `valid` (existing standards outside any Course Sequence) and
 * `invalid`. Ids that are not uuids are refused before anything is sent, naming each index.
 */
export async function validateIds(
  lk: LearnKit,
  print: Print,
  ids: readonly string[],
): Promise<ValidateResult> {
  const { valid, invalid } = await lk.case.items.validate([...ids, UNKNOWN_ID]);
  print(
    `${ids.length + 1} ids checked: ${valid.length} valid, ${invalid.length} invalid (${invalid.join(', ')})`,
  );
  try {
    await lk.case.items.validate(['3.NF.A.1']);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    print(`a code instead of an id is refused before sending: ${error.issues[0]?.message}`);
  }
  return {
    valid,
    invalid,
    summary: `${valid.length} valid, ${invalid.length} invalid; a non-uuid refused before sending`,
  };
}
