// The one test harness of the workspace (docs/decisions.md#d-test-utils-harness): every package's tests start the
// mock, make clients, collect requests and deliveries and control time through it.
export { clientOptions, developerHttpClient, httpClient, QUICK_RETRY } from './clients';
export { recordingLogger } from './logger';
export {
  type ClientInit,
  itChecksEveryExchange,
  itWorksOverASharedHttpClient,
  type PackageMock,
  type UsePackageMockOptions,
  usePackageMock,
} from './package-mock';
export {
  contract,
  type Delivery,
  type Mode,
  type PlatformHarness,
  type Sent,
  type UsePlatformOptions,
  usePlatform,
} from './platform';
export { type RedisServer, type RedisServerOptions, startRedisServer } from './redis';
export { type SampleStudent, timeSpentInput } from './samples';
export { advanceTime } from './time';
