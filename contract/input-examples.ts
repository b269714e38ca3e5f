import type { ActivityInput, ActivityKind } from './activities.ts'
import type { FieldInput, FieldKind } from './fields.ts'
import type { TeamInput } from './teams.ts'

/**
 * Request content the conformance suite sends (its catalog, `--init`, exploration; import-traffic
 * borrows an activity's content from it). The reference names the body properties of some
 * operations only (§4 "not shown"); where it does not, these are the profile's names, and a
 * deployment that names them otherwise shows up as a failed setup step with the request sent.
 */

/** One valid field of every profile kind. */
export const FIELD_SAMPLES = {
  short_text: { kind: 'short_text', config: { label: 'Your name' } },
  long_text: { kind: 'long_text', config: { label: 'Tell us more' } },
  email: { kind: 'email', config: { label: 'Email address' } },
  phone: { kind: 'phone', config: { label: 'Phone number' } },
  number: { kind: 'number', config: { label: 'Team size', min: 1, max: 10 } },
  date: { kind: 'date', config: { label: 'Preferred date' } },
  single_choice: { kind: 'single_choice', config: { label: 'Track', options: ['AI', 'Web'] } },
  multiple_choice: {
    kind: 'multiple_choice',
    config: { label: 'Dietary needs', options: ['Vegetarian', 'Vegan', 'Gluten-free'] },
  },
  dropdown: { kind: 'dropdown', config: { label: 'Shirt size', options: ['S', 'M', 'L'] } },
  rating: { kind: 'rating', config: { label: 'Rate the venue', max: 5 } },
  yes_no: { kind: 'yes_no', config: { label: 'First time here?' } },
  submission: {
    kind: 'submission',
    config: { label: 'Project link', acceptLink: true, acceptFile: false },
  },
} satisfies { [K in FieldKind]: Extract<FieldInput, { kind: K }> }

/** §2 names the submission kind, the only field kind the reference spells: the default field. */
export const fieldSample = (n: number): FieldInput => ({
  kind: 'submission',
  config: { label: `Entry ${n + 1}`, acceptLink: true, acceptFile: false },
})

/** A config no kind's schema can accept: every property has a nonsensical type. */
export const INVALID_FIELD_CONFIG = {
  label: ['not', 'a', 'label'],
  required: 'sometimes',
  acceptLink: 42,
  acceptFile: { yes: true },
} as const

/** One valid activity of every kind §2 lists, flat as §4 shows it: `{ kind, …content }`. */
export const ACTIVITY_SAMPLES = {
  poll: { kind: 'poll', question: 'Which talk did you like best?', options: ['Keynote', 'Panel'] },
  quiz: {
    kind: 'quiz',
    question: 'Capital of Peru?',
    options: ['Lima', 'Quito'],
    correctOptions: [0],
  },
  word_cloud: { kind: 'word_cloud', prompt: 'One word for today?' },
  qa: { kind: 'qa', prompt: 'Ask us anything' },
  rating: { kind: 'rating', question: 'How was the session?' },
  nps: { kind: 'nps' },
  open_text: { kind: 'open_text', prompt: 'Any feedback?' },
  spin_wheel: { kind: 'spin_wheel', title: 'Who presents next?', entries: ['Ana', 'Ben'] },
  social_wall: { kind: 'social_wall', prompt: 'Share a photo', hashtag: '#DevDays' },
  slides: { kind: 'slides', slides: [{ type: 'title', title: 'Welcome' }] },
  cue: { kind: 'cue', note: 'Thank the sponsors' },
} satisfies { [K in ActivityKind]: Extract<ActivityInput, { kind: K }> }

export const TEAMS = {
  owls: { name: 'Owls', color: '#6D4C41' },
  foxes: { name: 'Foxes', color: '#F4511E' },
  otters: { name: 'Otters', color: '#1E88E5' },
} satisfies Record<string, TeamInput>
