// The named models of @learnkit/platform are the types openapi-fetch gives for the same schemas, so a method's
// result and body stay assignable to and from `components['schemas'][...]` (docs/decisions.md#d-generated-model-interfaces).
// The type checks run when `tsc` checks this file (`pnpm typecheck`); the run checks the table is complete.
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PlatformSchemas as Schemas } from '../src/index';
import type * as Models from '../src/types';

/** Every model the package exports, by the schema of openapi/platform.yaml it is generated from. */
const SCHEMA_OF = {
  Application: 'Application',
  ApplicationCredentials: 'ApplicationCredentials',
  ApplicationCredentialsRotation: 'ApplicationCredentialsRotation',
  ApplicationDraft: 'ApplicationDraft',
  ApplicationDraftCreate: 'ApplicationDraftCreate',
  ApplicationUpsert: 'ApplicationUpsert',
  CaliperEntity: 'CaliperEntity',
  CaliperSession: 'CaliperSessionRead',
  ClientCredentials: 'ClientCredentials',
  DiscountCodeValidateRequest: 'DiscountCodeValidateRequest',
  DiscountCodeValidateResult: 'DiscountCodeValidateResult',
  EnforcementState: 'EnforcementState',
  Enrollment: 'Enrollment',
  GUIDRef: 'GUIDRef',
  Insight: 'Insight',
  InsightGroup: 'InsightGroup',
  InsightReview: 'InsightReview',
  InsightSession: 'InsightSession',
  InsightSessionSummary: 'InsightSessionSummary',
  InsightSummaryEntry: 'InsightSummaryEntry',
  InsightType: 'InsightType',
  LinkedUser: 'LinkedUser',
  Org: 'Org',
  OrgConfig: 'OrgConfig',
  OrgRef: 'OrgRef',
  ProfileCredential: 'ProfileCredential',
  SessionMetadataWrite: 'SessionMetadataWrite',
  StudentGrade: 'StudentGrade',
  StudentUpsert: 'StudentUpsert',
  User: 'User',
  UserAgent: 'UserAgent',
  UserAgentUpsert: 'UserAgentUpsert',
  UserInsightsOverview: 'UserInsightsOverview',
  UserProfile: 'UserProfile',
  UserRole: 'UserRole',
  UserRoleUpsert: 'UserRoleUpsert',
  UserUpsert: 'UserUpsert',
} as const satisfies Record<string, keyof Schemas>;

describe('the models of @learnkit/platform', () => {
  it('are assignable both ways with the openapi-typescript type of their schema', () => {
    expectTypeOf<Models.Application>().toExtend<Schemas['Application']>();
    expectTypeOf<Schemas['Application']>().toExtend<Models.Application>();
    expectTypeOf<Models.ApplicationCredentials>().toExtend<Schemas['ApplicationCredentials']>();
    expectTypeOf<Schemas['ApplicationCredentials']>().toExtend<Models.ApplicationCredentials>();
    expectTypeOf<Models.ApplicationCredentialsRotation>().toExtend<
      Schemas['ApplicationCredentialsRotation']
    >();
    expectTypeOf<
      Schemas['ApplicationCredentialsRotation']
    >().toExtend<Models.ApplicationCredentialsRotation>();
    expectTypeOf<Models.ApplicationDraft>().toExtend<Schemas['ApplicationDraft']>();
    expectTypeOf<Schemas['ApplicationDraft']>().toExtend<Models.ApplicationDraft>();
    expectTypeOf<Models.ApplicationDraftCreate>().toExtend<Schemas['ApplicationDraftCreate']>();
    expectTypeOf<Schemas['ApplicationDraftCreate']>().toExtend<Models.ApplicationDraftCreate>();
    expectTypeOf<Models.ApplicationUpsert>().toExtend<Schemas['ApplicationUpsert']>();
    expectTypeOf<Schemas['ApplicationUpsert']>().toExtend<Models.ApplicationUpsert>();
    expectTypeOf<Models.CaliperEntity>().toExtend<Schemas['CaliperEntity']>();
    expectTypeOf<Schemas['CaliperEntity']>().toExtend<Models.CaliperEntity>();
    expectTypeOf<Models.CaliperSession>().toExtend<Schemas['CaliperSessionRead']>();
    expectTypeOf<Schemas['CaliperSessionRead']>().toExtend<Models.CaliperSession>();
    expectTypeOf<Models.ClientCredentials>().toExtend<Schemas['ClientCredentials']>();
    expectTypeOf<Schemas['ClientCredentials']>().toExtend<Models.ClientCredentials>();
    expectTypeOf<Models.DiscountCodeValidateRequest>().toExtend<Schemas['DiscountCodeValidateRequest']>();
    expectTypeOf<Schemas['DiscountCodeValidateRequest']>().toExtend<Models.DiscountCodeValidateRequest>();
    expectTypeOf<Models.DiscountCodeValidateResult>().toExtend<Schemas['DiscountCodeValidateResult']>();
    expectTypeOf<Schemas['DiscountCodeValidateResult']>().toExtend<Models.DiscountCodeValidateResult>();
    expectTypeOf<Models.EnforcementState>().toExtend<Schemas['EnforcementState']>();
    expectTypeOf<Schemas['EnforcementState']>().toExtend<Models.EnforcementState>();
    expectTypeOf<Models.Enrollment>().toExtend<Schemas['Enrollment']>();
    expectTypeOf<Schemas['Enrollment']>().toExtend<Models.Enrollment>();
    expectTypeOf<Models.GUIDRef>().toExtend<Schemas['GUIDRef']>();
    expectTypeOf<Schemas['GUIDRef']>().toExtend<Models.GUIDRef>();
    expectTypeOf<Models.Insight>().toExtend<Schemas['Insight']>();
    expectTypeOf<Schemas['Insight']>().toExtend<Models.Insight>();
    expectTypeOf<Models.InsightGroup>().toExtend<Schemas['InsightGroup']>();
    expectTypeOf<Schemas['InsightGroup']>().toExtend<Models.InsightGroup>();
    expectTypeOf<Models.InsightReview>().toExtend<Schemas['InsightReview']>();
    expectTypeOf<Schemas['InsightReview']>().toExtend<Models.InsightReview>();
    expectTypeOf<Models.InsightSession>().toExtend<Schemas['InsightSession']>();
    expectTypeOf<Schemas['InsightSession']>().toExtend<Models.InsightSession>();
    expectTypeOf<Models.InsightSessionSummary>().toExtend<Schemas['InsightSessionSummary']>();
    expectTypeOf<Schemas['InsightSessionSummary']>().toExtend<Models.InsightSessionSummary>();
    expectTypeOf<Models.InsightSummaryEntry>().toExtend<Schemas['InsightSummaryEntry']>();
    expectTypeOf<Schemas['InsightSummaryEntry']>().toExtend<Models.InsightSummaryEntry>();
    expectTypeOf<Models.InsightType>().toExtend<Schemas['InsightType']>();
    expectTypeOf<Schemas['InsightType']>().toExtend<Models.InsightType>();
    expectTypeOf<Models.LinkedUser>().toExtend<Schemas['LinkedUser']>();
    expectTypeOf<Schemas['LinkedUser']>().toExtend<Models.LinkedUser>();
    expectTypeOf<Models.Org>().toExtend<Schemas['Org']>();
    expectTypeOf<Schemas['Org']>().toExtend<Models.Org>();
    expectTypeOf<Models.OrgConfig>().toExtend<Schemas['OrgConfig']>();
    expectTypeOf<Schemas['OrgConfig']>().toExtend<Models.OrgConfig>();
    expectTypeOf<Models.OrgRef>().toExtend<Schemas['OrgRef']>();
    expectTypeOf<Schemas['OrgRef']>().toExtend<Models.OrgRef>();
    expectTypeOf<Models.ProfileCredential>().toExtend<Schemas['ProfileCredential']>();
    expectTypeOf<Schemas['ProfileCredential']>().toExtend<Models.ProfileCredential>();
    expectTypeOf<Models.SessionMetadataWrite>().toExtend<Schemas['SessionMetadataWrite']>();
    expectTypeOf<Schemas['SessionMetadataWrite']>().toExtend<Models.SessionMetadataWrite>();
    expectTypeOf<Models.StudentGrade>().toExtend<Schemas['StudentGrade']>();
    expectTypeOf<Schemas['StudentGrade']>().toExtend<Models.StudentGrade>();
    expectTypeOf<Models.StudentUpsert>().toExtend<Schemas['StudentUpsert']>();
    expectTypeOf<Schemas['StudentUpsert']>().toExtend<Models.StudentUpsert>();
    expectTypeOf<Models.User>().toExtend<Schemas['User']>();
    expectTypeOf<Schemas['User']>().toExtend<Models.User>();
    expectTypeOf<Models.UserAgent>().toExtend<Schemas['UserAgent']>();
    expectTypeOf<Schemas['UserAgent']>().toExtend<Models.UserAgent>();
    expectTypeOf<Models.UserAgentUpsert>().toExtend<Schemas['UserAgentUpsert']>();
    expectTypeOf<Schemas['UserAgentUpsert']>().toExtend<Models.UserAgentUpsert>();
    expectTypeOf<Models.UserInsightsOverview>().toExtend<Schemas['UserInsightsOverview']>();
    expectTypeOf<Schemas['UserInsightsOverview']>().toExtend<Models.UserInsightsOverview>();
    expectTypeOf<Models.UserProfile>().toExtend<Schemas['UserProfile']>();
    expectTypeOf<Schemas['UserProfile']>().toExtend<Models.UserProfile>();
    expectTypeOf<Models.UserRole>().toExtend<Schemas['UserRole']>();
    expectTypeOf<Schemas['UserRole']>().toExtend<Models.UserRole>();
    expectTypeOf<Models.UserRoleUpsert>().toExtend<Schemas['UserRoleUpsert']>();
    expectTypeOf<Schemas['UserRoleUpsert']>().toExtend<Models.UserRoleUpsert>();
    expectTypeOf<Models.UserUpsert>().toExtend<Schemas['UserUpsert']>();
    expectTypeOf<Schemas['UserUpsert']>().toExtend<Models.UserUpsert>();
  });

  it('are each checked above: the table names every model generated/models.ts declares', () => {
    const source = readFileSync(new URL('../src/generated/models.ts', import.meta.url), 'utf8');
    const declared = [...source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1]);
    expect(Object.keys(SCHEMA_OF).sort()).toEqual(declared.sort());
  });
});
