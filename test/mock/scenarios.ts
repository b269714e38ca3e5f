import type { Client, CreateFormBody, CreateSessionBody } from '../../contract/index.ts'
import { expectSuccess, type Harness } from './harness.ts'

/** Building blocks the scenario files share: records made through the API, checked on the way. */

export const textField = (label: string) => ({ kind: 'short_text' as const, config: { label } })

export const makeForm = async (
  h: Harness,
  options: { fields?: number; publish?: boolean; title?: string; client?: Client } = {},
) => {
  const { fields = 1, publish = false, title = 'Team lunch', client = h.acme } = options
  const body: CreateFormBody = {
    title,
    fields: Array.from({ length: fields }, (_, i) => textField(`Question ${i + 1}`)),
    publish,
  }
  return expectSuccess('createForm', await client.createForm({ body })).form
}

export const makeSession = async (
  h: Harness,
  body: Partial<CreateSessionBody> = {},
  client: Client = h.acme,
) =>
  expectSuccess(
    'createSession',
    await client.createSession({
      body: { title: 'Friday quiz', activities: [{ kind: 'cue', note: 'Welcome' }], ...body },
    }),
  ).session

export const getForm = async (h: Harness, id: string, client: Client = h.acme) =>
  expectSuccess('getForm', await client.getForm({ params: { id } })).form

export const listForms = async (h: Harness, client: Client = h.acme) =>
  expectSuccess('listForms', await client.listForms()).forms

export const listSessions = async (h: Harness, client: Client = h.acme) =>
  expectSuccess('listSessions', await client.listSessions()).sessions

/** A session as GET /sessions shows it now (there is no GET /sessions/{id}). */
export const findSession = async (h: Harness, id: string, client: Client = h.acme) => {
  const session = (await listSessions(h, client)).find((s) => s.id === id)
  if (!session) throw new Error(`Session ${id} is not listed`)
  return session
}

export const countForms = async (h: Harness) => (await listForms(h)).length
