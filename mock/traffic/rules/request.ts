import { operationLabel as label } from '../../../contract/endpoints.ts'
import { type ExchangeContext, issuesLine } from '../exchange-context.ts'

/**
 * §5: every operation is sent with `Authorization: Bearer <API_KEY>`. A request without any
 * credential is the client's problem, and a success answered to it the deployment's. A cookie
 * instead of the header is only the client's: authentication outside the Bearer header is "not
 * shown", so a deployment may accept it.
 */
export const credentials = (ctx: ExchangeContext): void => {
  const headers = ctx.exchange.requestHeaders
  const authorization = headers.authorization?.trim() ?? ''
  if (authorization === '') {
    if (headers.cookie) {
      ctx.requestIssue(
        'sent without the Authorization header (§5: every operation carries `Authorization: Bearer <API_KEY>`); it carried a cookie',
      )
      return
    }
    ctx.mustBeRefused(
      'sent without credentials (§5: every operation carries `Authorization: Bearer <API_KEY>`)',
      false,
      'unauthorized',
    )
    return
  }
  if (!/^Bearer\s+\S/i.test(authorization)) {
    ctx.requestIssue(
      `the Authorization header is not a Bearer key ("${authorization.split(/\s/)[0]} …"; §5: \`Authorization: Bearer <API_KEY>\`)`,
    )
  }
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i

/** §4: the documented body of the operation, sent as JSON; no body where §4 says "no body". */
const body = (ctx: ExchangeContext): void => {
  const { route } = ctx.op
  const name = label(ctx.op.id)
  const sent = ctx.exchange.requestBody ?? ''
  if (!route.body) {
    if (sent.trim() !== '') ctx.requestIssue(`sent a body; §4 gives ${name} none`)
    return
  }
  if (ctx.exchange.requestBodyTruncated) {
    ctx.notes.push('request body over the size limit: not checked')
    return
  }
  const documented = route.body.documented
  if (ctx.request.state === 'none') {
    // Required properties (a field's kind, a team's name…) make an absent body one to refuse.
    if (documented.safeParse({}).success)
      ctx.requestIssue(`sent no body; §4 gives ${name} a JSON body`)
    else
      ctx.mustBeRefused(
        `sent no body; §4 gives ${name} a JSON body with required properties`,
        true,
        'invalid_body',
      )
    return
  }
  const type = ctx.exchange.requestHeaders['content-type'] ?? ''
  if (!JSON_TYPE.test(type)) {
    ctx.requestIssue(
      `the body is sent as ${type ? `"${type}"` : 'no content type'} (§4: Content-Type: application/json)`,
    )
  }
  if (ctx.request.state === 'unreadable') {
    ctx.notes.push(`request body ${ctx.request.reason}: not checked further`)
    return
  }
  if (ctx.request.state === 'not-json') {
    ctx.mustBeRefused(`the body is not JSON (§4): ${ctx.request.reason}`, true, 'malformed_json')
    return
  }
  const parsed = documented.safeParse(ctx.request.state === 'json' ? ctx.request.value : undefined)
  if (!parsed.success) {
    ctx.mustBeRefused(
      `the body breaks §4's body of ${name}: ${issuesLine(parsed.error, 'body')}`,
      true,
      parsed.error.issues.some((issue) => issue.path.includes('config'))
        ? 'invalid_field_config'
        : 'invalid_body',
    )
  }
}

/** What the request alone decides (with the status, for "accepted what must be refused"). */
export const requestRules = (ctx: ExchangeContext): void => {
  credentials(ctx)
  // §4 "Other operations": their bodies are not shown.
  if (!ctx.op.inferred) body(ctx)
}
