import type { Response } from 'express'
import { STYLESHEET } from './style.ts'

const RAW: unique symbol = Symbol('html')
/** Markup that is already safe: only `html` templates and `trusted` make one. */
export interface Html {
  readonly [RAW]: string
}
export type Slot = Html | string | number | boolean | null | undefined | readonly Slot[]

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)

const isHtml = (value: unknown): value is Html =>
  typeof value === 'object' && value !== null && RAW in value

const render = (value: Slot): string => {
  if (value === null || value === undefined || typeof value === 'boolean') return ''
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string') return escapeHtml(value)
  if (isHtml(value)) return value[RAW]
  return (value as readonly Slot[]).map(render).join('')
}

/**
 * Every interpolated string is escaped: titles, labels and options come from API users, so a page
 * can only ever show them as text. Nested `html` templates pass through as markup.
 */
export const html = (strings: TemplateStringsArray, ...values: Slot[]): Html => ({
  [RAW]: strings.reduce(
    (out, chunk, i) => out + chunk + (i < values.length ? render(values[i]) : ''),
    '',
  ),
})

/** For markup built here from constants only (the stylesheet). Never for user text. */
export const trusted = (markup: string): Html => ({ [RAW]: markup })

export const markup = (value: Html): string => value[RAW]

const day = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const month = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
/** `2026-09-18T11:27:24.000Z` → `Sep 18, 2026` (UTC, like every timestamp of the API). */
export const formatDay = (iso: string): string => day.format(new Date(iso))
/** `2026-09` → `Sep 2026`. */
export const formatMonth = (ym: string): string => month.format(new Date(`${ym}-01T00:00:00Z`))

export { plural } from '../../core/plural.ts'

/**
 * The public pages run no script at all; the policy makes sure nothing injected ever could, on top
 * of the escaping above.
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

export const sendHtml = (
  res: Response,
  status: number,
  document: string,
  headers: Record<string, string> = PAGE_HEADERS,
): void => {
  res.writeHead(status, headers).end(document)
}

export const sendPage = (res: Response, status: number, document: Html): void =>
  sendHtml(res, status, markup(document))

export interface PageOptions {
  title: string
  body: Html
  /** `screen`: the dark, large-type big-screen look. */
  theme?: 'paper' | 'screen'
}

export const layout = ({ title, body, theme = 'paper' }: PageOptions): Html => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${trusted(STYLESHEET)}</style>
</head>
<body class="${theme}">
<main>${body}</main>
<footer>Preview served by the Engagement Service mock: demo data, nothing you enter is sent.</footer>
</body>
</html>
`

/** The friendly answer to a slug or code nobody handed out (or one of a record since deleted). */
export const sendNotFound = (res: Response, heading: string, hint: Html | string): void =>
  sendPage(
    res,
    404,
    layout({
      title: `Not found: ${heading}`,
      body: html`<section class="card notfound">
<p class="eyebrow">404 · Not found</p>
<h1>${heading}</h1>
<p>${hint}</p>
</section>`,
    }),
  )
