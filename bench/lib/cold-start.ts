import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { ACME_KEY } from '../../fixtures/index.ts'
import { ROOT, rssOf } from './child.ts'

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

export interface ColdStart {
  ms: number
  /** RSS of the spawned process right after its first 200 (for `npm start`, npm's own). */
  rssMiB: number
}

/**
 * Spawn to first 200: the command is started, then GET /api/v1/forms is tried every 5 ms until it
 * answers 200. `command` gets the port as its last argument, or makes the command from it.
 */
export const coldStart = async (
  given: string[] | ((port: number) => string[]),
): Promise<ColdStart> => {
  const port = await freePort()
  const command = typeof given === 'function' ? given(port) : [...given, String(port)]
  const started = performance.now()
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, NO_COLOR: '1' },
    // Its own process group: `npm start` runs the server as a grandchild, stopped with the group.
    detached: true,
  })
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${command.join(' ')} exited with ${child.exitCode}`)
      if (performance.now() - started > 30_000) throw new Error('No 200 within 30 s')
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/forms`, {
        headers: { authorization: `Bearer ${ACME_KEY}` },
      }).then(
        (res) => res.status === 200,
        () => false,
      )
      if (ok) {
        const ms = performance.now() - started
        return { ms, rssMiB: child.pid ? rssOf(child.pid) : Number.NaN }
      }
      await new Promise((r) => setTimeout(r, 5))
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM')
    await exited
  }
}

/** The code cache of the launcher's serve bundle in a clone, relative to its bundle cache. */
export const codeCacheOf = (bundleCache: string) => {
  const manifest = JSON.parse(readFileSync(join(bundleCache, 'manifest.json'), 'utf8'))
  return `${manifest.serve.file}.cache`
}

/**
 * Starts `command` until its code cache exists (it is written just after the first answer, so a
 * start stopped right then may not have written it): the starts measured after it are cached.
 */
export const ensureCodeCache = async (command: string[], cache: string) => {
  for (let tries = 0; tries < 5 && !existsSync(cache); tries++) {
    await coldStart(command)
    await new Promise((done) => setTimeout(done, 500))
  }
  if (!existsSync(cache)) throw new Error(`${command.join(' ')} wrote no code cache at ${cache}`)
}
