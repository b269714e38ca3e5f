import { describe, expect, it } from 'vitest'
import { controlAccess, controlTokenProblem, isLoopbackHost } from './control-access.ts'

describe('isLoopbackHost', () => {
  it('is true only for addresses other machines cannot reach', () => {
    for (const host of [
      '127.0.0.1',
      '127.8.9.10',
      'localhost',
      'LOCALHOST',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
    ]) {
      expect([host, isLoopbackHost(host)]).toEqual([host, true])
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '192.0.2.2',
      '10.0.0.1',
      '::ffff:10.0.0.1',
      '1::1',
      'mock.example.com',
      'localhost.example.com',
      '',
    ]) {
      expect([host, isLoopbackHost(host)]).toEqual([host, false])
    }
  })
})

describe('controlAccess', () => {
  it('leaves control open on loopback when no token is given', () => {
    expect(controlAccess('127.0.0.1')).toEqual({ generated: false })
    expect(controlAccess('localhost')).toEqual({ generated: false })
  })

  it('makes a token of its own off loopback, a new one each time', () => {
    const first = controlAccess('0.0.0.0')
    const second = controlAccess('192.0.2.2')
    expect(first.generated && second.generated).toBe(true)
    expect(first.token).toMatch(/^[\w-]{32}$/)
    expect(second.token).not.toBe(first.token)
  })

  it('requires a token given, on any host', () => {
    const token = 'a-team-token-of-ours'
    for (const host of ['127.0.0.1', '0.0.0.0']) {
      expect(controlAccess(host, token)).toEqual({ token, generated: false })
    }
  })

  it('refuses a token shorter than 16 characters or with spaces', () => {
    expect(controlTokenProblem('0123456789abcdef')).toBeUndefined()
    for (const token of ['short', '0123456789 abcdef', '0123456789abcdé€', '']) {
      expect(controlTokenProblem(token)).toMatch(/at least 16 visible ASCII characters/)
    }
  })
})
