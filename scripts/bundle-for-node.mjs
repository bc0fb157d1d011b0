import { cp, rm } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'

/**
 * Compiles server entries to plain JavaScript for Node alone (decision 035): our modules, app/domain included,
 * bundled; packages left in node_modules; source maps linked. The migrations are copied beside the bundle,
 * where server/db/client.ts finds them (relative to its own module). One place for the server's build
 * (scripts/build-server.mjs) and the benches that measure it as it runs (bench/shared/compiled.ts).
 *
 * @param {Record<string, string>} entryPoints output name → entry file, relative to `root`
 * @param {string} outdir emptied first
 * @param {string} [root] the project's folder
 */
export async function bundleForNode(entryPoints, outdir, root = process.cwd()) {
  await rm(outdir, { recursive: true, force: true })
  await build({ entryPoints, outdir, absWorkingDir: root, bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', sourcemap: 'linked', logLevel: 'warning' })
  await cp(path.join(root, 'server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true })
}
