import type { FieldKind } from './fields.ts'
import type { SettingsInput } from './settings.ts'

type Template = {
  title: string
  description: string
  fields: Array<{ kind: FieldKind; config: Record<string, unknown> }>
  settings: SettingsInput
}

/** Form templates for the use cases the reference names: hackathon, retro and HR pulse. */
export const TEMPLATES = {
  'hackathon-project': {
    title: 'Hackathon project submission',
    description: 'Tell the judges what you built.',
    fields: [
      { kind: 'text', config: { question: 'Project name', mandatory: true } },
      { kind: 'paragraph', config: { question: 'What does it do?', mandatory: true } },
      { kind: 'submission', config: { question: 'Your project', requireRepoUrl: true } },
    ],
    settings: { useCase: 'hackathon-judging', showProgress: true },
  },
  'sprint-retro': {
    title: 'Sprint retrospective',
    description: 'What went well, what did not, what we try next.',
    fields: [
      { kind: 'paragraph', config: { question: 'What went well?' } },
      { kind: 'paragraph', config: { question: 'What did not go well?' } },
      { kind: 'paragraph', config: { question: 'What do we try next sprint?' } },
    ],
    settings: { useCase: 'team-retrospective', collectEmail: false, layout: 'single_page' },
  },
  'pulse-check': {
    title: 'People pulse',
    description: 'A two-minute check on how work feels.',
    fields: [
      {
        kind: 'scale',
        config: { question: 'How do you feel about work this week?', steps: 5, mandatory: true },
      },
      { kind: 'paragraph', config: { question: 'Anything on your mind?' } },
    ],
    settings: { useCase: 'people-pulse', collectEmail: false },
  },
} as const satisfies Record<string, Template>

export type TemplateName = keyof typeof TEMPLATES
export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as [TemplateName, ...TemplateName[]]
