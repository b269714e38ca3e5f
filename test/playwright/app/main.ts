import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { FormsList } from '../../storybook/example/src/FormsList.tsx'

/**
 * The app the Playwright example drives: the Storybook example's screen, built without a mock of
 * its own (the fixture answers its requests). `?variant=copies-title` is a bug on purpose: it
 * copies the title into the description of every new form, for the journal assertion to catch.
 */
const root = document.querySelector('#app')
if (!root) throw new Error('index.html has no #app')
const copiesTitle = new URLSearchParams(location.search).get('variant') === 'copies-title'
createRoot(root).render(
  createElement(FormsList, {
    baseUrl: '/api/v1',
    ...(copiesTitle ? { sendBody: (title: string) => ({ title, description: title }) } : {}),
  }),
)
