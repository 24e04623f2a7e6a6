import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_NAMES, ENVIRONMENTS, isEnvironmentName } from '../src/internal/index';

// The addresses the platform's reference publishes (docs/decisions.md#d-environments).
describe('ENVIRONMENTS', () => {
  it('holds the published base URL, token URL, LTI issuer and key set of each environment', () => {
    expect(ENVIRONMENTS.production).toEqual({
      baseUrl: 'https://platform.timeback.com',
      tokenUrl: 'https://platform.timeback.com/auth/1.0/token',
      ltiIssuer: 'https://timeback.com',
      ltiJwksUrl: 'https://platform.timeback.com/.well-known/jwks.json',
    });
    expect(ENVIRONMENTS.staging.ltiJwksUrl).toBe('https://platform.dev.timeback.com/.well-known/jwks.json');
    expect(ENVIRONMENTS.sandbox.baseUrl).toBe('https://sandbox.platform.timeback.com');
    // The sandbox signs launches with the staging issuer string (spec text 001, "Environments").
    expect(ENVIRONMENTS.sandbox.ltiIssuer).toBe(ENVIRONMENTS.staging.ltiIssuer);
  });

  it('is frozen, so no caller can repoint another caller', () => {
    expect(Object.isFrozen(ENVIRONMENTS)).toBe(true);
    expect(Object.isFrozen(ENVIRONMENTS.production)).toBe(true);
  });

  it('names exactly the three environments', () => {
    expect([...ENVIRONMENT_NAMES].sort()).toEqual(Object.keys(ENVIRONMENTS).sort());
    expect(isEnvironmentName('sandbox')).toBe(true);
    expect(isEnvironmentName('Sandbox')).toBe(false);
    expect(isEnvironmentName('dev')).toBe(false);
  });
});
