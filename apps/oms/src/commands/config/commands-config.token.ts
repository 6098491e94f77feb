/** Injection token of the command path's settings (CommandsConfig). */
export const COMMANDS_CONFIG = Symbol('COMMANDS_CONFIG');
