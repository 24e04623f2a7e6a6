import { platformSuite } from './suite';

// The platform suite with the mock platform served by its loopback HTTP server.
platformSuite('loopback');
