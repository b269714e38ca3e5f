import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../lib/child.ts'
import { PEERS_DIR, peerPath } from './install.ts'

/** The bodies every server of the comparison answers: the mock's own, fetched from it. */
export interface Bodies {
  forms: string
  sessions: string
  unauthorized: string
  created: string
}

export interface Peer {
  name: string
  /** How it is started; the port is the last argument of the command. */
  command: (port: number) => string[]
}

/**
 * Prism serves our own openapi.json statically, with the mock's list and created form as the
 * examples of GET and POST /forms (so its bodies are ours, byte for byte) and the paths under
 * /api/v1 like the mock's; it still checks requests against the document (the bearer key, the
 * body schema). Silent: Prism logs every request otherwise.
 */
export const prismSpec = (dir: string, bodies: Bodies) => {
  const spec = JSON.parse(readFileSync(join(ROOT, 'openapi.json'), 'utf8'))
  const paths: Record<string, Record<string, { responses: Record<string, unknown> }>> = {}
  for (const [path, item] of Object.entries(spec.paths)) paths[`/api/v1${path}`] = item as never
  const forms = paths['/api/v1/forms']
  if (!forms?.get || !forms.post) throw new Error('openapi.json has no GET and POST /forms')
  const withExample = (response: unknown, body: string) => {
    const content = (response as { content: Record<string, Record<string, unknown>> }).content
    const json = content['application/json'] as Record<string, unknown>
    json.example = JSON.parse(body)
  }
  withExample(forms.get.responses['200'], bodies.forms)
  withExample(forms.post.responses['201'], bodies.created)
  spec.paths = paths
  spec.servers = [{ url: 'http://127.0.0.1' }]
  const file = join(dir, 'prism-openapi.json')
  writeFileSync(file, JSON.stringify(spec))
  return file
}

/** json-server's db: the same 20 forms; its routes put them under /api/v1 like the mock's. */
const jsonServerFiles = (dir: string, bodies: Bodies) => {
  const db = join(dir, 'json-server-db.json')
  writeFileSync(db, JSON.stringify({ forms: JSON.parse(bodies.forms).forms }, null, 2))
  const routes = join(dir, 'json-server-routes.json')
  writeFileSync(routes, JSON.stringify({ '/api/v1/*': '/$1' }))
  return { db, routes }
}

export const peers = (dir: string, bodies: Bodies, bodiesFile: string): Peer[] => {
  const spec = prismSpec(dir, bodies)
  const { db, routes } = jsonServerFiles(dir, bodies)
  const node = process.execPath
  return [
    {
      name: 'Prism (static mock of openapi.json)',
      command: (port) => [
        node,
        peerPath('@stoplight/prism-cli', 'dist', 'index.js'),
        'mock',
        spec,
        '--verboseLevel',
        'silent',
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
      ],
    },
    {
      name: 'json-server 0.17',
      command: (port) => [
        node,
        peerPath('json-server', 'lib', 'cli', 'bin.js'),
        db,
        '--routes',
        routes,
        '--quiet',
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
      ],
    },
    {
      name: 'msw 2 + @mswjs/data 0.16',
      command: (port) => [
        node,
        join(ROOT, 'bench', 'peers', 'msw-data.mjs'),
        PEERS_DIR,
        bodiesFile,
        String(port),
      ],
    },
  ]
}
