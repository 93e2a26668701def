/** A setting Plateau cannot start with; startup.ts prints its message as one line and exits. */
export class ConfigError extends Error {}
