import * as z from 'zod'
import {
  DocId,
  DocStatus,
  DocTimestamp,
  DocUrl,
  idOf,
  JoinCode,
  LIMITS,
  Ok,
  OkProfile,
  Slug,
  Timestamp,
  Title,
  Url,
} from './common.ts'
import { endpoints } from './endpoints.ts'
import {
  DocField,
  DocFieldConfigReplace,
  DocFieldInput,
  DocFieldResponse,
  Field,
  FieldConfigReplace,
  FieldInput,
  FieldResponse,
} from './fields.ts'
import { DocFormSettings, FormSettings, FormSettingsInput } from './form-settings.ts'
import { defineRoute } from './route.ts'

/** Profile states: draft → published (publish; needs a field; also reopens a closed form) → closed. */
export const FORM_STATUSES = ['draft', 'published', 'closed'] as const
export type FormStatus = (typeof FORM_STATUSES)[number]

/** Templates of POST /forms (§4 "a form may be created from a template"); each sets settings.useCase (form-templates.ts). */
export const FORM_TEMPLATES = ['hackathon', 'retro', 'hr_pulse'] as const
export type FormTemplate = (typeof FORM_TEMPLATES)[number]

export const DocForm = z.looseObject({
  id: DocId,
  title: z.string(),
  description: z.string(),
  status: DocStatus,
  joinCode: z.string(),
  slug: z.string(),
  shareUrl: DocUrl,
  settings: DocFormSettings,
  /** A form that was never published has no publish time: the documented layer admits null. */
  publishedAt: DocTimestamp.nullable(),
  createdAt: DocTimestamp,
  fields: z.array(DocField),
})

export const Form = z
  .strictObject({
    id: idOf('form'),
    title: Title,
    description: z.string().max(LIMITS.descriptionLength),
    status: z.enum(FORM_STATUSES),
    joinCode: JoinCode,
    slug: Slug,
    shareUrl: Url,
    settings: FormSettings,
    publishedAt: Timestamp.nullable(),
    createdAt: Timestamp,
    fields: z.array(Field).max(LIMITS.fieldsPerForm),
  })
  .meta({ id: 'Form' })
export type Form = z.infer<typeof Form>

/** POST /forms (§4: template, inline fields, settings, immediate publish; names chosen by the profile). */
export const CreateFormBody = z
  .strictObject({
    title: Title,
    description: z.string().max(LIMITS.descriptionLength).default(''),
    template: z.enum(FORM_TEMPLATES).optional(),
    fields: z.array(FieldInput).max(LIMITS.fieldsPerForm).default([]),
    settings: FormSettingsInput.optional(),
    publish: z.boolean().default(false),
  })
  .meta({
    id: 'CreateFormBody',
    example: {
      title: 'Spring hackathon sign-up',
      template: 'hackathon',
      fields: [{ kind: 'yes_no', config: { label: 'First hackathon?' } }],
      publish: true,
    },
  })
export type CreateFormBody = z.input<typeof CreateFormBody>

/** PATCH /forms/{id}: title and/or description; at least one. */
export const UpdateFormBody = z
  .strictObject({
    title: Title.optional(),
    description: z.string().max(LIMITS.descriptionLength).optional(),
  })
  .refine((b) => b.title !== undefined || b.description !== undefined, {
    message: 'Send a title, a description, or both.',
    path: [],
  })
  .meta({ id: 'UpdateFormBody', example: { title: 'Autumn retro' } })

export const ReorderFieldsBody = z
  .strictObject({ orderedIds: z.array(z.string()).max(LIMITS.fieldsPerForm) })
  .meta({
    id: 'ReorderFieldsBody',
    example: { orderedIds: ['fld_b2c3d4e5f6a1', 'fld_a1b2c3d4e5f6'] },
  })

/** A submitted response (inferred "read form responses"; the reference does not show collection). */
export const Answer = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.strictObject({ link: Url.nullable(), fileName: z.string().nullable() }),
])
export const FormResponse = z
  .strictObject({
    id: idOf('response'),
    formId: idOf('form'),
    submittedAt: Timestamp,
    email: z.email().nullable(),
    answers: z.record(z.string(), Answer),
  })
  .meta({ id: 'FormResponse' })
export type FormResponse = z.infer<typeof FormResponse>

const FormEnvelope = z.strictObject({ form: Form }).meta({ id: 'FormEnvelope' })
const DocFormEnvelope = z.looseObject({ form: DocForm })
const idParams = ['not_found'] as const

export const formRoutes = {
  createForm: defineRoute(endpoints.createForm, {
    section: '§4 Forms',
    body: { documented: z.looseObject({}), profile: CreateFormBody },
    success: { documented: DocFormEnvelope, profile: FormEnvelope },
    errorShape: 'plain',
    errors: ['invalid_field_config', 'publish_without_field'],
  }),
  listForms: defineRoute(endpoints.listForms, {
    section: '§4 Forms',
    success: {
      documented: z.looseObject({ forms: z.array(DocForm) }),
      profile: z.strictObject({ forms: z.array(Form) }).meta({ id: 'FormList' }),
    },
    errorShape: 'plain',
    errors: [],
    list: true,
  }),
  getForm: defineRoute(endpoints.getForm, {
    section: '§4 Forms',
    success: { documented: DocFormEnvelope, profile: FormEnvelope },
    errorShape: 'plain',
    errors: idParams,
  }),
  updateForm: defineRoute(endpoints.updateForm, {
    section: '§4 Forms',
    body: { documented: z.looseObject({}), profile: UpdateFormBody },
    success: { documented: DocFormEnvelope, profile: FormEnvelope },
    errorShape: 'validation',
    errors: idParams,
  }),
  replaceFormSettings: defineRoute(endpoints.replaceFormSettings, {
    section: '§4 Forms',
    body: { documented: z.looseObject({}), profile: FormSettingsInput },
    success: {
      documented: z.looseObject({ form: z.looseObject({ id: DocId, settings: DocFormSettings }) }),
      profile: z
        .strictObject({ form: z.strictObject({ id: idOf('form'), settings: FormSettings }) })
        .meta({ id: 'FormSettingsEnvelope' }),
    },
    errorShape: 'validation',
    errors: idParams,
  }),
  publishForm: defineRoute(endpoints.publishForm, {
    section: '§4 Forms, §3',
    success: { documented: DocFormEnvelope, profile: FormEnvelope },
    errorShape: 'plain',
    errors: ['not_found', 'publish_without_field', 'state_conflict'],
  }),
  closeForm: defineRoute(endpoints.closeForm, {
    section: '§4 Forms, §3',
    success: { documented: DocFormEnvelope, profile: FormEnvelope },
    errorShape: 'plain',
    errors: ['not_found', 'state_conflict'],
  }),
  addField: defineRoute(endpoints.addField, {
    section: '§4 Forms',
    body: { documented: DocFieldInput, profile: FieldInput },
    success: { documented: DocFieldResponse, profile: FieldResponse },
    errorShape: 'plain',
    errors: ['not_found', 'invalid_field_config', 'limit_exceeded'],
  }),
  replaceFieldConfig: defineRoute(endpoints.replaceFieldConfig, {
    section: '§4 Forms',
    body: { documented: DocFieldConfigReplace, profile: FieldConfigReplace },
    success: { documented: DocFieldResponse, profile: FieldResponse },
    errorShape: 'validation',
    errors: ['not_found', 'invalid_field_config'],
  }),
  reorderFields: defineRoute(endpoints.reorderFields, {
    section: '§4 Forms, §3',
    body: {
      documented: z.looseObject({ orderedIds: z.array(z.string()) }),
      profile: ReorderFieldsBody,
    },
    success: { documented: Ok, profile: OkProfile },
    errorShape: 'validation',
    errors: ['not_found', 'incomplete_reorder'],
  }),
  deleteForm: defineRoute(endpoints.deleteForm, {
    section: '§4 Other operations',
    inferred: true,
    success: { documented: Ok, profile: OkProfile },
    errorShape: 'plain',
    errors: idParams,
  }),
  removeField: defineRoute(endpoints.removeField, {
    section: '§4 Other operations',
    inferred: true,
    success: { documented: Ok, profile: OkProfile },
    errorShape: 'plain',
    errors: ['not_found', 'state_conflict'],
  }),
  listFormResponses: defineRoute(endpoints.listFormResponses, {
    section: '§4 Other operations',
    inferred: true,
    success: {
      documented: z.looseObject({ responses: z.array(z.looseObject({})) }),
      profile: z
        .strictObject({ responses: z.array(FormResponse) })
        .meta({ id: 'FormResponseList' }),
    },
    errorShape: 'plain',
    errors: idParams,
    list: true,
  }),
} as const
