/** A form as §2 documents it, valid under the documented schema. */
export const documentedForm = (id: string, createdAt = '2026-07-01T10:00:00.000Z') => ({
  id,
  title: 'Retro',
  description: '',
  status: 'draft',
  joinCode: 'ABC234',
  slug: 'retro',
  shareUrl: 'https://forms.example.com/f/retro',
  settings: {
    collectEmail: false,
    emailRequired: false,
    thankYouMessage: 'Thanks',
    redirectUrl: null,
    showProgress: true,
    useCase: 'retro',
    layout: 'single_page',
  },
  publishedAt: null,
  createdAt,
  fields: [],
})
