// Node-only (biome.json lists it): reads a HAR file from disk; har.ts reads its text anywhere.
import { readFile, stat } from 'node:fs/promises'
import { HarError, readHarText } from './har.ts'

/**
 * Larger files are refused before they are read: node cannot hold a string of much more (~512 MiB),
 * and a recording that size is better split.
 */
const MAX_HAR_BYTES = 400 * 1024 * 1024

/**
 * A HAR file read and checked as HAR, or a HarError saying why not (too large, unreadable, not
 * HAR): the command line reports it as a usage error (exit 2).
 */
export const readHar = async (file: string) => {
  let text: string
  try {
    const { size } = await stat(file)
    if (size > MAX_HAR_BYTES) {
      throw new HarError(
        `${file} is ${Math.round(size / 1024 / 1024)} MiB: over the ${MAX_HAR_BYTES / 1024 / 1024} MiB this command reads. Record a shorter session, or split the file.`,
      )
    }
    text = await readFile(file, 'utf8')
  } catch (error) {
    if (error instanceof HarError) throw error
    const code = (error as { code?: string }).code
    throw new HarError(
      `${file}: ${code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? String(error)})`}.`,
    )
  }
  return readHarText(text, file)
}
