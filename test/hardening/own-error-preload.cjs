// Test-only preload (`node --require`): gives the proxy an error of its own in the middle of an
// exchange, as a bug of ours would. A request carrying `x-test-own-error: throw <text>` makes a
// subscriber of Node's HTTP server channel throw (Node reports a subscriber's error as an uncaught
// exception); `reject <text>` leaves a rejected promise unhandled. No seam in the product's code.
const channels = require('node:diagnostics_channel')

channels.subscribe('http.server.request.start', ({ request }) => {
  const header = request.headers['x-test-own-error']
  if (typeof header !== 'string') return
  const [how, ...rest] = header.split(' ')
  const error = new Error(`checking failed on ${rest.join(' ')}`)
  if (how === 'reject') Promise.reject(error)
  else throw error
})
