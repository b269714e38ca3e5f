import type { Operations } from '../core/context.ts'
import { fieldOperations } from './fields.ts'
import { formOperations } from './forms.ts'
import { seriesOperations } from './series.ts'
import { sessionOperations } from './sessions.ts'
import { sponsorOperations } from './sponsors.ts'

/** Every operation of the endpoint table, implemented once; the type makes a missing one a compile error. */
export const operations: Operations = {
  ...formOperations,
  ...fieldOperations,
  ...sessionOperations,
  ...seriesOperations,
  ...sponsorOperations,
}
