import { caseSuite } from './suite';

// The CASE suite with the mock platform served by its loopback HTTP server.
caseSuite('loopback');
