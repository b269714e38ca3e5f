import { checkState } from '../../core/state.ts'
import { stateOfHars } from '../../import/from-hars.ts'
import { saveStateFile } from '../../state-file/file.ts'
import { checkOutputFile } from '../shared/outputs.ts'
import type { ImportTrafficOptions } from './options.ts'

/** `engagement-mock import-traffic`: HAR files → a state file, and the report. */
export const importTraffic = async (
  files: readonly string[],
  options: ImportTrafficOptions,
): Promise<void> => {
  // Checked before anything is read: the state may not replace a recording it is made from.
  const target = checkOutputFile(options.out, {
    option: '--out',
    inputs: options.deployment === undefined ? files : [...files, options.deployment],
  })
  const { state, report } = await stateOfHars(files, options)
  // The state is checked as every state is loaded before it is written: a bad one is a bug here.
  const checked = checkState(state)
  if (!checked.ok) throw new Error(`The imported state does not load: ${checked.error}`)
  await saveStateFile(target, checked.state)
  const { printImportReport } = await import('./print.ts')
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ out: target, ...report }, null, 2)}\n`)
  } else printImportReport(report, target)
}
