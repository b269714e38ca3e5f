import { afterEach, describe, expect, it, vi } from 'vitest'
import { TrafficLog } from '../../traffic/log.ts'
import { reportTraffic } from './traffic-print.ts'

const printedBy = async (run: () => Promise<number>) => {
  let out = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk)
    return true
  })
  const exitCode = await run()
  vi.restoreAllMocks()
  return { exitCode, out }
}

afterEach(() => vi.restoreAllMocks())

describe('the end of check-traffic and the proxy', () => {
  it('lists the reports written and exits with the verdict', async () => {
    const traffic = new TrafficLog().summary()
    const { exitCode, out } = await printedBy(() =>
      reportTraffic(
        traffic,
        async () => ['/tmp/r/conformance.md'],
        (text) => text,
      ),
    )
    expect(exitCode).toBe(0)
    expect(out).toContain('No violation')
    expect(out).toContain('/tmp/r/conformance.md')
  })

  it('says the reports could not be written, without the key, and exits 3, not 1 or a crash', async () => {
    const traffic = new TrafficLog().summary()
    const { exitCode, out } = await printedBy(() =>
      reportTraffic(
        traffic,
        async () => {
          throw new Error('ENOSPC: no space left on device, write secret-key-123')
        },
        (text) => text.replaceAll('secret-key-123', '$API_KEY_1'),
      ),
    )
    expect(exitCode).toBe(3)
    expect(out).toContain('Could not write the reports: ENOSPC: no space left on device')
    expect(out).not.toContain('secret-key-123')
    expect(out).not.toContain('Reports\n')
  })
})
