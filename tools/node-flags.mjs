// Memory against speed on a small machine (issue 10: the eight processes under 600 MB together,
// docs/performance.md): one V8 helper thread each (the GC threads of eight processes only compete
// for a couple of cores) and an 8 MB young generation. A 2 MB one saved about 8 MB a process at idle
// but cost up to half of the list endpoints' throughput in scavenges (tools/bench/ab-flags.mjs).
// Source-mapped stack traces (parsing every dependency's .map at load) cost about 15 MB more a
// process and are opt-in (WRENCHLOG_SOURCE_MAPS=1 in tools/start.mjs).
export const DEFAULT_NODE_FLAGS = '--max-semi-space-size=8 --v8-pool-size=1';
