import { serviceMain } from '@svc/kit';
import { startLibrary } from './service';

await serviceMain('library', startLibrary);
