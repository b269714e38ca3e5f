import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { ACME_KEY } from '../../../fixtures/organizations.ts'
import type { MockCore } from '../../core/mock.ts'
import { createMock } from '../../create.ts'
import { NODE_FILES, type StateFiles, stateText } from '../../state-file/save.ts'
import { journalPathOf } from './journal.ts'
import { type KeepStateOptions, keepState } from './keeper.ts'

const root = mkdtempSync(join(tmpdir(), 'engagement-mock-keeper-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let dirs = 0
const freshPath = () => {
  const dir = join(root, `d${++dirs}`)
  return join(dir, 'mock.json')
}

const newMock = async () => {
  const mock = createMock({ loadOnFirstUse: true })
  await mock.ready
  return mock
}
const send = (mock: MockCore, method: string, path: string, body?: unknown) =>
  mock.handle({
    method,
    path,
    headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
const createForm = async (mock: MockCore, title: string) => {
  const answer = await send(mock, 'POST', '/forms', {
    title,
    fields: [{ kind: 'short_text', config: { label: 'Name' } }],
  })
  expect(answer.status).toBe(201)
  return (answer.body as { form: { id: string } }).form
}
/** Creates, renames and deletes, so the journal holds puts, replaces and deletes. */
const someWrites = async (mock: MockCore, label: string) => {
  const kept = await createForm(mock, `${label} kept`)
  const gone = await createForm(mock, `${label} gone`)
  expect(
    (await send(mock, 'PATCH', `/forms/${kept.id}`, { title: `${label} renamed` })).status,
  ).toBe(200)
  expect((await send(mock, 'DELETE', `/forms/${gone.id}`)).status).toBe(200)
}

const quiet: KeepStateOptions = { report: () => {}, gatherMs: 5 }

/** What a restart from the files holds: a new mock, loaded from them. */
const restart = async (path: string, options: KeepStateOptions = quiet) => {
  const mock = await newMock()
  const kept = await keepState(path, mock, options)
  return { mock, kept }
}
/** The same store; after an unclean stop the identifier source moves to a fresh seed. */
const sameMock = (a: MockCore, b: MockCore) => {
  expect(b.exportState()).toEqual(a.exportState())
  expect(b.idPosition().seed).not.toBe(a.idPosition().seed)
}

type Op = {
  kind: 'open' | 'write' | 'sync' | 'datasync' | 'truncate' | 'rename' | 'rm'
  path: string
}
/** Throw to fail an operation (nothing done); return an error to have a write do half, then throw it. */
type Hook = (op: Op) => undefined | Error | Promise<undefined | Error>

/** node:fs/promises with `hook` asked before every operation that changes a file. */
const hookedFiles = (hook: Hook): StateFiles => {
  const wrap = (handle: FileHandle, path: string): FileHandle =>
    new Proxy(handle, {
      get(target, name) {
        if (name === 'write') {
          return async (buffer: Buffer, offset: number, length: number, position: number) => {
            const torn = await hook({ kind: 'write', path })
            if (torn) {
              await target.write(buffer, offset, Math.ceil(length / 2), position)
              throw torn
            }
            return target.write(buffer, offset, length, position)
          }
        }
        if (name === 'sync' || name === 'datasync' || name === 'truncate') {
          return async (...args: unknown[]) => {
            await hook({ kind: name, path })
            return (target[name] as (...a: unknown[]) => Promise<void>)(...args)
          }
        }
        const value = Reflect.get(target, name)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  return {
    ...NODE_FILES,
    open: (async (path: string, flags?: string, mode?: number) => {
      if (typeof flags === 'string' && /[wa+]/.test(flags)) await hook({ kind: 'open', path })
      return wrap(await NODE_FILES.open(path, flags, mode), String(path))
    }) as StateFiles['open'],
    rename: async (from, to) => {
      await hook({ kind: 'rename', path: String(to) })
      return NODE_FILES.rename(from, to)
    },
    rm: async (path, options) => {
      await hook({ kind: 'rm', path: String(path) })
      return NODE_FILES.rm(path, options)
    },
  }
}

/**
 * A process killed at the `at`-th file operation from when it is armed: that operation does
 * nothing (a write, half of itself), and neither does any after it. Writes done before stay, as a
 * kill leaves them in the page cache.
 */
const crashing = () => {
  const state = { armed: false, at: Number.POSITIVE_INFINITY, count: 0, dead: false }
  const files = hookedFiles((op) => {
    if (state.dead) throw Object.assign(new Error('dead'), { code: 'CRASH' })
    if (!state.armed) return undefined
    state.count += 1
    if (state.count < state.at) return undefined
    state.dead = true
    const crashed = Object.assign(new Error('crashed'), { code: 'CRASH' })
    if (op.kind === 'write') return crashed
    throw crashed
  })
  return { files, state }
}

const fileLines = (path: string) => readFileSync(path, 'utf8').split('\n')

describe('keepState: the state file and its journal', () => {
  it('writes the state file at the first start, then every change to the journal within the window', async () => {
    const path = freshPath()
    const mock = await newMock()
    const kept = await keepState(path, mock, quiet)
    expect(kept.loaded).toBe(false)
    await mock.filled()
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(mock.exportState())
    expect(fileLines(kept.journalPath)).toHaveLength(2) // the header and the final newline

    await someWrites(mock, 'First')
    // Written by the timer alone, without a flush asked for.
    await vi.waitFor(() => expect(fileLines(kept.journalPath).length).toBeGreaterThan(2), {
      timeout: 5_000,
    })
    // No close: as after a kill, the next start has the file and the journal only.
    await vi.waitFor(() => expect(fileLines(kept.journalPath)).toHaveLength(2 + 4), {
      timeout: 5_000,
    })
    const again = await restart(path)
    expect(again.kept.loaded).toBe(true)
    expect(again.kept.replayed).toBe(4)
    sameMock(mock, again.mock)
  })

  it('goes on drawing identifiers where it stopped after a clean close, and from a new seed after a crash', async () => {
    const identifiers = (form: unknown) => {
      const { id, joinCode, slug, fields } = form as {
        id: string
        joinCode: string
        slug: string
        fields: { id: string }[]
      }
      return [id, joinCode, slug, ...fields.map((field) => field.id)]
    }
    const path = freshPath()
    const mock = await newMock()
    const kept = await keepState(path, mock, quiet)
    await someWrites(mock, 'Ids')
    await kept.close()
    const again = await restart(path)
    expect(again.mock.idPosition()).toEqual(mock.idPosition())
    const next = identifiers(await createForm(again.mock, 'After a clean stop'))
    expect(identifiers(await createForm(mock, 'After a clean stop'))).toEqual(next)

    // Killed now: what it handed out after its last write to the journal is not in the files.
    await again.kept.flush()
    const lost = identifiers(await createForm(again.mock, 'Answered, then lost in the crash'))
    const notes: string[] = []
    const crashed = await restart(path, { ...quiet, report: (note) => notes.push(note) })
    expect(notes).toEqual([expect.stringMatching(/^The mock did not stop cleanly last time/)])
    const drawn = identifiers(await createForm(crashed.mock, 'After the crash'))
    expect(drawn.filter((value) => lost.includes(value))).toEqual([])
    // And the new seed is saved: the next start goes on from it.
    await crashed.kept.close()
    expect((await restart(path)).mock.idPosition()).toEqual(crashed.mock.idPosition())
  })

  it('leaves the state file whole and the journal empty on a clean close', async () => {
    const path = freshPath()
    const mock = await newMock()
    const kept = await keepState(path, mock, quiet)
    await someWrites(mock, 'Closed')
    await kept.close()
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(mock.exportState())
    // The header, then the entry that says the mock stopped cleanly.
    expect(fileLines(kept.journalPath)).toHaveLength(3)
    expect(JSON.parse(fileLines(kept.journalPath)[1] as string)).toEqual({ n: 4, closed: true })
    expect(readdirSync(join(path, '..')).sort()).toEqual(['mock.json', 'mock.json.journal'])
    const again = await restart(path)
    expect(again.kept.replayed).toBe(0)
    expect(again.mock.exportState()).toEqual(mock.exportState())
    expect(again.mock.idPosition()).toEqual(mock.idPosition())
  })

  it('keeps a reset and an import, and what was written after them', async () => {
    const path = freshPath()
    const mock = await newMock()
    const kept = await keepState(path, mock, quiet)
    await someWrites(mock, 'Before')
    const saved = mock.exportState()
    await mock.reset()
    await someWrites(mock, 'After the reset')
    expect(await mock.importState(saved)).toEqual({ ok: true })
    await createForm(mock, 'After the import')
    await kept.flush()
    sameMock(mock, (await restart(path)).mock)
  })

  it('ignores a last line cut off by a crash, with a note, and appends after the last whole one', async () => {
    const path = freshPath()
    const mock = await newMock()
    const kept = await keepState(path, mock, quiet)
    await someWrites(mock, 'Whole')
    await kept.flush()
    const expected = mock.exportState()
    const torn = '{"n":99,"seq":1,"draws":3,"changes":[{"put"'
    writeFileSync(kept.journalPath, torn, { flag: 'a' })
    const notes: string[] = []
    const again = await restart(path, { ...quiet, report: (note) => notes.push(note) })
    expect(again.mock.exportState()).toEqual(expected)
    expect(notes).toEqual([
      expect.stringMatching(
        new RegExp(`^Ignored the last ${torn.length} bytes of .*mock\\.json\\.journal`),
      ),
      expect.stringMatching(/^The mock did not stop cleanly last time/),
    ])
    await createForm(again.mock, 'After the torn line')
    await again.kept.flush()
    sameMock(again.mock, (await restart(path)).mock)
  })

  it('refuses a damaged entry, a journal of another state file, and one without its state file', async () => {
    const path = freshPath()
    const mock = await newMock()
    const kept = await keepState(path, mock, quiet)
    await someWrites(mock, 'Damaged')
    await kept.flush()
    const journal = readFileSync(kept.journalPath, 'utf8')
    const lines = journal.split('\n')
    writeFileSync(kept.journalPath, [lines[0], '{"n": oops', ...lines.slice(1)].join('\n'))
    await expect(restart(path)).rejects.toThrow(
      /^Refusing the journal .*mock\.json\.journal: line 2 is not JSON .*The state file and its journal were left as they are/,
    )
    writeFileSync(
      kept.journalPath,
      journal.replace('"changes":[{"put":"forms"', '"changes":[{"put":"fo"'),
    )
    await expect(restart(path)).rejects.toThrow(/line 2 is not an entry of this mock's journal/)

    writeFileSync(kept.journalPath, journal)
    const state = readFileSync(path, 'utf8')
    writeFileSync(path, state.replace('"seq":', '"seq":1'))
    await expect(restart(path)).rejects.toThrow(/it continues another state file/)
    rmSync(path)
    await expect(restart(path)).rejects.toThrow(/its state file .*mock\.json is not there/)
    expect(readFileSync(kept.journalPath, 'utf8')).toBe(journal)
  })

  it('compacts the journal into the state file once it outgrows its bound, while writes go on', async () => {
    const path = freshPath()
    const mock = await newMock()
    const kept = await keepState(path, mock, {
      ...quiet,
      compactAt: { minBytes: 4096, stateRatio: 0 },
    })
    const journal = journalPathOf(path)
    // The journal's size as it goes: a compaction, which runs in the background, shrinks it.
    let largest = 0
    let shrank = false
    const watch = setInterval(() => {
      const size = statSync(journal).size
      if (size < largest) shrank = true
      largest = Math.max(largest, size)
    }, 5)
    try {
      for (let i = 0; i < 12; i++) {
        await someWrites(mock, `Round ${i}`)
        await kept.flush()
      }
      await vi.waitFor(() => expect(shrank).toBe(true), { timeout: 10_000 })
    } finally {
      clearInterval(watch)
    }
    expect(largest).toBeGreaterThan(4096)
    // No compaction under way while the files are read again (one runs to its end here).
    expect(await kept.compact()).toBe(true)
    sameMock(mock, (await restart(path)).mock)
  })
})

describe('keepState: a crash at any step of a compaction', () => {
  /** Runs one compaction to its end, counting the file operations it makes. */
  const stepsOfACompaction = async () => {
    const path = freshPath()
    const { files, state } = crashing()
    const mock = await newMock()
    const kept = await keepState(path, mock, { ...quiet, files })
    await someWrites(mock, 'Counted')
    await kept.flush()
    state.armed = true
    expect(await kept.compact()).toBe(true)
    return state.count
  }

  it('leaves files a restart reads back to the same mock, whichever step it stops at', async () => {
    const steps = await stepsOfACompaction()
    expect(steps).toBeGreaterThan(8)
    for (let at = 1; at <= steps + 1; at++) {
      const path = freshPath()
      const { files, state } = crashing()
      const mock = await newMock()
      const kept = await keepState(path, mock, { ...quiet, files })
      await someWrites(mock, 'Before the crash')
      await kept.flush()
      state.armed = true
      state.at = at
      await kept.compact()
      const again = await restart(path)
      sameMock(mock, again.mock)
      // And the files go on working: a write after the restart survives the next one.
      await createForm(again.mock, `After a crash at step ${at}`)
      await again.kept.flush()
      sameMock(again.mock, (await restart(path)).mock)
    }
  })

  it('keeps the writes made while the state file was being written, whichever step it stops at', async () => {
    const steps = await stepsOfACompaction()
    for (let at = 1; at <= steps; at++) {
      const path = freshPath()
      let release: (() => void) | undefined
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      let holding = false
      const crash = { armed: false, count: 0, dead: false }
      const files = hookedFiles(async (op) => {
        if (crash.dead) throw Object.assign(new Error('dead'), { code: 'CRASH' })
        // The compaction's temp state file: held open until the writes below are saved.
        if (holding && op.kind === 'open' && /\.mock\.json\.\d+\.\w+\.tmp$/.test(op.path)) {
          holding = false
          await held
          crash.armed = true
        }
        if (!crash.armed) return undefined
        crash.count += 1
        if (crash.count < at) return undefined
        crash.dead = true
        const crashed = Object.assign(new Error('crashed'), { code: 'CRASH' })
        if (op.kind === 'write') return crashed
        throw crashed
      })
      const mock = await newMock()
      const kept = await keepState(path, mock, { ...quiet, files })
      await someWrites(mock, 'Captured')
      await kept.flush()
      holding = true
      const compaction = kept.compact()
      await vi.waitFor(() => expect(holding).toBe(false))
      await someWrites(mock, 'During the compaction')
      expect(await kept.flush()).toBe(true)
      release?.()
      await compaction
      sameMock(mock, (await restart(path)).mock)
    }
  })
})

describe('keepState: a save that fails', () => {
  it('is reported once per kind, leaves whole lines only, is retried, and loses nothing', async () => {
    const path = freshPath()
    let full = false
    const files = hookedFiles((op) => {
      // A full disk takes part of a write, then refuses the rest; cutting the file still works.
      if (!full || !op.path.includes('.journal') || op.kind !== 'write') return undefined
      return Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
    })
    const reports: string[] = []
    const mock = await newMock()
    const kept = await keepState(path, mock, {
      ...quiet,
      files,
      report: (message) => reports.push(message),
    })
    await someWrites(mock, 'Saved')
    await kept.flush()
    const saved = readFileSync(kept.journalPath, 'utf8')

    full = true
    await someWrites(mock, 'Waiting in memory')
    expect(await kept.flush()).toBe(false)
    await someWrites(mock, 'Still serving')
    expect(await kept.flush()).toBe(false)
    // The torn half of each failed write was cut again: the file is as it was.
    expect(readFileSync(kept.journalPath, 'utf8')).toBe(saved)
    expect(reports).toEqual([
      expect.stringMatching(
        /^Could not save the latest changes to .*mock\.json\.journal \(ENOSPC, no space left on device\)\. The mock keeps serving/,
      ),
    ])

    full = false
    // Retried on its own (the first retry comes after 250 ms).
    await vi.waitFor(() => expect(reports).toHaveLength(2), { timeout: 10_000 })
    expect(reports[1]).toMatch(
      /^Saving works again: every change is in .*mock\.json\.journal again\.$/,
    )
    sameMock(mock, (await restart(path)).mock)
  })

  it('keeps the previous state file and journal when a compaction cannot write, and tries again', async () => {
    const path = freshPath()
    let denied = false
    const files = hookedFiles((op) => {
      if (denied && op.kind === 'open' && op.path.endsWith('.tmp')) {
        throw Object.assign(new Error('permission denied'), { code: 'EACCES' })
      }
      return undefined
    })
    const reports: string[] = []
    const mock = await newMock()
    const kept = await keepState(path, mock, {
      ...quiet,
      files,
      report: (message) => reports.push(message),
    })
    await someWrites(mock, 'Before')
    await kept.flush()
    const state = readFileSync(path, 'utf8')
    denied = true
    expect(await kept.compact()).toBe(false)
    expect(await kept.compact()).toBe(false)
    expect(reports).toEqual([
      expect.stringMatching(
        /^Could not rewrite .*mock\.json from its journal \(EACCES, permission denied\)\. .* are intact/,
      ),
    ])
    expect(readFileSync(path, 'utf8')).toBe(state)
    expect(readdirSync(join(path, '..')).sort()).toEqual(['mock.json', 'mock.json.journal'])
    await someWrites(mock, 'Meanwhile')
    expect(await kept.flush()).toBe(true)
    sameMock(mock, (await restart(path)).mock)

    denied = false
    expect(await kept.compact()).toBe(true)
    expect(reports[1]).toMatch(/^Saving works again: .*mock\.json holds every change again\.$/)
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(mock.exportState())
  })
})

describe('keepState: a compaction that cannot read the mock', () => {
  it('is reported and returns false, leaving the files as they were', async () => {
    const path = freshPath()
    const reports: string[] = []
    const mock = await newMock()
    const kept = await keepState(path, mock, {
      ...quiet,
      report: (message) => reports.push(message),
    })
    const state = readFileSync(path, 'utf8')
    const capture = mock.capture
    mock.capture = () => Promise.reject(new Error('the store is gone'))
    expect(await kept.compact()).toBe(false)
    mock.capture = capture
    expect(reports).toEqual([expect.stringMatching(/^Could not rewrite .*\(the store is gone\)/)])
    expect(readFileSync(path, 'utf8')).toBe(state)
  })
})

describe('stateText', () => {
  it('is JSON.stringify of the state, in pieces of about 1 MiB', async () => {
    const mock = await newMock()
    await mock.filled()
    const demo = mock.exportState()
    const form = demo.forms[0]
    if (!form) throw new Error('the demo has forms')
    const large = {
      ...demo,
      forms: Array.from({ length: 3000 }, (_, i) => ({ ...form, id: `frm_${i}` })),
    }
    for (const state of [demo, large, { ...demo, forms: [], responses: [] }]) {
      const pieces = [...stateText(state)]
      expect(pieces.join('')).toBe(JSON.stringify(state))
      if (state === large) expect(pieces.length).toBeGreaterThan(1)
    }
  })
})
