import * as z from 'zod'
import { DocId, DocObject, idOf, LIMITS } from './common.ts'

/** §2 "there are 12 field kinds; a submission kind is among them": the profile names all twelve. */
export const FIELD_KINDS = [
  'short_text',
  'long_text',
  'email',
  'phone',
  'number',
  'date',
  'single_choice',
  'multiple_choice',
  'dropdown',
  'rating',
  'yes_no',
  'submission',
] as const
export type FieldKind = (typeof FIELD_KINDS)[number]

const base = {
  label: z.string().trim().min(1).max(LIMITS.labelLength),
  required: z.boolean().default(false),
  helpText: z.string().max(LIMITS.helpTextLength).optional(),
}
const placeholder = z.string().max(LIMITS.optionLength).optional()
const options = z
  .array(z.string().trim().min(1).max(LIMITS.optionLength))
  .min(2)
  .max(LIMITS.choiceOptions)
  .refine((list) => new Set(list.map((o) => o.toLowerCase())).size === list.length, {
    message: 'Options must be unique.',
  })
const isoDate = z.iso.date()

/** Config schema per kind; strict, so an unknown key is a validation failure (§7.2). */
export const FIELD_CONFIGS = {
  short_text: z.strictObject({
    ...base,
    placeholder,
    maxLength: z.int().min(1).max(10_000).optional(),
  }),
  long_text: z.strictObject({
    ...base,
    placeholder,
    maxLength: z.int().min(1).max(10_000).optional(),
  }),
  email: z.strictObject({ ...base, placeholder }),
  phone: z.strictObject({ ...base, placeholder }),
  number: z
    .strictObject({
      ...base,
      min: z.number().optional(),
      max: z.number().optional(),
      integer: z.boolean().default(false),
    })
    .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, {
      message: 'min must not be greater than max.',
      path: ['min'],
    }),
  date: z
    .strictObject({ ...base, minDate: isoDate.optional(), maxDate: isoDate.optional() })
    .refine((c) => c.minDate === undefined || c.maxDate === undefined || c.minDate <= c.maxDate, {
      message: 'minDate must not be after maxDate.',
      path: ['minDate'],
    }),
  single_choice: z.strictObject({ ...base, options }),
  multiple_choice: z
    .strictObject({ ...base, options, maxSelections: z.int().min(1).optional() })
    .refine((c) => c.maxSelections === undefined || c.maxSelections <= c.options.length, {
      message: 'maxSelections must not exceed the number of options.',
      path: ['maxSelections'],
    }),
  dropdown: z.strictObject({ ...base, options }),
  rating: z.strictObject({ ...base, max: z.int().min(3).max(10) }),
  yes_no: z.strictObject({ ...base }),
  /** A hackathon project entry: a link, a file, or both. */
  submission: z
    .strictObject({ ...base, acceptLink: z.boolean(), acceptFile: z.boolean() })
    .refine((c) => c.acceptLink || c.acceptFile, {
      message: 'A submission field must accept a link, a file, or both.',
      path: ['acceptLink'],
    }),
} as const satisfies Record<FieldKind, z.ZodType>

export type FieldConfig<K extends FieldKind = FieldKind> = z.infer<(typeof FIELD_CONFIGS)[K]>

// Documented layer (§2 Field).
export const DocField = z.looseObject({
  id: DocId,
  kind: z.string(),
  config: DocObject,
  order: z.int(),
})

// Built once and shared by the twelve kinds below: zod builds a schema per call, at import.
const fieldId = idOf('field')
const order = z.int().min(0)
const fieldOf = <K extends FieldKind>(kind: K) =>
  z.strictObject({ id: fieldId, kind: z.literal(kind), config: FIELD_CONFIGS[kind], order })
const fieldInputOf = <K extends FieldKind>(kind: K) =>
  z.strictObject({ kind: z.literal(kind), config: FIELD_CONFIGS[kind] })

const kindError = `kind must be one of: ${FIELD_KINDS.join(', ')}.`

/** Profile Field: `order` is the 0-based position in the form. */
export const Field = z
  .discriminatedUnion('kind', [
    fieldOf('short_text'),
    fieldOf('long_text'),
    fieldOf('email'),
    fieldOf('phone'),
    fieldOf('number'),
    fieldOf('date'),
    fieldOf('single_choice'),
    fieldOf('multiple_choice'),
    fieldOf('dropdown'),
    fieldOf('rating'),
    fieldOf('yes_no'),
    fieldOf('submission'),
  ])
  .meta({ id: 'Field' })
export type Field = z.infer<typeof Field>

/** Body of POST /forms/{id}/fields and each inline field of POST /forms. */
export const FieldInput = z
  .discriminatedUnion(
    'kind',
    [
      fieldInputOf('short_text'),
      fieldInputOf('long_text'),
      fieldInputOf('email'),
      fieldInputOf('phone'),
      fieldInputOf('number'),
      fieldInputOf('date'),
      fieldInputOf('single_choice'),
      fieldInputOf('multiple_choice'),
      fieldInputOf('dropdown'),
      fieldInputOf('rating'),
      fieldInputOf('yes_no'),
      fieldInputOf('submission'),
    ],
    { error: (issue) => (issue.code === 'invalid_union' ? kindError : undefined) },
  )
  .meta({
    id: 'FieldInput',
    example: { kind: 'single_choice', config: { label: 'Which track?', options: ['AI', 'Web'] } },
  })
export type FieldInput = z.input<typeof FieldInput>

export const DocFieldInput = z.looseObject({ kind: z.string(), config: DocObject })

/** PATCH /forms/{id}/fields/{fieldId}: the profile wraps the new config in `config` (§4 leaves the name open). */
export const FieldConfigReplace = z
  .strictObject({ config: z.looseObject({}) })
  .meta({ id: 'FieldConfigReplace', example: { config: { label: 'Rate the venue', max: 5 } } })
export const DocFieldConfigReplace = z.looseObject({})

export const FieldResponse = z.strictObject({ field: Field }).meta({ id: 'FieldResponse' })
export const DocFieldResponse = z.looseObject({ field: DocField })
