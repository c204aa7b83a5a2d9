export type { DeviceAuthorization } from './schemas.ts';
export * as tvCodeSchemas from './schemas.ts';
export { tvTexts } from './texts.ts';
export { approvePairingCode, pollPairing, startPairing } from './tv-code.ts';
export { formatUserCode, normalizeUserCode } from './user-code.ts';
