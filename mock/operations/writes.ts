import type { WriteOperations } from '../core/context.ts'
import { fieldOperations } from './fields.ts'
import { formOperations } from './forms.ts'
import { seriesOperations } from './series.ts'
import { sessionOperations } from './sessions.ts'
import { sponsorOperations } from './sponsors.ts'

/** Every write operation: the module index.ts loads on the first write. */
export const writeOperations: WriteOperations = {
  ...formOperations,
  ...fieldOperations,
  ...sessionOperations,
  ...seriesOperations,
  ...sponsorOperations,
}
