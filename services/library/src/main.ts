import { serviceMain } from '@svc/kit';
import { migrateLibrary, startLibrary } from './service';

await serviceMain('library', startLibrary, migrateLibrary);
