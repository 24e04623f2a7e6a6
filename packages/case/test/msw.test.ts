import { caseSuite } from './suite';

// The CASE suite with the mock platform served as MSW handlers.
caseSuite('msw');
