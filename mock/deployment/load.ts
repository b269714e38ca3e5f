// Node-only: reads a deployment file from disk (JSON, or a JS/TS module that may hold functions).
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, extname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { DeploymentError } from './error.ts'
import { type DeploymentFile, parseDeployment } from './schema.ts'

const MODULES = new Set(['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'])

/**
 * A TS module runs natively where Node strips types (22.6+); on Node 20 through tsx, found from the
 * caller's project first, then ours (a dev dependency here, so often absent from an install).
 */
const importTypeScript = async (url: string, path: string): Promise<unknown> => {
  if ((process.features as { typescript?: unknown }).typescript) return import(url)
  for (const from of [join(process.cwd(), 'package.json'), import.meta.url]) {
    let manifest: string
    try {
      manifest = createRequire(from).resolve('tsx/package.json')
    } catch {
      continue
    }
    // The ESM build of tsx's API: its CommonJS one cannot be loaded from another package's ESM.
    const { tsImport } = (await import(
      pathToFileURL(join(dirname(manifest), 'dist', 'esm', 'api', 'index.mjs')).href
    )) as { tsImport: (specifier: string, parent: string) => Promise<unknown> }
    return tsImport(url, import.meta.url)
  }
  throw new DeploymentError(
    `${path}: a TypeScript deployment file needs Node 22.6+ or tsx in your project (npm install -D tsx); or write it as .mjs or .json.`,
  )
}

/** Reads and validates a deployment file; every problem is a DeploymentError naming the file. */
export const loadDeployment = async (file: string): Promise<DeploymentFile> => {
  const path = resolve(file)
  const extension = extname(path).toLowerCase()
  if (MODULES.has(extension)) {
    const url = pathToFileURL(path).href
    let module: { default?: unknown }
    try {
      module = (await (extension.endsWith('ts') ? importTypeScript(url, path) : import(url))) as {
        default?: unknown
      }
    } catch (error) {
      if (error instanceof DeploymentError) throw error
      throw new DeploymentError(
        `${path}: could not load the module: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    const value = module.default ?? module
    return parseDeployment(
      typeof value === 'object' && value !== null && 'default' in value
        ? (value as { default: unknown }).default
        : value,
      `${path} (its default export)`,
    )
  }
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as { code?: string }).code
    throw new DeploymentError(
      `${path}: ${code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? String(error)})`}.`,
    )
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new DeploymentError(
      `${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}. Expected a JSON object (or a .mjs/.ts module exporting one).`,
    )
  }
  return parseDeployment(value, path)
}

/**
 * `--deployment FILE` as every command reads it, before it sends or opens anything: no file, no
 * deployment; a file that cannot be used is a DeploymentError naming the key at fault (the command
 * line makes it exit 2).
 */
export const loadDeploymentOption = async (
  file: string | undefined,
): Promise<DeploymentFile | undefined> => (file === undefined ? undefined : loadDeployment(file))
