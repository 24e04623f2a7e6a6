import { notFound } from '../internal/http-error.js';
import { randomId } from '../internal/random.js';
import { json } from '../internal/responses.js';
import type { OperationHandler } from '../operations/dispatch.js';
import type { StoredUser } from '../state.js';
import type { StoredCredential, StoredProfile } from './profiles.js';
import type { Caller } from './store.js';
import { visibleRow } from './store.js';

// A user's profiles in applications and their credentials, as the vendor's OneRoster description of 2025-10 states
// them (docs/decisions.md#d-oneroster-2025-10): a user carries `userProfiles`; a student's credentials in a
// third-party application are registered on the profile for it, and a credential's password is given back only
// by `decrypt`. The mock keeps passwords as written, and never shows one in a user.

/** The user the path's `userId` names, if the caller may see it (404 otherwise). */
const userOf = (caller: Caller, userId: string) =>
  visibleRow(caller, 'users', userId) as unknown as StoredUser;

/**
 * POST `users/{userId}/credentials`: the credential is added to the user's profile for the application (made
 * when the user has none, `profileType: thirdParty`), responded with 201 with the profile's and the credential's ids.
 */
export const registerCredentials: OperationHandler<'registerStudentCredentials'> = async (
  context,
  { userId },
) => {
  const user = userOf(context, userId);
  const { applicationName, credentials } = await context.body();
  const profiles = (user.userProfiles ?? []) as StoredProfile[];
  let profile = profiles.find((p) => p.applicationId === applicationName);
  if (!profile) {
    profile = {
      profileId: randomId(),
      profileType: 'thirdParty',
      vendorId: applicationName,
      applicationId: applicationName,
      credentials: [],
    };
    profiles.push(profile);
  }
  const credential: StoredCredential = { id: randomId(), type: 'password', ...credentials };
  profile.credentials.push(credential);
  Object.assign(user, { userProfiles: profiles, dateLastModified: context.core.iso() });
  return json(201, {
    userProfileId: profile.profileId,
    credentialId: credential.id,
    message: 'Student credentials created successfully',
  });
};

/** POST `users/{userId}/credentials/{credentialId}/decrypt`: the credential's password (404 for no such credential). */
export const decryptCredential: OperationHandler<'decryptCredential'> = (
  context,
  { userId, credentialId },
) => {
  const user = userOf(context, userId);
  for (const profile of (user.userProfiles ?? []) as StoredProfile[]) {
    const credential = profile.credentials.find((c) => c.id === credentialId);
    if (credential) return json(200, { password: credential.password ?? '' });
  }
  throw notFound(`credential ${credentialId} of user ${userId} not found`);
};
