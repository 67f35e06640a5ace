// Public API of lib/core: what every floor above uses — capped reads, headers, text decoding,
// base64, hostOf, time limits (deadline: a signal; within: a promise), the status line, who sent a message, and the shared
// shapes of a response (types).
export type * from './types';
export { base64ToBytes, bytesToBase64 } from './base64';
export { classifySender, type SenderKind } from './classifySender';
export { deadline, followAbort, type Deadline } from './deadline';
export { decodeText } from './decodeText';
export { charsetOf, headerValue, headerValues, mediaType } from './headers';
export { hostOf } from './hostOf';
export { joinBytes } from './joinBytes';
export { hostPermissionPattern } from './hostPermissionPattern';
export { inspectable, type InspectableVerdict } from './inspectable';
export { parseStatusLine } from './parseStatusLine';
export { readCapped, type CappedRead, type ReadEnd } from './readCapped';
export { senderRefusal } from './senderRefusal';
export { within, TimeoutError } from './within';
