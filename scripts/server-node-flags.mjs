/**
 * Node's flags for the product's server, wherever it is started from the build: `npm run serve` (package.json,
 * kept the same by tests/unit/server-node-flags.test.ts), the end-to-end server and the benchmarks.
 *
 * The heap's ceiling (decision 040): Node sizes V8's heap from the machine's memory (4 GB here), and V8 then waits
 * that much longer before its first full collection. A spreadsheet import's garbage (each batch's rows, waiting on
 * the database, reaches the old generation) then stayed until the process peaked at 250 MB for a 100,000-row
 * file whose live heap is under 60 MB. A fixed ceiling makes the server's memory the same on any machine; 512 MB
 * leaves every import of the benchmark under 200 MB and the server many times what it holds under load.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-old-space-size=512']
