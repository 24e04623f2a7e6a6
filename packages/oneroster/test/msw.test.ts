import { oneRosterSuite } from './suite';

// The OneRoster suite with the mock platform served as MSW handlers.
oneRosterSuite('msw');
