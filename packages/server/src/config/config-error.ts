/** A setting in the environment is missing or wrong: the process exits with code 2. */
export class ConfigError extends Error {}
