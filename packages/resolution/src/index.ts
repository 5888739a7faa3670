export { libraryResolver, resolveOrUnavailable, type CachedResolver } from './resolver';
