import { OFFLINE_APP } from './test/browser/app/offline-app.ts'
import { launchChromium } from './test/browser/chromium.ts'
import { createViteApp } from './test/browser/vite-app.ts'
const app = createViteApp({ files: { 'src/main.ts': OFFLINE_APP, '.env': 'VITE_MOCK=on\n', 'vite.config.mjs': undefined as never } })
const b = await app.build({ modules: false })
const server = await app.preview()
const browser = await launchChromium()
const page = await browser.newPage()
await page.goto(server.url + '/')
await page.locator('#app[data-rendered-at]').waitFor({ state: 'attached' })
const cdp = await page.context().newCDPSession(page)
await cdp.send('Profiler.enable')
await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
await cdp.send('Profiler.start')
await page.reload()
await page.locator('#app[data-rendered-at]').waitFor({ state: 'attached' })
const { profile } = await cdp.send('Profiler.stop') as any
const self = new Map<number, number>()
const nodes = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]))
const dt = profile.timeDeltas
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0))
const byFn = new Map<string, number>()
for (const [id, t] of self) { const n = nodes.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; byFn.set(k, (byFn.get(k) ?? 0) + t) }
console.log([...byFn].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${(v / 1000).toFixed(1)}ms ${k}`).join('\n'))
// inclusive by url
const byUrl = new Map<string, number>()
for (const [id, t] of self) { const n = nodes.get(id); const k = n.callFrame.url.split('/').pop() || '(native)'; byUrl.set(k, (byUrl.get(k) ?? 0) + t) }
console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${(v / 1000).toFixed(1)}ms ${k}`).join('\n'))
console.log('rendered', await page.locator('#app').getAttribute('data-rendered-at'))
await browser.close(); await server.close(); app.remove()
