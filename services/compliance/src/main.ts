import { serviceMain } from '@svc/kit';
import { startCompliance } from './service';

await serviceMain('compliance', startCompliance);
