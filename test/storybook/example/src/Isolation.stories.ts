import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { mockOf, type StoryMockParameters } from '../../../../mock/storybook/index.ts'
import { FormsList } from './FormsList.tsx'

/**
 * Stories that write, for test/storybook/storybook.test.ts: opened one after another in one
 * preview, a write in one must not show in the next unless both name the same `shareAs`.
 */
const meta = {
  title: 'Isolation',
  component: FormsList,
  args: { baseUrl: '/api/v1' },
} satisfies Meta<typeof FormsList>
export default meta
type Story = StoryObj<typeof meta>

const addForm = async (canvasElement: HTMLElement, title: string) => {
  const canvas = within(canvasElement)
  await userEvent.type(canvas.getByLabelText('Title'), title)
  await userEvent.click(canvas.getByRole('button', { name: 'New form' }))
  await canvas.findByText(title)
}

export const WritesA: Story = {
  play: ({ canvasElement }) => addForm(canvasElement, 'Made in story A'),
}

export const ReadsB: Story = {}

const shared = { shareAs: 'flow' } satisfies StoryMockParameters

export const SharedWrites: Story = {
  parameters: { engagementMock: shared },
  play: ({ canvasElement }) => addForm(canvasElement, 'Made in a shared story'),
}

export const SharedReads: Story = { parameters: { engagementMock: shared } }

/** A play function whose journal assertion is wrong: the test must see this story fail. */
export const WrongJournalAssertion: Story = {
  play: async (context) => {
    await addForm(context.canvasElement, 'Quarterly survey')
    const [sent] = mockOf(context).journal.of('createForm')
    await expect(sent?.body).toEqual({ title: 'Another title' })
  },
}
