import { sdkSuite } from './suite';

// Real HTTP: the mock's loopback server, through a contract-checking fetch.
sdkSuite('loopback');
