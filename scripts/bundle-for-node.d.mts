export function bundleForNode(entryPoints: Record<string, string>, outdir: string, root?: string): Promise<void>
