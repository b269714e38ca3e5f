import { createWriteStream } from 'node:fs'
import type { Entry } from 'har-format'

export interface HarRecorder {
  add: (entry: Entry) => void
  /** Closes the log so the file is a whole HAR; resolves once it is on disk. */
  close: () => Promise<void>
}

/**
 * `--record FILE.har`: each exchange is written as it completes, so a long session does not grow
 * in memory; `close` ends the JSON. The file must not exist yet: a recording is never replaced. A file cut short by a crash is not HAR, a stopped proxy's is.
 */
export const openHarRecorder = async (file: string, version: string): Promise<HarRecorder> => {
  const out = createWriteStream(file, { flags: 'wx' })
  await new Promise<void>((resolve, reject) => {
    out.once('open', () => resolve())
    out.once('error', reject)
  })
  const creator = JSON.stringify({ name: 'engagement-mock proxy', version })
  out.write(`{"log":{"version":"1.2","creator":${creator},"entries":[\n`)
  let first = true
  return {
    add: (entry) => {
      out.write(`${first ? '' : ',\n'}${JSON.stringify(entry)}`)
      first = false
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        out.once('error', reject)
        out.end('\n]}}\n', () => resolve())
      }),
  }
}
