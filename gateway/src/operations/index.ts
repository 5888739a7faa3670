export { operation, json, type Answer, type AuthPolicy, type CallContext, type Operation, type Policy, type ScreenedField } from './operation';
export { operations, type OperationDeps, type SearchCache } from './table';
export { runOperation, handlerFor, type PipelineDeps, type StageHooks } from './pipeline';
export { restRouter } from './router';
export { NoInput, Q_MAX, Q_MIN, SearchQuerySchema } from './inputs';
