export { tvTexts } from './texts.ts';
export type { DeviceAuthorization } from './tv-code.ts';
export { approvePairingCode, pollPairing, startPairing } from './tv-code.ts';
export { formatUserCode, normalizeUserCode } from './user-code.ts';
