/** Start-up configuration is invalid; `problems` names every bad variable, one line each. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';

  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}
