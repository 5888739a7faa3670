import { serviceMain } from '@svc/kit';
import { migrateCompliance, startCompliance } from './service';

await serviceMain('compliance', startCompliance, migrateCompliance);
