import { pgliteDb } from './helpers/db';
import { storeSuite } from './helpers/store-suite';

storeSuite('pglite', pgliteDb);
