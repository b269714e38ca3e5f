import { z } from 'zod'
import type { Settings } from './resources.ts'

export const LAYOUTS = ['paged', 'single_page', 'conversational'] as const
export const USE_CASES = [
  'custom',
  'event-feedback',
  'hackathon-judging',
  'team-retrospective',
  'people-pulse',
] as const

export const defaultSettings = (publicBase: string): Settings => ({
  collectEmail: true,
  emailRequired: false,
  thankYouMessage: 'Thanks, your answers are in.',
  redirectUrl: `${publicBase}/thanks`,
  showProgress: false,
  useCase: 'custom',
  layout: 'paged',
})

/** Every setting may be omitted (it falls back to its default) but none may be null. */
export const SettingsInput = z.strictObject({
  collectEmail: z.boolean().optional(),
  emailRequired: z.boolean().optional(),
  thankYouMessage: z.string().trim().min(1).max(1000).optional(),
  redirectUrl: z
    .url({ protocol: /^https$/, error: 'redirectUrl must be an absolute https URL' })
    .optional(),
  showProgress: z.boolean().optional(),
  useCase: z.enum(USE_CASES).optional(),
  layout: z.enum(LAYOUTS).optional(),
})
export type SettingsInput = z.infer<typeof SettingsInput>

/** Fills omitted settings from `base`, then holds the one cross-setting rule. */
export const completeSettings = (
  base: Settings,
  input: SettingsInput,
): { settings: Settings } | { message: string } => {
  const settings: Settings = { ...base }
  for (const [key, value] of Object.entries(input))
    if (value !== undefined) Object.assign(settings, { [key]: value })
  if (settings.emailRequired && !settings.collectEmail)
    return { message: 'emailRequired needs collectEmail' }
  return { settings }
}
