import * as z from 'zod'
import { LIMITS } from '../../../contract/common.ts'
import { Field } from '../../../contract/fields.ts'
import { Form, FormResponse } from '../../../contract/forms.ts'
import { kept, keptIds, owned } from './common.ts'

/*
 * The forms' stored records, in a module of their own: what stores and answers forms (the browser
 * mock's first answer, bench:browser's floor) builds no other resource's schemas.
 */
export const StoredForm = Form.extend({
  ...owned,
  id: kept,
  joinCode: kept,
  slug: kept,
  fields: z.array(keptIds(Field)).max(LIMITS.fieldsPerForm),
})
export const StoredResponse = FormResponse.extend({ ...owned, id: kept, formId: kept })

export type StoredForm = z.infer<typeof StoredForm>
export type StoredResponse = z.infer<typeof StoredResponse>
