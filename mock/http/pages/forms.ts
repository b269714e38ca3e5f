import type { Field } from '../../../contract/fields.ts'
import type { StoredForm } from '../../core/records/forms.ts'
import { type Html, html, layout, plural } from './html.ts'

const choiceList = (field: Field, type: 'radio' | 'checkbox', options: readonly string[]) =>
  html`<ul class="choices">${options.map(
    (option) =>
      html`<li><label><input type="${type}" name="${field.id}" value="${option}">${option}</label></li>`,
  )}</ul>`

const textInput = (field: Field, type: string, placeholder: string | undefined) =>
  html`<input type="${type}" id="${field.id}" name="${field.id}" placeholder="${placeholder ?? ''}">`

/** The control a respondent would use for each field kind. */
const control = (field: Field): Html => {
  switch (field.kind) {
    case 'short_text':
      return html`<input type="text" id="${field.id}" name="${field.id}" placeholder="${field.config.placeholder ?? ''}"${field.config.maxLength === undefined ? '' : html` maxlength="${field.config.maxLength}"`}>`
    case 'long_text':
      return html`<textarea id="${field.id}" name="${field.id}" placeholder="${field.config.placeholder ?? ''}"></textarea>`
    case 'email':
      return textInput(field, 'email', field.config.placeholder)
    case 'phone':
      return textInput(field, 'tel', field.config.placeholder)
    case 'number':
      return html`<input type="number" id="${field.id}" name="${field.id}"${field.config.min === undefined ? '' : html` min="${field.config.min}"`}${field.config.max === undefined ? '' : html` max="${field.config.max}"`} step="${field.config.integer ? '1' : 'any'}">`
    case 'date':
      return html`<input type="date" id="${field.id}" name="${field.id}" min="${field.config.minDate ?? ''}" max="${field.config.maxDate ?? ''}">`
    case 'single_choice':
      return choiceList(field, 'radio', field.config.options)
    case 'multiple_choice':
      return html`${field.config.maxSelections !== undefined && html`<p class="help">Choose up to ${field.config.maxSelections}.</p>`}${choiceList(field, 'checkbox', field.config.options)}`
    case 'dropdown':
      return html`<select id="${field.id}" name="${field.id}"><option value="">Choose…</option>${field.config.options.map(
        (option) => html`<option>${option}</option>`,
      )}</select>`
    case 'rating':
      return html`<p class="stars" role="img" aria-label="Rating from 1 to ${field.config.max}">${Array.from(
        { length: field.config.max },
        () => html`<span class="star">★</span>`,
      )}</p>`
    case 'yes_no':
      return choiceList(field, 'radio', ['Yes', 'No'])
    case 'submission':
      return html`${field.config.acceptLink && html`<input type="url" name="${field.id}-link" placeholder="https://link-to-your-project.example">`}
${field.config.acceptLink && field.config.acceptFile && html`<p class="help">and/or</p>`}
${field.config.acceptFile && html`<input type="file" name="${field.id}-file">`}`
  }
}

/** Kinds whose control is one element with the field's id, so a <label for> can point at it. */
const SINGLE_CONTROL = new Set<Field['kind']>([
  'short_text',
  'long_text',
  'email',
  'phone',
  'number',
  'date',
  'dropdown',
])

const fieldBlock = (field: Field): Html => {
  const text = html`${field.config.label}${field.config.required && html`<span class="req" aria-label="required">*</span>`}`
  return html`<div class="field" data-kind="${field.kind}">
${SINGLE_CONTROL.has(field.kind) ? html`<label for="${field.id}">${text}</label>` : html`<div class="label">${text}</div>`}
${field.config.helpText && html`<p class="help">${field.config.helpText}</p>`}
${control(field)}
</div>`
}

const STATUS_NOTES: Record<StoredForm['status'], string | undefined> = {
  draft: 'Draft preview: this form is not published yet, so it does not accept responses.',
  published: undefined,
  closed: 'This form is closed and no longer accepts responses.',
}

/** /f/{slug}: the form as a respondent would see it, with every field rendered by its kind. */
export const formPage = (form: StoredForm): Html => {
  const note = STATUS_NOTES[form.status]
  const { settings } = form
  return layout({
    title: form.title,
    body: html`<p class="eyebrow">Form · ${plural(form.fields.length, 'question')}</p>
<h1>${form.title} <span class="badge ${form.status}">${form.status}</span></h1>
${form.description && html`<p class="lead">${form.description}</p>`}
${note && html`<p class="notice">${note}</p>`}
<form class="card">
${settings.collectEmail && html`<div class="field"><label for="respondent-email">Your email${settings.emailRequired && html`<span class="req" aria-label="required">*</span>`}</label><input type="email" id="respondent-email" name="email"></div>`}
${form.fields.length === 0 ? html`<p class="muted">This form has no questions yet.</p>` : form.fields.map(fieldBlock)}
<button type="submit" disabled>Submit</button>
<p class="muted">Respondents then see: “${settings.thankYouMessage}”${settings.redirectUrl && html` and go on to ${settings.redirectUrl}`}</p>
</form>`,
  })
}
