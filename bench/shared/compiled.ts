import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { bundleForNode } from '../../scripts/bundle-for-node.mjs'

/**
 * A benchmark file compiled as the server is (scripts/bundle-for-node.mjs), so that its measured phases run with
 * Node alone, as `npm start` runs the product: under tsx a process starts 40–90 MB larger (decision 035), which
 * would count as the phase's.
 */
export async function compiledBench(entry: string) {
  const root = path.resolve(import.meta.dirname, '../..')
  // Inside the project, so that the bundle's packages resolve from its node_modules.
  const cache = path.join(root, 'node_modules/.cache')
  await mkdir(cache, { recursive: true })
  const folder = await mkdtemp(path.join(cache, 'bench-'))
  await bundleForNode({ bench: entry }, folder, root)
  const file = path.join(folder, 'bench.js')
  return {
    /**
     * Runs one phase (`--phase <phase> …`) in a process of its own, with Node's `flags` (a phase that measures the
     * server's own work runs with the server's, SERVER_NODE_FLAGS); answers the last line it printed, as JSON.
     */
    phase<T>(phase: string, extra: string[], flags: string[] = []): T {
      const result = spawnSync(process.execPath, [...flags, file, '--phase', phase, ...extra], { encoding: 'utf8', maxBuffer: 1 << 24, cwd: root })
      if (result.status !== 0) throw new Error(`fase ${phase} falhou:\n${result.stderr}`)
      return JSON.parse(result.stdout.trim().split('\n').pop()!) as T
    },
    dispose: () => rm(folder, { recursive: true, force: true }),
  }
}
