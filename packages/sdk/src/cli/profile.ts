import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { jsonParseProblem } from '@learnkit/core/internal';
import type { LearnKitOptions } from '../config';
import { CliError, EXIT } from './exit-codes';

/** The settings a profile may hold: the connection options of `new LearnKit()`. */
const PROFILE_KEYS = [
  'environment',
  'baseUrl',
  'clientId',
  'clientSecret',
  'developerToken',
  'authUrl',
] as const;

/** A profile of the config file. */
export type Profile = Pick<LearnKitOptions, (typeof PROFILE_KEYS)[number]>;

/**
 * The config file: `$XDG_CONFIG_HOME/learnkit/config.json`, else `~/.config/learnkit/config.json`
 * (docs/decisions.md#d-cli-profiles-file).
 */
export function configPath(env: Readonly<Record<string, string | undefined>>): string {
  const base = env.XDG_CONFIG_HOME?.trim() ? env.XDG_CONFIG_HOME : join(env.HOME || homedir(), '.config');
  return join(base, 'learnkit', 'config.json');
}

/** What reading a profile gives: its settings, and a warning when the file is readable by others. */
export interface LoadedProfile {
  profile: Profile;
  warning?: string;
}

/** Reads profile `name` of the config file; a `CliError` (exit 3) says what is wrong and how to fix it. */
export function loadProfile(name: string, env: Readonly<Record<string, string | undefined>>): LoadedProfile {
  const path = configPath(env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new CliError(
      EXIT.config,
      `--profile ${name}: no config file at ${path}. Create it with {"profiles": {"${name}": {"environment": "sandbox", "clientId": "...", "clientSecret": "..."}}} (chmod 600), or use the LEARNKIT_* variables.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // The parser's words without the text it quotes, which holds the secrets (docs/decisions.md#d-config-not-json).
    throw new CliError(EXIT.config, `${path} is not JSON (${jsonParseProblem(error)}).`);
  }
  const profiles = (parsed as { profiles?: unknown } | null)?.profiles;
  if (profiles === null || typeof profiles !== 'object' || Array.isArray(profiles)) {
    throw new CliError(EXIT.config, `${path} has no "profiles" object: {"profiles": {"${name}": {...}}}.`);
  }
  const profile = (profiles as Record<string, unknown>)[name];
  if (profile === null || typeof profile !== 'object' || Array.isArray(profile)) {
    const names = Object.keys(profiles);
    throw new CliError(
      EXIT.config,
      `--profile ${name}: ${path} has no such profile (it has ${names.length > 0 ? names.join(', ') : 'none'}).`,
    );
  }
  const unknown = Object.keys(profile).filter((key) => !(PROFILE_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    throw new CliError(
      EXIT.config,
      `--profile ${name}: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a setting' : 'are not settings'} of a profile (${PROFILE_KEYS.join(', ')}).`,
    );
  }
  const result: LoadedProfile = { profile: profile as Profile };
  try {
    // A file with secrets that others can read is a leak waiting to happen, as ssh says of its keys.
    if (process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0) {
      result.warning = `warning: ${path} is readable by other users; run chmod 600 ${path}`;
    }
  } catch {
    // Unreadable metadata: no warning.
  }
  return result;
}
