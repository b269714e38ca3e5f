import type * as z from 'zod'
import type { FieldInput } from './fields.ts'
import type { USE_CASES } from './form-settings.ts'
import type { FormTemplate } from './forms.ts'

type FieldInputValue = z.input<typeof FieldInput>

/**
 * What each template of POST /forms creates (contract/forms.ts names them). Apart from the
 * names: only a write and the demo plan use it, so a bundle loads it with them, not at start.
 */
export const TEMPLATE_CONTENT: Record<
  FormTemplate,
  { useCase: (typeof USE_CASES)[number]; description: string; fields: FieldInputValue[] }
> = {
  hackathon: {
    useCase: 'hackathon',
    description: 'Register your team and submit your project.',
    fields: [
      { kind: 'short_text', config: { label: 'Team name', required: true } },
      { kind: 'email', config: { label: 'Contact email', required: true } },
      {
        kind: 'single_choice',
        config: { label: 'Track', required: true, options: ['AI', 'Web', 'Mobile', 'Hardware'] },
      },
      { kind: 'long_text', config: { label: 'What did you build?', required: true } },
      {
        kind: 'submission',
        config: { label: 'Project submission', required: true, acceptLink: true, acceptFile: true },
      },
    ],
  },
  retro: {
    useCase: 'retro',
    description: 'Look back on the last iteration together.',
    fields: [
      { kind: 'long_text', config: { label: 'What went well?' } },
      { kind: 'long_text', config: { label: 'What could be improved?' } },
      { kind: 'long_text', config: { label: 'What will we try next?' } },
      { kind: 'rating', config: { label: 'How did this iteration feel?', max: 5 } },
    ],
  },
  hr_pulse: {
    useCase: 'hr_pulse',
    description: 'A short, anonymous check-in on how the team is doing.',
    fields: [
      {
        kind: 'rating',
        config: { label: 'How happy are you at work this week?', max: 5, required: true },
      },
      { kind: 'yes_no', config: { label: 'Do you have what you need to do your job well?' } },
      {
        kind: 'dropdown',
        config: { label: 'Workload', options: ['Too light', 'About right', 'Too heavy'] },
      },
      { kind: 'long_text', config: { label: 'Anything else on your mind?' } },
    ],
  },
}
