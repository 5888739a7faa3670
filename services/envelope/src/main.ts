import { serviceMain } from '@svc/kit';
import { startEnvelope } from './service';

await serviceMain('envelope', startEnvelope);
