// The scan lives in contract/ beside the client, which bounds answers with it; the mock's host reuses it.
export { nestsDeeperThan } from '../../contract/json-depth.ts'
