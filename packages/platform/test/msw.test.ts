import { platformSuite } from './suite';

// The platform suite with the mock platform served as MSW handlers.
platformSuite('msw');
