import type * as z from 'zod'
import { RECORD_SCHEMAS, type RecordChange } from './collections.ts'
import { NESTED_IDENTIFIERS } from './identifiers.ts'
import { withLinksOn } from './links.ts'
import type { MockState } from './state.ts'
import type { Store } from './store.ts'
import type { Owned, Table } from './table.ts'

/**
 * Where the identifier source stands: its seed and how many numbers it has drawn since. Saved
 * with a state, it lets a restarted mock go on drawing where it stopped, so an identifier it
 * handed out (even one of a record deleted since) is never handed out again.
 */
export interface IdPosition {
  seed: number
  draws: number
}

/**
 * What a change listener is told (`MockCore.onChange`), after each change of the store:
 * - `records`: one write, with every record it stored or removed, the creation counter and the
 *   identifier source's draws after it. Whole records, not requests: replayed, they give the same
 *   store without drawing an identifier or reading the clock.
 * - `state`: the whole store was replaced (a reset, an import), and this is the new one.
 */
export type MockChange =
  | { kind: 'records'; changes: RecordChange[]; seq: number; draws: number }
  | { kind: 'state'; state: MockState; seed: number; draws: number }

/**
 * Stores what one write changed, as a listener was told it (a journal replayed at start): each
 * record checked by its collection's schema as any stored record is, owned by a known
 * organization (a response by a known form), its identifiers reserved. A put of a record that is
 * there replaces it, a delete of one that is not changes nothing, so a change applied twice
 * leaves the store as once. With `publicBase`, a record's public links are rebuilt on it, as a
 * loaded state's are (a journal written by this mock under another public URL). Why a change
 * cannot be applied, or undefined.
 */
export const applyRecordChanges = async (
  store: Store,
  changes: readonly RecordChange[],
  publicBase?: string,
): Promise<string | undefined> => {
  const tables = store.tablesForFill
  for (const change of changes) {
    if ('delete' in change) {
      const table = tables[change.delete] as unknown as Table<z.ZodType<Owned>>
      const record = table.get(change.id)
      if (record) table.remove(record)
      continue
    }
    const name = change.put
    const table = tables[name] as unknown as Table<z.ZodType<Owned>>
    const record = (
      publicBase === undefined ? change.record : withLinksOn(name, change.record, publicBase)
    ) as Owned
    if (typeof record !== 'object' || record === null || typeof record.id !== 'string') {
      return `a changed ${name} record has no id`
    }
    if (!store.hasOrganization(record.orgId)) {
      return `${record.id} belongs to unknown organization ${record.orgId}`
    }
    if (name === 'responses') {
      const { formId } = change.record as MockState['responses'][number]
      if (!tables.forms.get(formId)) return `response ${record.id} points to unknown form ${formId}`
    }
    const existing = table.get(record.id)
    if (existing && existing.orgId !== record.orgId) {
      return `${record.id} changes its organization from ${existing.orgId} to ${record.orgId}`
    }
    try {
      if (existing) await table.replace(existing, record)
      else await table.insert(record)
    } catch (error) {
      const parsed = RECORD_SCHEMAS[name].safeParse(record)
      if (parsed.success) throw error
      const issue = parsed.error.issues[0]
      return `${name} ${record.id}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`
    }
    store.ids.add(record.id)
    const claim = NESTED_IDENTIFIERS[name] as (value: unknown, claim: ClaimOf) => void
    claim(record, (kind, value) =>
      (kind === 'id' ? store.ids : kind === 'joinCode' ? store.joinCodes : store.slugs).add(value),
    )
  }
  return undefined
}
type ClaimOf = Parameters<(typeof NESTED_IDENTIFIERS)['forms']>[1]
