import {
  type FormSettingsInput,
  SETTINGS_DEFAULTS,
  USE_CASES,
} from '../../../../contract/form-settings.ts'
import type { DeploymentFile } from '../../../deployment/schema.ts'
import { spellSettings, spellValue } from '../../../deployment/vocabulary.ts'
import { defineCheck } from '../../engine/check.ts'
import type { DocBody } from '../../engine/context.ts'
import { makeForm } from '../helpers/make.ts'

type Settings = DocBody<'getForm'>['form']['settings']
const SETTING_KEYS = Object.keys(SETTINGS_DEFAULTS) as Array<keyof typeof SETTINGS_DEFAULTS>

/**
 * A value of every setting that differs from `defaults`, using only values §2 names where it names
 * any (use cases hackathon/retro/HR pulse, layout single_page), as the deployment file names them.
 */
const everySettingChanged = (
  defaults: Settings,
  deployment: DeploymentFile,
): FormSettingsInput => ({
  collectEmail: !defaults.collectEmail,
  // emailRequired only makes sense when collecting: keep both true unless the default already is.
  emailRequired: !defaults.emailRequired && !defaults.collectEmail,
  thankYouMessage: `${defaults.thankYouMessage} (changed by the contract suite)`,
  redirectUrl:
    defaults.redirectUrl === 'https://example.com/contract-thanks'
      ? 'https://example.org/thanks'
      : 'https://example.com/contract-thanks',
  showProgress: !defaults.showProgress,
  useCase:
    USE_CASES.find((u) => {
      const spelled = spellValue(deployment, 'useCases', u)
      return u !== 'general' && spelled !== null && spelled !== defaults.useCase
    }) ?? 'retro',
  layout:
    spellValue(deployment, 'layouts', 'single_page') === defaults.layout
      ? 'one_per_page'
      : 'single_page',
})

/** §2 "When the settings object is replaced, any omitted setting falls back to its default." */
export const settingsChecks = [
  defineCheck({
    name: '§2 Form settings: a replace resets every omitted setting to its default',
    operations: ['replaceFormSettings', 'getForm', 'createForm'],
    run: async (ctx) => {
      const fresh = (await makeForm(ctx, { label: 'Fresh settings' })).form.settings
      const { form } = await makeForm(ctx, { label: 'Replaced settings' })
      const full = everySettingChanged(fresh, ctx.run.deployment)
      const first = await ctx.api.replaceFormSettings({ params: { id: form.id }, body: full })
      const set = ctx.success('replaceFormSettings', first).form.settings
      // What was sent: the use case and layout as the deployment file names them.
      const sent = spellSettings(ctx.run.deployment, full) as Record<string, unknown>
      for (const key of SETTING_KEYS) {
        ctx.assert(
          set[key] === sent[key],
          `Sent ${key}: ${JSON.stringify(sent[key])}, answered ${JSON.stringify(set[key])}.`,
          first,
        )
      }
      const partial = { thankYouMessage: 'Only this setting was sent.' }
      const second = await ctx.api.replaceFormSettings({ params: { id: form.id }, body: partial })
      const replaced = ctx.success('replaceFormSettings', second).form.settings
      const read = await ctx.api.getForm({ params: { id: form.id } })
      const stored = ctx.success('getForm', read).form.settings
      for (const [settings, exchange, where] of [
        [replaced, second, 'The answer'],
        [stored, read, 'GET'],
      ] as const) {
        ctx.assert(
          settings.thankYouMessage === partial.thankYouMessage,
          `${where}: thankYouMessage is not the one sent.`,
          exchange,
        )
        for (const key of SETTING_KEYS.filter((k) => k !== 'thankYouMessage')) {
          ctx.assert(
            settings[key] === fresh[key],
            `${where}: the omitted setting ${key} is ${JSON.stringify(settings[key])}; a fresh form has ${JSON.stringify(fresh[key])} (its default).`,
            exchange,
          )
        }
      }
    },
  }),
]
