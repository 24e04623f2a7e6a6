// The partner's LearnKit on a mock platform, subscribed to `test.ping`: what the public-API bench and the check of
// the docs' webhook consumers both set up against the packed packages. Plain JavaScript: the bench runs it with
// plain Node inside the scratch project (bench/packed.ts copies it there beside bench/public-api.mjs).

/**
 * A `LearnKit` for the mock's partner client at `baseUrl` (the environment not read) and a subscription of the
 * seeded application to `test.ping`. `LearnKit` and `platform` come from the installed packages.
 */
export async function subscribePartner({ LearnKit, platform, baseUrl }) {
  const { partner } = platform.clients;
  const lk = new LearnKit({
    baseUrl,
    clientId: partner.clientId,
    clientSecret: partner.clientSecret,
    env: {},
  });
  const subscription = await lk.webhooks.subscriptions.create(platform.fixtures.application.applicationId, {
    url: 'https://hooks.example.com/learnkit',
    eventTypes: ['test.ping'],
  });
  return { lk, subscription };
}
