/**
 * The gRPC contracts as types, so that a call names a method that exists and sends the fields its
 * request declares: `rpc(clients, 'envelope', 'Check', {...})` fails type-checking for 'Chek' or
 * for a field the proto does not have.
 */
import type { MethodDefinition } from '@grpc/proto-loader';
import type { ComplianceDefinition } from '../gen/svc/v1/Compliance';
import type { EnvelopeDefinition } from '../gen/svc/v1/Envelope';
import type { LabelDefinition } from '../gen/svc/v1/Label';
import type { LibraryDefinition } from '../gen/svc/v1/Library';
import type { MeteringDefinition } from '../gen/svc/v1/Metering';
import type { PreservationDefinition } from '../gen/svc/v1/Preservation';

export interface Definitions {
  library: LibraryDefinition;
  envelope: EnvelopeDefinition;
  preservation: PreservationDefinition;
  label: LabelDefinition;
  metering: MeteringDefinition;
  compliance: ComplianceDefinition;
}

/** The declared method names of a service (the definitions' index signature left out). */
export type MethodName<S extends keyof Definitions> = keyof {
  [K in keyof Definitions[S] as string extends K ? never : number extends K ? never : K]: unknown;
} &
  string;

type Def<S extends keyof Definitions, M extends MethodName<S>> = Definitions[S][M];

/** What a caller sends: the request message as the client accepts it. */
export type RequestOf<S extends keyof Definitions, M extends MethodName<S>> = Def<S, M> extends MethodDefinition<infer Req, infer _Res, infer _ReqOut, infer _ResOut> ? Req : never;

/** What a caller receives: the response message as the client decodes it. */
export type ResponseOf<S extends keyof Definitions, M extends MethodName<S>> = Def<S, M> extends MethodDefinition<infer _Req, infer _Res, infer _ReqOut, infer Res> ? Res : never;
