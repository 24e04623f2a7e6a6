import { behaviourSuite } from './behaviour/index.js';

behaviourSuite('msw');
