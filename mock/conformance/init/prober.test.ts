import { describe, expect, it } from 'vitest'
import { Secrets } from '../../report-format/secrets.ts'
import { type Answer, createProber, errorText, probeAnswerText } from './prober.ts'

const answer = (status: number, body: unknown, more: Partial<Answer> = {}): Answer => ({
  status,
  body,
  text: JSON.stringify(body) ?? '',
  ...more,
})

describe('probeAnswerText', () => {
  it('words a refusal by its §7 error and issues', () => {
    const refused = answer(400, {
      error: 'Invalid body',
      issues: [{ path: ['config', 'max'], message: 'too big' }],
    })
    expect(probeAnswerText(refused)).toBe('Invalid body (config.max: too big)')
  })

  it('quotes the start of a refusal that is not §7', () => {
    expect(errorText(undefined, 'x'.repeat(300))).toBe('x'.repeat(200))
  })

  it('says no answer, an unreadable success, an observation or plain acceptance', () => {
    expect(probeAnswerText(answer(0, undefined, { error: 'ECONNREFUSED' }))).toBe('ECONNREFUSED')
    expect(probeAnswerText(answer(201, undefined, { unread: 'nested too deep' }))).toBe(
      'not readable: nested too deep',
    )
    expect(probeAnswerText(answer(201, { form: { status: 'live' } }), () => 'status live')).toBe(
      'status live',
    )
    expect(probeAnswerText(answer(201, {}))).toBe('accepted')
  })
})

describe('createProber', () => {
  const secrets = new Secrets([['sk_live_123', 'CONTRACT_API_KEY']])

  it('sends nothing once the bound is reached', async () => {
    const run = { requests: 0 }
    const prober = createProber(run, 1, secrets)
    let calls = 0
    const call = async () => {
      calls += 1
      return answer(200, {})
    }
    expect(await prober.send('a', 'listForms', call)).toBeDefined()
    expect(await prober.send('b', 'listForms', call)).toBeUndefined()
    expect(calls).toBe(1)
    expect(run.requests).toBe(1)
    expect(prober.probes.map((p) => p.key)).toEqual(['a'])
  })

  it('keeps the id of each form it created, for clean-up', async () => {
    const prober = createProber({ requests: 0 }, 10, secrets)
    await prober.send('forms.create', 'createForm', async () => answer(201, { form: { id: 'f1' } }))
    await prober.send('forms.create', 'createForm', async () =>
      answer(400, { error: 'no', form: { id: 'f2' } }),
    )
    await prober.send('sessions.create', 'createSession', async () =>
      answer(201, { form: { id: 'f3' } }),
    )
    expect(prober.forms).toEqual(['f1'])
  })

  it('never records a key the deployment echoes', async () => {
    const prober = createProber({ requests: 0 }, 10, secrets)
    await prober.send('forms.create', 'createForm', async () =>
      answer(401, { error: 'Bad key sk_live_123' }),
    )
    await prober.send('forms.create', 'createForm', async () =>
      answer(201, undefined, { unread: 'sk_live_123 too long' }),
    )
    expect(JSON.stringify(prober.probes)).not.toContain('sk_live_123')
    expect(prober.probes[0]?.answer).toContain('CONTRACT_API_KEY')
  })

  it('marks follow-ups and unreadable successes, and records the request as the reference writes it', async () => {
    const prober = createProber({ requests: 0 }, 10, secrets)
    await prober.send(
      'k',
      'addField',
      async () => answer(201, undefined, { unread: 'deep' }),
      undefined,
      true,
    )
    expect(prober.probes[0]).toEqual({
      key: 'k',
      request: 'POST /forms/{id}/fields',
      status: 201,
      accepted: true,
      answer: 'not readable: deep',
      followUp: true,
      unread: 'deep',
    })
  })
})
