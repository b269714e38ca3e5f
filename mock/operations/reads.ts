import type { ReadOperations } from '../core/context.ts'
import { notFound } from '../core/result.ts'
import {
  formView,
  reportSummary,
  reportView,
  responseView,
  seriesView,
  sessionView,
} from '../core/views.ts'

/**
 * Every read operation, one per resource's list or record. They live apart from the writes
 * (forms.ts, sessions.ts, …) because a page's first answers are reads: a bundler keeps the writes
 * out of what loads before them (index.ts).
 */
export const readOperations: ReadOperations = {
  listForms({ store, org }) {
    return { status: 200, body: { forms: store.forms.listByOrg(org.id).map(formView) } }
  },

  getForm({ store, org, params }) {
    const form = store.forms.getOwned(org.id, params.id)
    return form ? { status: 200, body: { form: formView(form) } } : notFound('Form', params.id)
  },

  listFormResponses({ store, org, params }) {
    const form = store.forms.getOwned(org.id, params.id)
    if (!form) return notFound('Form', params.id)
    return {
      status: 200,
      body: { responses: store.responsesOf(org.id, form.id).map(responseView) },
    }
  },

  listSessions({ store, org }) {
    return { status: 200, body: { sessions: store.sessions.listByOrg(org.id).map(sessionView) } }
  },

  listSeries({ store, org }) {
    return { status: 200, body: { series: store.series.listByOrg(org.id).map(seriesView) } }
  },

  listSponsorReports({ store, org }) {
    return {
      status: 200,
      body: { reports: store.reports.listByOrg(org.id).map((r) => reportSummary(reportView(r))) },
    }
  },
}
