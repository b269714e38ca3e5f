// Node-only: the starter file's path and its writing.
import { existsSync } from 'node:fs'
import { extname, resolve } from 'node:path'
import { parseDeployment } from '../../deployment/schema.ts'
import { writeFilesWhole } from '../../report-format/files.ts'
import type { Secrets } from '../../report-format/secrets.ts'
import { ConformanceOptionsError } from '../run-conformance.ts'

const EXTENSIONS = ['.json', '.mjs', '.js', '.ts', '.mts']

/**
 * Where `--init` writes, checked before anything is sent: a file that exists is never
 * overwritten (it may be a deployment file someone wrote by hand), and the name must say JSON or
 * a module, since that decides how the file is written.
 */
export const starterPath = (out: string): string => {
  const file = resolve(out)
  if (existsSync(file)) {
    throw new ConformanceOptionsError(
      `${file} exists; --init never overwrites: remove it or name another file.`,
    )
  }
  if (!EXTENSIONS.includes(extname(file).toLowerCase())) {
    throw new ConformanceOptionsError(`${file}: expected a .json, .mjs, .js or .ts file name.`)
  }
  return file
}

/**
 * Writes the starter file: JSON, or a module exporting it by default. It must load as a
 * deployment file, so it is parsed first; its whole text is scrubbed of the keys, since an answer
 * quoted in a comment may echo one.
 */
export const writeStarterFile = async (
  file: string,
  content: unknown,
  secrets: Secrets,
): Promise<void> => {
  parseDeployment(content, 'the starter file')
  const json = secrets.scrub(JSON.stringify(content, null, 2))
  const asJson = extname(file).toLowerCase() === '.json'
  await writeFilesWhole([[file, asJson ? `${json}\n` : `export default ${json}\n`]])
}
