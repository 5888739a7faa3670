import { postgresDb } from './helpers/db';
import { storeSuite } from './helpers/store-suite';

storeSuite('postgres', postgresDb);
