// Imported on serve's start path (listen.ts): no node:crypto here; the check itself, which needs
// it, is in control-guard.ts, loaded with express for the first request outside the API.
import { isIP } from 'node:net'

/** The environment variable `serve` reads the control token from (`--control-token` wins). */
export const CONTROL_TOKEN_ENV = 'ENGAGEMENT_MOCK_CONTROL_TOKEN'

/**
 * Whether a listen address only takes connections from this machine: `localhost`, 127.0.0.0/8
 * or ::1. Anything else (0.0.0.0, ::, an interface's address, a host name) may be reached from
 * other machines.
 */
export const isLoopbackHost = (host: string): boolean => {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  if (name === 'localhost') return true
  if (isIP(name) === 4) return name.startsWith('127.')
  if (isIP(name) === 6)
    return name === '::1' || /^(0{0,4}:){1,7}0{0,3}1$/.test(name) || /^::ffff:127\./.test(name)
  return false
}

/** How the control routes (`/__mock/*`) of a server are secured. */
export interface ControlAccess {
  /** Required as `Authorization: Bearer <token>`; none: the routes are open (loopback only). */
  token?: string
  /** The token was made for this run, because none was given off loopback. */
  generated: boolean
}

/**
 * A token given is always required. Without one, the control routes stay open on loopback (only
 * this machine can reach them, as before) and off loopback get a token made for this run: the
 * routes hand out every organization's records and keys and wipe everybody's data, so a mock
 * reachable from other machines never serves them to whoever connects.
 */
export const controlAccess = (host: string, given?: string): ControlAccess => {
  if (given !== undefined) return { token: given, generated: false }
  if (isLoopbackHost(host)) return { generated: false }
  const bytes = new Uint8Array(24)
  globalThis.crypto.getRandomValues(bytes)
  return { token: Buffer.from(bytes).toString('base64url'), generated: true }
}

/** Why a control token is refused, or undefined: 16 visible ASCII characters at least. */
export const controlTokenProblem = (token: string): string | undefined =>
  /^[\x21-\x7e]{16,}$/.test(token)
    ? undefined
    : 'Expected at least 16 visible ASCII characters without spaces (e.g. from `openssl rand -hex 24`).'
