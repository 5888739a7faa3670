import { serviceMain } from '@svc/kit';
import { startMetering } from './service';

await serviceMain('metering', startMetering);
