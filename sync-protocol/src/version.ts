/** Bumped when a change to the wire contract needs client and server to move together. */
export const PROTOCOL_VERSION = 1
