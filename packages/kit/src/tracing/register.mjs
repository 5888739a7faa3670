// The first module of every process and service thread (`node --import` in the starts, the
// image's command; thread-boot.mjs in a thread). With OTEL_EXPORTER_OTLP_ENDPOINT unset it only
// reads that variable: the SDK is not loaded and every traced path stays a no-op. Set, it starts
// the SDK before the application's modules load, because the instrumentations patch http,
// express, grpc-js, pg and ioredis as those are first imported. Plain JavaScript, so it runs before
// any TypeScript loader is registered.
const on = (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) && process.env.OTEL_SDK_DISABLED !== 'true';
if (on) {
  const { startTracing } = await import('./sdk.mjs');
  await startTracing();
}
