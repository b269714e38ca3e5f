import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ROOT } from '../lib/child.ts'

/**
 * The peers the bench measures the mock against. They are not dependencies of this package: the
 * bench installs them on first use into bench/.peers (git-ignored, its own package.json), and
 * again when this list changes.
 */
export const PEER_PACKAGES = {
  '@stoplight/prism-cli': '^5.14.2',
  'json-server': '0.17.4',
  msw: '^2.15.0',
  '@mswjs/data': '^0.16.2',
} as const

export const PEERS_DIR = join(ROOT, 'bench', '.peers')

export const peerPath = (...parts: string[]) => join(PEERS_DIR, 'node_modules', ...parts)

const manifest = () =>
  `${JSON.stringify({ name: 'engagement-mock-bench-peers', private: true, dependencies: PEER_PACKAGES }, null, 2)}\n`

/** Installs the peers unless bench/.peers already holds this exact list; returns their versions. */
export const ensurePeers = async (log: (line: string) => void): Promise<Record<string, string>> => {
  const packageJson = join(PEERS_DIR, 'package.json')
  const wanted = manifest()
  const current = existsSync(packageJson) ? readFileSync(packageJson, 'utf8') : ''
  const installed = Object.keys(PEER_PACKAGES).every((name) =>
    existsSync(peerPath(name, 'package.json')),
  )
  if (current !== wanted || !installed) {
    log(`Installing the peers into ${PEERS_DIR} (once): ${Object.keys(PEER_PACKAGES).join(', ')}`)
    mkdirSync(PEERS_DIR, { recursive: true })
    writeFileSync(packageJson, wanted)
    await promisify(execFile)(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
      { cwd: PEERS_DIR, maxBuffer: 16 * 1024 * 1024 },
    )
  }
  return Object.fromEntries(
    Object.keys(PEER_PACKAGES).map((name) => [
      name,
      (JSON.parse(readFileSync(peerPath(name, 'package.json'), 'utf8')) as { version: string })
        .version,
    ]),
  )
}
