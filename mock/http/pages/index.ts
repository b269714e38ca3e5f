import type { Express, Request, Response } from 'express'
import { publicPath } from '../../../contract/common.ts'
import type { MockCore } from '../../core/mock.ts'
import { mountDocs } from './docs.ts'
import { formPage } from './forms.ts'
import { html, sendNotFound, sendPage } from './html.ts'
import { formBySlug, reportBySlug, seriesById, targetByCode } from './lookup.ts'
import { reportPage } from './reports.ts'
import { seriesPage } from './series.ts'
import { joinPage, screenPage } from './sessions.ts'

/** Route paths come from the contract's `publicPath`, so express cannot type their params. */
const param = (req: Request, name: string): string => {
  const value = req.params[name]
  return typeof value === 'string' ? value : ''
}

const fromApi = (what: string) =>
  html`Links like this one come from the API: ${what}. Records created since the last reset or restart of the mock are only there until the next one.`

/**
 * The human side of the mock: /docs and every public URL it hands out (share, join, screen, manage,
 * report links). Mounted by `startServer({ extend: mountPages })`; records are looked up across all
 * organizations, as a public link carries no API key.
 */
export const mountPages = (app: Express, mock: MockCore): void => {
  mountDocs(app, mock)
  // A public link may lead to a record of any collection: the demo's are stored on first use.
  const page = (path: string, answer: (req: Request, res: Response) => void) =>
    app.get(path, async (req, res) => {
      await mock.filled()
      answer(req, res)
    })

  page(publicPath.form(':slug'), (req, res) => {
    const form = formBySlug(mock.store, param(req, 'slug'))
    if (form) sendPage(res, 200, formPage(form))
    else sendNotFound(res, 'No form at this link', fromApi('each form has a shareUrl'))
  })

  for (const view of ['join', 'screen'] as const) {
    page(publicPath[view](':code'), (req, res) => {
      const target = targetByCode(mock.store, param(req, 'code'))
      if (!target) {
        sendNotFound(
          res,
          `No session with the code ${param(req, 'code')}`,
          fromApi('a session, series or round carries its joinCode, joinUrl and screenUrl'),
        )
      } else if (target.kind === 'form') {
        // A form's join code leads to the form itself.
        res.redirect(302, publicPath.form(target.form.slug))
      } else if (view === 'join') {
        sendPage(res, 200, joinPage(target.stage))
      } else {
        sendPage(res, 200, screenPage(target.stage, mock.publicBase))
      }
    })
  }

  page(publicPath.seriesManage(':id'), (req, res) => {
    const series = seriesById(mock.store, param(req, 'id'))
    if (series) sendPage(res, 200, seriesPage(series))
    else sendNotFound(res, 'No series at this link', fromApi('each series has a manageUrl'))
  })

  page(publicPath.report(':slug'), (req, res) => {
    const report = reportBySlug(mock.store, param(req, 'slug'))
    if (report) sendPage(res, 200, reportPage(report))
    else sendNotFound(res, 'No sponsor report at this link', fromApi('each report has a publicUrl'))
  })
}
