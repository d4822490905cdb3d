/** The stores @fastify/rate-limit ships (CommonJS constructors, without type declarations of their own). */
declare module '@fastify/rate-limit/store/LocalStore.js' {
  const LocalStore: unknown;
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  const RedisStore: unknown;
  export default RedisStore;
}
