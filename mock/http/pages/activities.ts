import type { Activity } from '../../../contract/activities.ts'
import { type Html, html, plural } from './html.ts'

type Of<K extends Activity['kind']> = Extract<Activity, { kind: K }>['config']
type Slide = Of<'slides'>['slides'][number]

const KIND_LABELS: Record<Activity['kind'], string> = {
  poll: 'Poll',
  quiz: 'Quiz',
  word_cloud: 'Word cloud',
  qa: 'Q&A',
  rating: 'Rating',
  nps: 'Net Promoter Score',
  open_text: 'Open question',
  spin_wheel: 'Spin the wheel',
  social_wall: 'Social wall',
  slides: 'Slides',
  cue: 'Host cue',
}

const LETTERS = 'ABCDEFGHIJ'
const options = (list: readonly string[], lettered = false) =>
  html`<ul class="options">${list.map(
    (option, i) => html`<li>${lettered ? `${LETTERS[i] ?? i + 1}. ` : ''}${option}</li>`,
  )}</ul>`

const slideBody = (slide: Slide): Html => {
  switch (slide.type) {
    case 'title':
      return html`<div class="slide"><h3>${slide.title}</h3>${slide.subtitle && html`<p class="lead">${slide.subtitle}</p>`}</div>`
    case 'bullets':
      return html`<div class="slide">${slide.title && html`<h3>${slide.title}</h3>`}<ul>${slide.bullets.map((b) => html`<li>${b}</li>`)}</ul></div>`
    case 'statement':
      return html`<div class="slide"><h3>${slide.text}</h3></div>`
    case 'image':
      return html`<figure class="slide"><img src="${slide.url}" alt="${slide.alt}">${slide.caption && html`<figcaption class="muted">${slide.caption}</figcaption>`}</figure>`
  }
}

/** What a participant (or the big screen) sees of one activity; the content is the same. */
const activityBody = (activity: Activity): Html => {
  switch (activity.kind) {
    case 'poll':
      return html`<h2>${activity.config.question}</h2>${options(activity.config.options)}
<p class="muted">${activity.config.allowMultiple ? 'Pick any that apply' : 'Pick one'}</p>`
    case 'quiz':
      return html`<h2>${activity.config.question}</h2>${options(activity.config.options, true)}
<p class="muted">${activity.config.timeLimitSeconds} seconds · ${plural(activity.config.points, 'point')}</p>`
    case 'word_cloud':
      return html`<h2>${activity.config.prompt}</h2><p class="muted">Send up to ${plural(activity.config.maxWordsPerParticipant, 'word')}.</p>`
    case 'qa':
      return html`<h2>${activity.config.prompt}</h2><p class="muted">Ask a question${activity.config.allowAnonymous ? ', anonymously if you like' : ''}.${activity.config.moderated ? ' Questions appear once the host approves them.' : ''}</p>`
    case 'rating':
      return html`<h2>${activity.config.question}</h2><p class="stars" aria-label="Rate from 1 to ${activity.config.max}">${'★'.repeat(activity.config.max)}</p>`
    case 'nps':
      return html`<h2>${activity.config.question}</h2><div class="scale">${Array.from({ length: 11 }, (_, i) => html`<span>${i}</span>`)}</div>`
    case 'open_text':
      return html`<h2>${activity.config.prompt}</h2><p class="muted">Answer in up to ${plural(activity.config.maxLength, 'character')}.</p>`
    case 'spin_wheel':
      return html`<h2>${activity.config.title}</h2>${options(activity.config.entries)}`
    case 'social_wall':
      return html`<h2>${activity.config.prompt}</h2>${activity.config.hashtag && html`<p class="lead">${activity.config.hashtag.startsWith('#') ? '' : '#'}${activity.config.hashtag}</p>`}`
    case 'slides': {
      const [first] = activity.config.slides
      return html`${first && slideBody(first)}<p class="muted">Slide 1 of ${activity.config.slides.length}</p>`
    }
    case 'cue':
      // A host-only note: never rendered where participants or the audience look.
      return html``
  }
}

/** The activity to show: the one the host put on screen, else the first one participants may see. */
export const shownActivity = (
  activities: readonly Activity[],
  currentId: string | null,
): { activity: Activity; current: boolean } | undefined => {
  const visible = activities.filter((a) => a.kind !== 'cue')
  const current = currentId ? visible.find((a) => a.id === currentId) : undefined
  if (current) return { activity: current, current: true }
  const first = visible[0]
  return first ? { activity: first, current: false } : undefined
}

export const activityCard = (activity: Activity, current: boolean): Html =>
  html`<section class="card activity" data-kind="${activity.kind}">
<p class="eyebrow">${current ? 'Now showing' : 'First up'} · ${KIND_LABELS[activity.kind]}</p>
${activityBody(activity)}
</section>`
