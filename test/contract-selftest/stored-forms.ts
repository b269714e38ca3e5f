import type { Obj } from '../../contract/json.ts'
import type { MockCore } from '../../mock/core/mock.ts'
import type { OrgRecords } from '../foreign/store.ts'
import type { ProxyRequest } from './proxy.ts'

/** A form's field as a deployment stores it: what a race touches (id, position), the rest as is. */
export type StoredField = Obj & { id: string; order: number }

/**
 * The forms a deployment behind the self-test's proxy stores, as its own handler reaches them: a
 * race deviant (deviants-races.ts) reads a form's fields, awaits, and writes them back, inside the
 * deployment, whichever deployment it is. One implementation per deployment, in its own terms.
 */
export interface StoredForms {
  /** A copy of the fields of the form the request addresses, as its caller's organization has it. */
  fields: (request: ProxyRequest) => StoredField[] | undefined
  /** Stores `next` of the fields stored now as that form's fields; nothing if it is gone. */
  write: (request: ProxyRequest, next: (now: StoredField[]) => StoredField[]) => Promise<void>
}

/** The form a request addresses: `/forms/{id}…`. */
export const formId = (request: ProxyRequest) => request.path.split('?')[0]?.split('/')[2] ?? ''
const copy = (fields: readonly unknown[]) => JSON.parse(JSON.stringify(fields)) as StoredField[]
/** `StoredForms.fields` over a deployment's own lookup of the form a request addresses. */
const fieldsOf =
  (stored: (request: ProxyRequest) => { fields: readonly unknown[] } | undefined) =>
  (request: ProxyRequest) => {
    const form = stored(request)
    return form ? copy(form.fields) : undefined
  }

/** Our mock's store (`mock` read at each call: a reset may build another). */
export const mockForms = (mock: () => MockCore): StoredForms => {
  const stored = (request: ProxyRequest) => {
    const key = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1] ?? ''
    const org = mock().store.orgByKey(key)
    return org ? mock().store.forms.getOwned(org.id, formId(request)) : undefined
  }
  return {
    fields: fieldsOf(stored),
    write: async (request, next) => {
      const form = stored(request)
      if (!form) return
      const fields = next(copy(form.fields)) as unknown as typeof form.fields
      await mock().store.forms.replace(form, { ...form, fields })
      // Its answers are cached per request: what it answers next must show the write.
      mock().invalidate()
    },
  }
}

/** test/foreign's store: the records its caller's key reaches (startForeign's `records`). */
export const foreignForms = (
  records: (authorization: string | undefined) => OrgRecords | undefined,
): StoredForms => {
  const stored = (request: ProxyRequest) =>
    records(request.headers.authorization)?.forms.get(formId(request))
  return {
    fields: fieldsOf(stored),
    write: async (request, next) => {
      const form = stored(request)
      // Its operations change a form in place, as this write does.
      if (form) form.fields = next(copy(form.fields)) as unknown as typeof form.fields
    },
  }
}
