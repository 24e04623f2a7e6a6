/**
 * The loopback mock for the platform rostering benchmark, run in a child process so that the client's measures
 * hold only the client. Adds `LEARNKIT_BENCH_ENROLLMENTS` enrollments of students in the first Maple school to the
 * seeded tenant, then sends `{ url, clientId, clientSecret }` when it listens; exits when the parent disconnects.
 */
import { createMockPlatform } from '@learnkit/mock';

const count = Number(process.env.LEARNKIT_BENCH_ENROLLMENTS ?? 10_000);
const platform = createMockPlatform();
const { roster } = platform.state;
const stamp = new Date(0).toISOString().replace('.000Z', 'Z');
const school = platform.fixtures.roster.schoolIds[0]!;
const classId = platform.fixtures.roster.classIds[0]!;
for (let n = 0; n < count; n++) {
  const sourcedId = `enr-bench-${String(n).padStart(6, '0')}`;
  roster.enrollments.set(sourcedId, {
    sourcedId,
    status: 'active',
    dateLastModified: stamp,
    role: 'student',
    userId: `usr-bench-${String(n).padStart(6, '0')}`,
    classId,
    schoolId: school,
    primary: false,
    beginDate: null,
    endDate: null,
    metadata: null,
  });
}
const server = await platform.listen();
const { clientId, clientSecret } = platform.clients.partner;
process.send?.({ url: server.url, clientId, clientSecret });
process.on('disconnect', () => {
  platform.close();
  void server.close().finally(() => process.exit(0));
});
