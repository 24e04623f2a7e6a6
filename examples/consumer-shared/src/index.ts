// What the webhook consumer examples (consumer-express, consumer-hono) share; each example keeps only what its
// framework does differently: mounting the handler on a route and listening (docs/decisions.md#d-webhook-consumer-examples).
export { type ConsumerOptions, createConsumerHandler } from './handler';
export { type ListenOptions, type RunningConsumer, runConsumer, runningConsumer } from './run';
export { type ConsumerStore, createMemoryStore } from './store';
