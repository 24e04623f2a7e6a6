import { getRequestListener } from '@hono/node-server';
import { describeConsumer } from '@learnkit/example-consumer-shared/test/suite';
import { createApp, startConsumer } from '../src/server';

// The consumer suite both examples share, on the Hono app; getRequestListener is what @hono/node-server's serve()
// does, here on the suite's server already listening. It leaves the global Request and Response as they are: the
// harness builds Requests of its own, which the node-server's lighter globals do not take.
describeConsumer({
  name: 'Hono',
  listener: (options) => getRequestListener(createApp(options).fetch, { overrideGlobalObjects: false }),
  startConsumer,
});
