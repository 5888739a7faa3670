import { serviceMain } from '@svc/kit';
import { startLabel } from './service';

await serviceMain('label', startLabel);
