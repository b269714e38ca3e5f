import * as z from 'zod'
import { Url } from './common.ts'

/** §2: use-case templates exist for hackathon, retro and HR pulse; the profile adds general and event_feedback. */
export const USE_CASES = ['general', 'hackathon', 'retro', 'hr_pulse', 'event_feedback'] as const
/** §2: single_page is one layout value; the profile's default is one question per page. */
export const LAYOUTS = ['one_per_page', 'single_page'] as const

/** §2 "any omitted setting falls back to its default": the profile's defaults. */
export const SETTINGS_DEFAULTS = {
  collectEmail: false,
  emailRequired: false,
  thankYouMessage: 'Thank you for your response.',
  redirectUrl: null,
  showProgress: true,
  useCase: 'general',
  layout: 'one_per_page',
} as const satisfies FormSettings

export const DocFormSettings = z.looseObject({
  collectEmail: z.boolean(),
  emailRequired: z.boolean(),
  thankYouMessage: z.string(),
  /** The reference types it as a URL string; a form without a redirect needs an empty value. */
  redirectUrl: z.url().nullable(),
  showProgress: z.boolean(),
  useCase: z.string(),
  layout: z.string(),
})

const emailNeedsCollect = (s: { collectEmail: boolean; emailRequired: boolean }) =>
  !s.emailRequired || s.collectEmail
const emailNeedsCollectError = {
  message: 'emailRequired needs collectEmail: true.',
  path: ['emailRequired'],
}

export const FormSettings = z
  .strictObject({
    collectEmail: z.boolean(),
    emailRequired: z.boolean(),
    thankYouMessage: z.string().max(1000),
    redirectUrl: Url.nullable(),
    showProgress: z.boolean(),
    useCase: z.enum(USE_CASES),
    layout: z.enum(LAYOUTS),
  })
  .refine(emailNeedsCollect, emailNeedsCollectError)
  .meta({ id: 'FormSettings' })
export type FormSettings = z.infer<typeof FormSettings>

/** Body of PATCH /forms/{id}/settings: replaces the settings; an omitted key takes its default. */
export const FormSettingsInput = z
  .strictObject({
    collectEmail: z.boolean().default(SETTINGS_DEFAULTS.collectEmail),
    emailRequired: z.boolean().default(SETTINGS_DEFAULTS.emailRequired),
    thankYouMessage: z.string().max(1000).default(SETTINGS_DEFAULTS.thankYouMessage),
    redirectUrl: Url.nullable().default(SETTINGS_DEFAULTS.redirectUrl),
    showProgress: z.boolean().default(SETTINGS_DEFAULTS.showProgress),
    useCase: z.enum(USE_CASES).default(SETTINGS_DEFAULTS.useCase),
    layout: z.enum(LAYOUTS).default(SETTINGS_DEFAULTS.layout),
  })
  .refine(emailNeedsCollect, emailNeedsCollectError)
  .meta({ id: 'FormSettingsInput', example: { collectEmail: true, layout: 'single_page' } })
export type FormSettingsInput = z.input<typeof FormSettingsInput>
