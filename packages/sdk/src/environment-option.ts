import {
  ENVIRONMENT_NAMES,
  ENVIRONMENTS,
  type Environment,
  type EnvironmentName,
  isEnvironmentName,
  type ValidationIssue,
} from '@learnkit/core/internal';

/** What the `environment` setting resolved to: its name and addresses, or the problem that refused it. */
export type ChosenEnvironment =
  | { name: EnvironmentName; addresses: Environment; issue?: undefined }
  | { name?: undefined; addresses?: undefined; issue?: ValidationIssue };

/**
 * @internal The environment named by the option, else by `LEARNKIT_ENVIRONMENT` (`variable`); an empty value is an
 * unset one. A name that is not one of the platform's three is an issue naming them (docs/decisions.md#d-environment-option).
 */
export function chooseEnvironment(option: unknown, variable: string | undefined): ChosenEnvironment {
  const fromOption = option !== undefined && !(typeof option === 'string' && option.trim() === '');
  const value = fromOption ? option : variable?.trim() || undefined;
  if (value === undefined) return {};
  const name = typeof value === 'string' ? value.trim() : value;
  if (isEnvironmentName(name)) return { name, addresses: ENVIRONMENTS[name] };
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
  const names = ENVIRONMENT_NAMES.map((n) => `'${n}'`).join(', ');
  return {
    issue: {
      path: ['environment'],
      message: `must be one of ${names} (got ${shown}${fromOption ? '' : ' from LEARNKIT_ENVIRONMENT'}); for another address pass baseUrl instead`,
    },
  };
}
