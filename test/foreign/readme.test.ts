import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACTIVITY_KINDS } from './activities.ts'
import { type Call, client } from './client.ts'
import { FIELD_KINDS } from './fields.ts'
import { startForeign } from './server.ts'

// The README is the deployment's own documentation, from which deployment files are written:
// every sample it gives must be accepted, and it must name every kind the code knows.

const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8')
const section = (heading: string) => {
  const start = readme.indexOf(`### ${heading}`)
  const end = readme.indexOf('\n## ', start)
  return readme.slice(start, end === -1 ? undefined : end)
}
/** Rows `| \`kind\`… | … | \`{json}\` |`: the kind and its sample. */
const samples = (heading: string) =>
  [...section(heading).matchAll(/^\| `([a-z_]+)`[^|]*\|.*\| `(\{.*\})` \|$/gm)].map(
    ([, kind, json]) => ({ kind: kind!, sample: JSON.parse(json!) as Record<string, unknown> }),
  )

let foreign: Awaited<ReturnType<typeof startForeign>>
let call: Call
beforeAll(async () => {
  foreign = await startForeign()
  call = client(foreign.baseUrl)
})
afterAll(() => foreign.close())

describe('the foreign deployment’s README', () => {
  it('gives one accepted sample config for each of the twelve field kinds', async () => {
    const fields = samples('Field kinds')
    expect(fields.map((f) => f.kind).sort()).toEqual(Object.keys(FIELD_KINDS).sort())
    expect(fields).toHaveLength(12)
    const form = (await call('POST', '/forms', { title: 'Samples' })).body as {
      form: { id: string }
    }
    for (const { kind, sample } of fields) {
      const added = await call('POST', `/forms/${form.form.id}/fields`, { kind, config: sample })
      expect(added.status, `${kind}: ${JSON.stringify(added.body)}`).toBe(200)
    }
  })

  it('gives one accepted sample body for each of the eleven activity kinds', async () => {
    const activities = samples('Activity kinds')
    expect(activities.map((a) => a.kind).sort()).toEqual(Object.keys(ACTIVITY_KINDS).sort())
    for (const { kind, sample } of activities) expect(sample.kind).toBe(kind)
    const created = await call('POST', '/sessions', {
      title: 'Samples',
      activities: activities.map((a) => a.sample),
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
  })

  it('gives request bodies that are accepted as written', async () => {
    const bodies = [...readme.matchAll(/^### (POST \/[a-z]+) → [^\n]*\n\n```json\n([\s\S]*?)```/gm)]
    expect(bodies.map(([, op]) => op)).toEqual([
      'POST /forms',
      'POST /sessions',
      'POST /series',
      'POST /sponsors',
    ])
    for (const [, op, json] of bodies) {
      const answer = await call('POST', op!.slice(5), JSON.parse(json!.replace('"…"', '"Text"')))
      expect(answer.status, `${op}: ${JSON.stringify(answer.body)}`).toBe(200)
    }
  })
})
