/**
 * Fault points for the crash tests: when SVC_METERING_FAULT names a point, the process kills itself
 * with SIGKILL when it reaches it, so a test can stop it exactly between a commit and a publish, or
 * between a consumer's commit and its acknowledgement. Unset (always, outside those tests), a
 * point is a comparison and nothing else.
 */
export type FaultPoint = 'after_commit' | 'before_ack';

export function faultPoint(point: FaultPoint): void {
  if (process.env.SVC_METERING_FAULT === point) process.kill(process.pid, 'SIGKILL');
}
