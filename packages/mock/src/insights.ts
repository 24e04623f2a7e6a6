/** A type of the catalogue; a deprecated one is so until its `sunsetAt`. */
const type = (slug: string, name: string, insightGroup: string | null, sunsetAt: string | null = null) => ({
  slug,
  name,
  insightGroup,
  deprecated: sunsetAt !== null,
  sunsetAt,
});

/** The insight type catalogue; IgnoringHelp and TopicShopping are deprecated until their sunset (change 2026.08.27.2). */
export const INSIGHT_TYPES = [
  type('RapidGuessing', 'Rapid guessing', 'engagement'),
  type('TabSwitching', 'Tab switching', 'integrity'),
  type('IdleTime', 'Idle time', 'engagement'),
  type('Journal', 'Journal', null),
  type('IgnoringHelp', 'Ignoring help', 'engagement', '2027-01-01T00:00:00Z'),
  type('TopicShopping', 'Topic shopping', 'engagement', '2027-01-01T00:00:00Z'),
];

/** The registered insight groups (`GET /insights/1.0/insight-groups`). */
export const INSIGHT_GROUPS = [
  { slug: 'engagement', family: 'learning', membershipRule: 'type.group == "engagement"' },
  { slug: 'integrity', family: 'proctoring', membershipRule: 'type.group == "integrity"' },
] as const;

/** The rollout stages of a finding: `SHADOW` findings are hidden, `NOTIFY` and `ENFORCE` ones are published. */
export const ROLLOUT_STATES = ['SHADOW', 'NOTIFY', 'ENFORCE'] as const;

/**
 * The `data` of an `insight.*` event for a finding, or undefined when the finding raises no event. Its stage is
 * `rolloutState`, `SHADOW` when none is pinned (change 2026.08.31.1), and a `SHADOW` finding produces no event;
 * an omitted `insightGroup` is the type's group, null for a type without one (docs/decisions.md#d-insight-findings).
 */
export function insightEventData(data: Record<string, unknown>): Record<string, unknown> | undefined {
  const stage = data.rolloutState ?? 'SHADOW';
  if (!(ROLLOUT_STATES as readonly unknown[]).includes(stage)) {
    throw new TypeError(
      `rolloutState of an insight must be one of ${ROLLOUT_STATES.join(', ')}, got ${JSON.stringify(stage)}`,
    );
  }
  if (stage === 'SHADOW') return undefined;
  if ('insightGroup' in data) return data;
  const type = INSIGHT_TYPES.find((entry) => entry.slug === data.insightType);
  return { ...data, insightGroup: type?.insightGroup ?? null };
}
