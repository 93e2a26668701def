import { ConfigError, loadConfig, type Config, type LoadOptions } from './config.ts';
import { EmbeddedDatabaseBusyError } from './db/client.ts';
import { StorageUnavailableError } from './storage/storage-errors.ts';

/**
 * The one line a person reads when Plateau cannot start (bad setting, embedded database held
 * by another process); undefined for an unexpected error, which keeps its stack.
 */
export const startupProblem = (error: unknown): string | undefined => {
  if (error instanceof ConfigError) return `Configuration error: ${error.message}`;
  if (error instanceof EmbeddedDatabaseBusyError) return error.message;
  if (error instanceof StorageUnavailableError)
    return `Media storage unavailable: ${error.message}`;
  return undefined;
};

/** For process entries: prints the startup problem and exits 1, or rethrows. */
export const exitOnStartupProblem = (error: unknown): never => {
  const problem = startupProblem(error);
  if (problem === undefined) throw error;
  console.error(problem);
  process.exit(1);
};

export const loadConfigOrExit = (options?: LoadOptions): Config => {
  try {
    return loadConfig(process.env, options);
  } catch (error) {
    return exitOnStartupProblem(error);
  }
};
