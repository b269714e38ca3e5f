import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { BodyTap } from './body-tap.ts'

const tapOf = (parts: string[], limit = 1024, encoding?: string) => {
  const tap = new BodyTap(limit, encoding)
  for (const part of parts) tap.add(Buffer.from(part))
  return tap
}

describe('a body tap', () => {
  it('knows its bytes again however they were cut into chunks, and tells one changed byte', () => {
    const bytes = Buffer.from('{"forms":[{"id":"frm_1","title":"Été"}]}')
    expect(tapOf(['{"forms":[{"id":"frm_1",', '"title":"Été"}]}']).sameAs(bytes)).toBe(true)
    expect(tapOf([bytes.toString()]).sameAs(bytes)).toBe(true)
    expect(tapOf(['{"forms":[{"id":"frm_2",', '"title":"Été"}]}']).sameAs(bytes)).toBe(false)
    expect(tapOf(['{"forms":[{"id":"frm_1",']).sameAs(bytes)).toBe(false)
  })

  it('never takes a cut or compressed copy for the same bytes', () => {
    const text = '{"forms":[]}'
    expect(tapOf([text], 5).sameAs(Buffer.from(text).subarray(0, 5))).toBe(false)
    const zipped = new BodyTap(1024, 'gzip')
    zipped.add(gzipSync(text))
    expect(zipped.ready).toBe(false)
    expect(zipped.sameAs(Buffer.from(text))).toBe(false)
  })

  it('reads an uncompressed body at once as end does, and a compressed one only through end', async () => {
    const tap = tapOf(['{"a":', '"é"}'])
    expect(tap.ready).toBe(true)
    expect(tap.read()).toMatchObject({ text: '{"a":"é"}', truncated: false })
    expect(await tap.end()).toMatchObject({ text: '{"a":"é"}', truncated: false })
    const zipped = new BodyTap(1024, 'gzip')
    zipped.add(gzipSync('{"a":1}'))
    expect(await zipped.end()).toMatchObject({ text: '{"a":1}', truncated: false })
  })
})
