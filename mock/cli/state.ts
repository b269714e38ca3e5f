export { loadStateFile, saveStateFile } from '../state-file.ts'
