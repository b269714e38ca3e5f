import { useCallback, useEffect, useState } from 'react'
import { type CreateFormBody, createClient } from '../../../../contract/index.ts'

/**
 * The screen the Storybook and Playwright examples drive: the forms list with its empty and error
 * states, and a form to add one. `sendBody` is how it turns a title into createForm's body: the
 * Playwright example gives it a wrong one, to show a journal assertion catching it.
 */
export interface FormsListProps {
  baseUrl: string
  sendBody?: (title: string) => CreateFormBody
}

type Loaded =
  | { kind: 'loading' }
  | { kind: 'error'; status: number }
  | { kind: 'forms'; forms: { id: string; title: string }[] }

export const FormsList = ({ baseUrl, sendBody = (title) => ({ title }) }: FormsListProps) => {
  const [api] = useState(() => createClient({ baseUrl, apiKey: 'acme-demo-key' }))
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' })
  const [title, setTitle] = useState('')
  const [failure, setFailure] = useState<string | undefined>()

  const load = useCallback(async () => {
    const listed = await api.listForms()
    setLoaded(
      listed.ok
        ? { kind: 'forms', forms: listed.body.forms.map(({ id, title }) => ({ id, title })) }
        : { kind: 'error', status: listed.status },
    )
  }, [api])
  useEffect(() => void load(), [load])

  const create = async () => {
    const created = await api.createForm({ body: sendBody(title) })
    setFailure(created.ok ? undefined : `Could not create the form (${created.status})`)
    if (created.ok) await load()
  }

  return (
    <main>
      <h1>Forms</h1>
      {loaded.kind === 'loading' && <p>Loading…</p>}
      {loaded.kind === 'error' && <p role="alert">Could not load the forms ({loaded.status})</p>}
      {loaded.kind === 'forms' && loaded.forms.length === 0 && <p role="status">No forms yet</p>}
      {loaded.kind === 'forms' && loaded.forms.length > 0 && (
        <ul aria-label="forms">
          {loaded.forms.map((form) => (
            <li key={form.id}>{form.title}</li>
          ))}
        </ul>
      )}
      <label>
        Title <input value={title} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <button type="button" onClick={() => void create()}>
        New form
      </button>
      {failure && <p role="alert">{failure}</p>}
    </main>
  )
}
