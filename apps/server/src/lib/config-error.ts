/** A setting Plateau cannot start with; startup.ts prints its message as one line and exits. */
export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

/** An optional URL setting: unset or empty is `undefined`; anything else must parse with one of these protocols. */
export const urlSetting = (env: Env, name: string, protocols: string[]): string | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (got an unparsable value)`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}`);
  }
  return raw;
};
