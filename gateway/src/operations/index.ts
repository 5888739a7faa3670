export { operation, json, type Answer, type AuthPolicy, type CallContext, type Channel, type Operation, type Policy, type ScreenedField } from './operation';
export { operations, type OperationDeps, type SearchCache } from './table';
export { runOperation, runStages, handlerFor, type Inbound, type PipelineDeps, type StageHooks } from './pipeline';
export { methodNotAllowed, restRouter } from './router';
export { KnowledgeQuestionSchema, NoInput, Q_MAX, Q_MIN, SearchQuerySchema } from './inputs';
