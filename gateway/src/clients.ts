/** One gRPC client per service, each call with a deadline; the gateway's only way to the services. */
import { call, connect, type CallOptions, type Peers } from '@svc/kit';
import { SERVICE_NAMES, proto, type MethodName, type RequestOf, type ResponseOf, type ServiceName } from '@svc/protos';
import type * as grpc from '@grpc/grpc-js';
import { fromGrpc } from './errors';

export type Clients = Record<ServiceName, grpc.Client> & { close(): void };

/** One client per service of the contract (SERVICE_NAMES, checked against the component registry). */
export function createClients(peers: Peers): Clients {
  const clients = {} as Record<ServiceName, grpc.Client>;
  for (const name of SERVICE_NAMES) clients[name] = connect<grpc.Client>(proto[name], peers[name]);
  return {
    ...clients,
    close() {
      for (const c of Object.values(clients)) c.close();
    },
  };
}

/**
 * Calls a service and turns its failure into the HTTP error the client will see. Typed over the
 * generated contracts: the method must exist and the request may only hold the proto's fields.
 */
export async function rpc<S extends ServiceName, M extends MethodName<S>>(
  clients: Clients,
  service: S,
  method: M,
  request: RequestOf<S, M>,
  opts: CallOptions = {},
): Promise<ResponseOf<S, M>> {
  try {
    return await call<ResponseOf<S, M>>(clients[service], method, request, opts);
  } catch (err) {
    throw fromGrpc(err, service);
  }
}
