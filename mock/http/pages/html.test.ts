import { describe, expect, it } from 'vitest'
import { html, markup, trusted } from './html.ts'

describe('html templates', () => {
  it('escapes interpolated strings, in text and in attributes', () => {
    const text = `<b title="x">Tom & 'Jerry'</b>`
    expect(markup(html`<p title="${text}">${text}</p>`)).toBe(
      '<p title="&lt;b title=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;">&lt;b title=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;</p>',
    )
  })

  it('keeps nested templates and trusted markup, joins arrays, drops empty values', () => {
    const items = ['<a>', 'b'].map((item) => html`<li>${item}</li>`)
    expect(markup(html`<ul>${items}</ul>${false}${null}${undefined}${0}${trusted('<hr>')}`)).toBe(
      '<ul><li>&lt;a&gt;</li><li>b</li></ul>0<hr>',
    )
  })
})
