import { randomId } from '../internal/random.js';
import type { StoredUser } from '../state.js';

// A user's profiles as the mock keeps and shows them (docs/decisions.md#d-oneroster-2025-10), apart from the
// credential routes so the user views read them without importing the roster store (no import cycle).

type Input = Record<string, unknown>;

/** A credential as the mock keeps it: its id, and the password as written (never shown in a user). */
export type StoredCredential = { id: string; type: string; username: string; password?: string | null };

/** A profile as the mock keeps it. */
export type StoredProfile = Omit<NonNullable<StoredUser['userProfiles']>[number], 'credentials'> & {
  credentials: StoredCredential[];
};

/** The profiles of a user write (`userProfiles` of its body), each credential given an id. */
export function profilesOf(input: unknown): StoredProfile[] {
  return ((input as Input[] | undefined) ?? []).map((profile) => ({
    ...(profile as StoredProfile),
    credentials: ((profile.credentials as Input[] | undefined) ?? []).map((credential) => ({
      ...(credential as Omit<StoredCredential, 'id'>),
      id: randomId(),
    })),
  }));
}

/** The profiles of a user as a OneRoster user shows them: every credential without its password. */
export function profilesView(user: StoredUser): unknown[] {
  return ((user.userProfiles ?? []) as StoredProfile[]).map((profile) => ({
    ...profile,
    credentials: profile.credentials.map(({ password: _hidden, ...credential }) => credential),
  }));
}
