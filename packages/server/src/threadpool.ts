// Imported first by main.ts, before anything uses libuv's thread pool: each running DuckDB
// statement holds one pool thread, and the default 4 would let four long queries stall file
// reads and password hashing. An operator's own setting wins.
process.env.UV_THREADPOOL_SIZE ??= '16';
