import { sdkSuite } from './suite';

// In-process: MSW intercepts fetch, and every request and response is checked against openapi/.
sdkSuite('msw');
