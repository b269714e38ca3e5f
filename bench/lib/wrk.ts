import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

/** One wrk run: a separate process loading the server on 127.0.0.1, bounded in time. */
export interface WrkResult {
  rps: number
  p50: number
  p99: number
  requests: number
  non2xx: number
  errors: number
}

export interface Load {
  url: string
  method?: 'GET' | 'POST' | 'PATCH'
  headers?: Record<string, string>
  /** A body sent with every request; `{n}` is replaced by a per-request counter. */
  body?: string
}

export const WRK = process.env.WRK ?? '/usr/bin/wrk'
const run = promisify(execFile)
const scripts = mkdtempSync(join(tmpdir(), 'engagement-bench-'))
process.on('exit', () => rmSync(scripts, { recursive: true, force: true }))

const luaString = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`

/** A Lua script setting method, headers and body; a counter keeps bodies distinct when asked. */
const scriptFor = (load: Load) => {
  const lines = [`wrk.method = "${load.method ?? 'GET'}"`]
  for (const [name, value] of Object.entries(load.headers ?? {})) {
    lines.push(`wrk.headers[${luaString(name)}] = ${luaString(value)}`)
  }
  if (load.body?.includes('{n}')) {
    const [before, after] = load.body.split('{n}') as [string, string]
    lines.push(
      'local n = 0',
      'request = function()',
      '  n = n + 1',
      `  return wrk.format(nil, nil, nil, ${luaString(before)} .. n .. ${luaString(after)})`,
      'end',
    )
  } else if (load.body !== undefined) lines.push(`wrk.body = ${luaString(load.body)}`)
  const path = join(scripts, `load-${Math.random().toString(36).slice(2)}.lua`)
  writeFileSync(path, `${lines.join('\n')}\n`)
  return path
}

const toMs = (value: string, unit: string) =>
  Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 1)

export const parseWrk = (out: string): WrkResult => {
  const percentile = (p: string) => {
    const found = out.match(new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm'))
    return found ? toMs(found[1] as string, found[2] as string) : Number.NaN
  }
  const errors = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/)
  return {
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? Number.NaN),
    p50: percentile('50'),
    p99: percentile('99'),
    requests: Number(out.match(/(\d+) requests in/)?.[1] ?? 0),
    non2xx: Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    errors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  }
}

export const wrk = async (
  load: Load,
  options: { seconds: number; connections: number },
): Promise<WrkResult> => {
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    '-s',
    scriptFor(load),
    load.url,
  ]
  const { stdout } = await run(WRK, args, { timeout: (options.seconds + 30) * 1000 })
  return parseWrk(stdout)
}
