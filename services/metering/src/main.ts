import { serviceMain } from '@svc/kit';
import { migrateMetering, startMetering } from './service';

await serviceMain('metering', startMetering, migrateMetering);
