/**
 * The chassis' published share bands, asked of the label service (LabelChassis.Bands): the envelope
 * never holds the chassis, only what the disclosure policy publishes of it. One call per variant
 * for the life of the process (the bands change only with the chassis file, which changes with a
 * deployment); concurrent first requests share it, and a failed call is not kept, so the next
 * request asks again. Any failure, or an answer that cannot be used, is a 503 for the request:
 * a check without the chassis' components would be a verdict on the wrong formula.
 */
import { SvcError, call, connect, type Logger } from '@svc/kit';
import { chassisSharesFromProto, proto, type LabelChassisClient } from '@svc/protos';
import type { ChassisBandsResponse__Output } from '@svc/protos/gen/svc/v1/ChassisBandsResponse';
import type { Architecture } from '@svc/formula';
import type { ChassisShare } from './engine/index';

export interface ChassisBands {
  /** The chassis' components of `variant` with their share bands; rejects with a 503 SvcError. */
  shares(variant: Architecture, requestId?: string): Promise<readonly ChassisShare[]>;
  stop(): void;
}

const UNAVAILABLE = 'the chassis bands (label service) are unavailable; retry shortly';

export function labelChassisBands(address: string, log: Logger): ChassisBands {
  const client = connect<LabelChassisClient>(proto.labelChassis as never, address);
  const cache = new Map<Architecture, Promise<readonly ChassisShare[]>>();
  const ask = async (variant: Architecture, requestId?: string): Promise<readonly ChassisShare[]> => {
    const m = await call<ChassisBandsResponse__Output>(client, 'Bands', { variant }, { idempotent: true, requestId, deadlineMs: 1_500 });
    const r = chassisSharesFromProto(m, variant);
    if (!r.ok) throw new Error(`LabelChassis.Bands answer refused: ${r.why}`);
    return Object.freeze(r.shares.map((s) => Object.freeze(s)));
  };
  return {
    shares(variant, requestId) {
      const hit = cache.get(variant);
      if (hit) return hit;
      const p = ask(variant, requestId).catch((err: unknown) => {
        if (cache.get(variant) === p) cache.delete(variant);
        log.warn({ err: (err as Error).message, variant, requestId }, 'chassis bands unavailable');
        throw SvcError.unavailable(UNAVAILABLE);
      });
      cache.set(variant, p);
      return p;
    },
    stop() {
      client.close();
    },
  };
}
