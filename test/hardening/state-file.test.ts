import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MockState } from '../../mock/core/state.ts'
import { createMock } from '../../mock/create.ts'
import {
  importStateFile,
  loadStateFile,
  StateFileError,
  saveStateFile,
} from '../../mock/state-file/file.ts'

// The state-file module's whole-file reads, counted (the real readFile does the reading).
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return { ...actual, readFile: vi.fn(actual.readFile) }
})

const dir = mkdtempSync(join(tmpdir(), 'engagement-mock-state-file-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let state: MockState
beforeAll(async () => {
  const mock = createMock()
  await mock.ready
  state = mock.exportState()
})

const file = (name: string, text?: string) => {
  const path = join(dir, name)
  if (text !== undefined) writeFileSync(path, text)
  return path
}

describe('saveStateFile and loadStateFile', () => {
  it('give back exactly the state that was saved, and a mock imports it unchanged', async () => {
    const path = file('round-trip.json')
    await saveStateFile(path, state)
    const loaded = await loadStateFile(path)
    expect(JSON.stringify(loaded)).toBe(JSON.stringify(state))
    const target = createMock({ plan: false })
    expect(await target.importState(loaded)).toEqual({ ok: true })
    expect(JSON.stringify(target.exportState())).toBe(JSON.stringify(state))
  })

  it('load nothing when the file does not exist yet (the first run)', async () => {
    expect(await loadStateFile(join(dir, 'missing.json'))).toBeUndefined()
  })

  it('create missing directories, replace an older file whole, and leave no temp file behind', async () => {
    const nested = join(dir, 'a', 'b', 'state.json')
    await saveStateFile(nested, { ...state, forms: [] })
    await saveStateFile(nested, state)
    expect(readFileSync(nested, 'utf8')).toBe(`${JSON.stringify(state)}\n`)
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['state.json'])
  })

  it('leave the previous file intact when a save fails midway', async () => {
    const path = file('kept.json')
    await saveStateFile(path, state)
    const before = readFileSync(path, 'utf8')
    // A value JSON cannot write fails the save after the temp file was opened.
    const broken = { ...state, seq: 10n } as unknown as MockState
    await expect(saveStateFile(path, broken)).rejects.toThrow(/BigInt/)
    expect(readFileSync(path, 'utf8')).toBe(before)
    expect(readdirSync(dir).filter((name) => name.includes('kept.json'))).toEqual(['kept.json'])
  })

  it('survive saves racing on one path: the file is always one whole state', async () => {
    const path = file('raced.json')
    const variants = Array.from({ length: 20 }, (_, i) => ({ ...state, seq: state.seq + i }))
    await Promise.all(variants.map((v) => saveStateFile(path, v)))
    const loaded = await loadStateFile(path)
    expect(variants.map((v) => v.seq)).toContain(loaded?.seq)
    expect(readdirSync(dir).filter((name) => name.includes('raced.json'))).toEqual(['raced.json'])
  })
})

describe('a corrupt state file', () => {
  const truncated = () => JSON.stringify(state).slice(0, 5_000)
  const cases: [string, () => string, RegExp][] = [
    ['empty', () => '', /it is empty/],
    ['blank', () => ' \n', /it is empty/],
    ['cut off midway', truncated, /not valid JSON/],
    ['not JSON at all', () => 'hello', /not valid JSON/],
    ['an array', () => '[]', /not a state saved by this mock/],
    ['null', () => 'null', /not a state saved by this mock/],
    [
      'another format',
      () => JSON.stringify({ format: 'other', version: 1 }),
      /not a state saved by this mock/,
    ],
    [
      'a newer version',
      () => JSON.stringify({ ...state, version: 2 }),
      /version 2; this mock reads version 1/,
    ],
    [
      'a damaged record',
      () => JSON.stringify({ ...state, forms: [{ ...state.forms[0], status: 'archived' }] }),
      /damaged at forms\.0\.status/,
    ],
  ]
  it.each(cases)(
    '(%s) is refused with a clear message naming the file, and left as it is',
    async (name, text, why) => {
      const path = file(`corrupt-${name.replace(/\W+/g, '-')}.json`, text())
      const before = readFileSync(path)
      const error = await loadStateFile(path).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(StateFileError)
      expect((error as Error).message).toContain(path)
      expect((error as Error).message).toMatch(why)
      expect((error as Error).message).toMatch(/left as it is/)
      expect(readFileSync(path).equals(before)).toBe(true)
      // serve --state reads the file its own way (record by record): the same refusal.
      const target = createMock({ plan: false })
      await target.ready
      const empty = JSON.stringify(target.exportState())
      const imported = await importStateFile(path, target).catch((e: unknown) => e)
      expect(imported).toBeInstanceOf(StateFileError)
      expect((imported as Error).message).toBe((error as Error).message)
      expect(JSON.stringify(target.exportState())).toBe(empty)
    },
  )

  it('that cannot be read (a directory) is refused as unreadable', async () => {
    const path = join(dir, 'a-directory.json')
    mkdirSync(path)
    await expect(loadStateFile(path)).rejects.toThrow(/Cannot read the state file/)
  })
})

describe('importStateFile (serve --state)', () => {
  it('loads a saved file into a mock, and reports a missing file without touching the mock', async () => {
    const path = file('import.json')
    await saveStateFile(path, state)
    const target = createMock({ plan: false })
    await target.ready
    const empty = JSON.stringify(target.exportState())
    expect(await importStateFile(join(dir, 'missing-import.json'), target)).toBe(false)
    expect(JSON.stringify(target.exportState())).toBe(empty)
    expect(await importStateFile(path, target)).toBe(true)
    expect(JSON.stringify(target.exportState())).toBe(JSON.stringify(state))
  })

  const refusal = async (name: string, broken: MockState) => {
    const path = file(name, JSON.stringify(broken))
    const before = readFileSync(path)
    const target = createMock({ plan: false })
    await target.ready
    const empty = JSON.stringify(target.exportState())
    const error = await importStateFile(path, target).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StateFileError)
    expect((error as Error).message).toContain(`Refusing the state file ${path}: `)
    expect((error as Error).message).toMatch(/left as it is/)
    expect(JSON.stringify(target.exportState())).toBe(empty)
    expect(readFileSync(path).equals(before)).toBe(true)
    return (error as Error).message
  }

  it('loads a file however its JSON is laid out, with escapes, as JSON.parse reads it', async () => {
    const [first, ...rest] = state.forms as [MockState['forms'][number]]
    const title = 'Say "hi" {to} [all] \\ \u00e9t\u00e9 \u2713'
    const odd = { ...state, forms: [{ ...first, title }, ...rest] }
    for (const [name, text] of [
      ['pretty.json', JSON.stringify(odd, null, 2)],
      ['escaped.json', JSON.stringify(odd).replaceAll('é', '\\u00e9').replaceAll('/', '\\/')],
      // Every byte ASCII (read as Latin-1, no decoding) beside the raw UTF-8 ones above.
      [
        'ascii.json',
        JSON.stringify(odd).replace(
          /[\u0080-\uffff]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        ),
      ],
    ] as const) {
      const path = file(name, text)
      const target = createMock({ plan: false })
      await target.ready
      expect(await importStateFile(path, target)).toBe(true)
      expect(target.exportState()).toEqual(JSON.parse(text))
    }
  })

  it('reads a saved file in chunks as it stores it, never the whole file at once', async () => {
    const path = file('chunked.json')
    await saveStateFile(path, state)
    const target = createMock({ plan: false })
    await target.ready
    vi.mocked(readFile).mockClear()
    expect(await importStateFile(path, target)).toBe(true)
    expect(readFile).not.toHaveBeenCalled()
    expect(JSON.stringify(target.exportState())).toBe(JSON.stringify(state))
    // A file laid out otherwise (a key after the records) is parsed whole, and imports the same.
    const { seq, ...rest } = state
    const reordered = file('reordered.json', JSON.stringify({ ...rest, seq }))
    const other = createMock({ plan: false })
    await other.ready
    expect(await importStateFile(reordered, other)).toBe(true)
    expect(readFile).toHaveBeenCalledTimes(1)
    expect(JSON.stringify(other.exportState())).toBe(JSON.stringify(state))
  })

  it("refuses a record that is not JSON after valid ones stored, in JSON.parse's words", async () => {
    const text = JSON.stringify(state)
    const last = JSON.stringify(state.responses.at(-1))
    const at = text.lastIndexOf(last)
    // The last response loses the quote that opens its first key: `{id":...}`.
    const broken = `${text.slice(0, at + 1)}${text.slice(at + 2)}`
    const why = (() => {
      try {
        JSON.parse(broken)
      } catch (error) {
        return (error as Error).message
      }
      throw new Error('expected the broken text not to be JSON')
    })()
    const path = file('late-not-json.json', broken)
    const target = createMock({ plan: false })
    await target.ready
    const empty = JSON.stringify(target.exportState())
    const error = await importStateFile(path, target).catch((e: unknown) => e)
    expect((error as Error).message).toBe(
      `Refusing the state file ${path}: it is not valid JSON (${why}). The file was left as it is; fix it, delete it, or start without --state.`,
    )
    expect(JSON.stringify(target.exportState())).toBe(empty)
    expect(readFileSync(path, 'utf8')).toBe(broken)
  })

  it('refuses a record broken after valid ones, naming its collection, index and field', async () => {
    const last = state.forms.length
    const forms = [...state.forms, { ...(state.forms[0] as MockState['forms'][number]) }]
    Object.assign(forms[last] as object, { status: 'archived' })
    // @msw/data prints a refused record's issues itself; the file is not read a second time to
    // word the refusal, so they are printed once.
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect(await refusal('late-damage.json', { ...state, forms })).toMatch(
        new RegExp(`it is damaged at forms\\.${last}\\.status: Invalid option`),
      )
      expect(printed).toHaveBeenCalledTimes(1)
    } finally {
      printed.mockRestore()
    }
  })

  it('refuses records that do not fit together, as loadStateFile does', async () => {
    const form = state.forms[0] as MockState['forms'][number]
    const twice = {
      ...state,
      forms: [...state.forms, { ...form, joinCode: 'ZZZZZZ', slug: 'z-z' }],
    }
    const why = `it is not consistent: the id "${form.id}" appears twice. The file was left`
    expect(await refusal('twice.json', twice)).toContain(why)
    const error = await loadStateFile(join(dir, 'twice.json')).catch((e: unknown) => e)
    expect((error as Error).message).toContain(why)
  })
})
