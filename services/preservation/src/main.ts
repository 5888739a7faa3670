import { serviceMain } from '@svc/kit';
import { startPreservation } from './service';

await serviceMain('preservation', startPreservation);
