import { describeConsumer } from '@learnkit/example-consumer-shared/test/suite';
import { createApp, startConsumer } from '../src/server';

// The consumer suite both examples share, on the Express app (an Express app is a Node request listener).
describeConsumer({ name: 'Express', listener: createApp, startConsumer });
