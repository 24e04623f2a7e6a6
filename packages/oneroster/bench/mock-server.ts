/**
 * The loopback mock for the OneRoster benchmark, run in a child process so that the client's heap measure holds
 * only the client (the mock keeps every user in memory). Adds `LEARNKIT_BENCH_USERS` students of the first Maple
 * school to the seeded roster, each with a student role there, then sends `{ url, clientId, clientSecret, users }`
 * (the partner's users in all) when it listens; exits when the parent disconnects.
 */
import { createMockPlatform } from '@learnkit/mock';

const count = Number(process.env.LEARNKIT_BENCH_USERS ?? 100_000);
const platform = createMockPlatform();
const { roster } = platform.state;
const stamp = new Date(0).toISOString().replace('.000Z', 'Z');
const school = platform.fixtures.roster.schoolIds[0]!;
for (let n = 0; n < count; n++) {
  const sourcedId = `usr-bench-${String(n).padStart(6, '0')}`;
  roster.users.set(sourcedId, {
    sourcedId,
    status: 'active',
    dateLastModified: stamp,
    givenName: `Student${n}`,
    familyName: 'Bench',
    email: `student${n}@maple.learnkit.test`,
    username: null,
    enabledUser: true,
    primaryOrgId: school,
    metadata: null,
  });
  const roleId = `role-${sourcedId}`;
  roster.roles.set(roleId, {
    roleId,
    userId: sourcedId,
    orgId: school,
    role: 'student',
    roleType: 'primary',
    beginDate: null,
    endDate: null,
    ended: false,
  });
}
const server = await platform.listen();
const { clientId, clientSecret } = platform.clients.partner;
process.send?.({ url: server.url, clientId, clientSecret });
process.on('disconnect', () => {
  platform.close();
  void server.close().finally(() => process.exit(0));
});
