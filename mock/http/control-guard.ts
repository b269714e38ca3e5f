import { createHash, timingSafeEqual } from 'node:crypto'
import type { RequestHandler } from 'express'
import { sendJson } from './api-host.ts'

const digest = (text: string) => createHash('sha256').update(text).digest()
const BEARER = /^Bearer[ ]+(\S+)\s*$/i

/**
 * Lets through only requests carrying `Authorization: Bearer <token>`; others get 401 in the plain
 * error shape. The tokens' digests are compared in constant time, so the time of a refusal says
 * nothing about how much of a guess was right (digests also have one length whatever was sent).
 */
export const requireControlToken = (token: string): RequestHandler => {
  const expected = digest(token)
  return (req, res, next) => {
    const given = BEARER.exec(req.headers.authorization ?? '')?.[1]
    if (given !== undefined && timingSafeEqual(digest(given), expected)) {
      next()
      return
    }
    sendJson(
      res,
      401,
      JSON.stringify({
        error:
          given === undefined
            ? 'The control routes of this mock need its control token: send "Authorization: Bearer <token>" (serve prints how control is secured; --control-token or ENGAGEMENT_MOCK_CONTROL_TOKEN sets it).'
            : 'That is not the control token of this mock.',
      }),
      { 'www-authenticate': 'Bearer realm="engagement-mock control"' },
    )
  }
}
