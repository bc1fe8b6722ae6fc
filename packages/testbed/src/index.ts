// @marquee/testbed: real services started by tests and benchmarks themselves (DESIGN.md §10), never pre-started.
export { LOOPBACK, freePort, waitForPort } from './freePort';
export { startProcess, type ServiceProcess } from './childProcess';
export { findPostgresBinaries, startPostgres, type PostgresServer } from './postgres';
export { findRedisServer, startRedis, type RedisServer } from './redis';
