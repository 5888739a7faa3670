/**
 * The module a service's thread runs in the embedded start (see startServiceOnThread in @svc/kit):
 * it starts the one service the main thread names, from the same registry as every start.
 */
import { serveThreadService } from '@svc/kit';
import { FACTORIES } from './components';

serveThreadService((name) => FACTORIES[name]());
