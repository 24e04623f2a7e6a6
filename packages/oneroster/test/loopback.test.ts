import { oneRosterSuite } from './suite';

// The OneRoster suite with the mock platform served by its loopback HTTP server.
oneRosterSuite('loopback');
