import type {
  CaseAssociationInput,
  CaseDefinitionsInput,
  CaseDocumentInput,
  CaseItemInput,
  CaseNodeRef,
} from '../case/types.js';
import { fraction, pick, seededUuid } from '../internal/random.js';
import type { GenerateFrameworkOptions } from './framework-options.js';
import { GRADE_LEVELS, vocabularyFor } from './vocabulary.js';

// How a generated framework is made: its tree of grade levels, domains, clusters and standards, and each record
// of it. framework.ts streams the records (docs/decisions.md#d-source-shape).

const LEVEL_TYPES = ['Grade Level', 'Domain', 'Cluster', 'Standard'] as const;
const SALT = { document: 0xd0c, item: 0x17e, association: 0xa55, external: 0xe47 };
const RATES = { precedes: 0.3, isPeerOf: 0.1, exactMatchOf: 0.1, isRelatedTo: 0.05 };

type Node = {
  index: number;
  level: 0 | 1 | 2 | 3;
  seq: number;
  grade: (typeof GRADE_LEVELS)[number];
  domain?: readonly [string, string];
  code: string;
  parent?: Node;
  /** The standard before this one in its cluster. */
  previous?: Node;
  /** The first standard of the previous cluster, a plausible peer. */
  peer?: Node;
  /** Computed once per node: its id and statement (children and associations reuse them). */
  cache?: { id: string; statement: string };
};

/** The options with every default filled in. */
export type Settings = ReturnType<typeof settingsOf>;

export function settingsOf(options: GenerateFrameworkOptions) {
  const seed = options.seed ?? 1;
  const subject = options.subject ?? 'Math';
  const codes = GRADE_LEVELS.map(([code]) => code);
  const levels = (options.grades ?? codes.slice(0, 9)).map((code) => {
    const level = GRADE_LEVELS[codes.indexOf(code)];
    if (!level) throw new RangeError(`unknown grade level ${code}; use one of ${codes.join(', ')}`);
    return level;
  });
  if (levels.length === 0) throw new RangeError('grades must hold at least one grade level');
  const items = options.items ?? 300;
  if (!Number.isInteger(items) || items < 1) throw new RangeError('items must be a positive integer');
  const vocabulary = vocabularyFor(subject);
  const grades = `${levels[0]![1]}-${levels.at(-1)![1]}`;
  return {
    seed,
    items,
    subject,
    title: options.title ?? `${vocabulary.label} Standards, Grades ${grades} (seed ${seed})`,
    baseUri: (options.baseUri ?? 'https://frameworks.learnkit.test').replace(/\/+$/, ''),
    creator: options.creator ?? 'LearnKit Mock Standards Authority',
    lastChangeDateTime: options.lastChangeDateTime ?? '2025-06-01T12:00:00Z',
    documentId: options.documentId ?? seededUuid(seed, 0, SALT.document),
    frameworkType: options.frameworkType,
    rates: { ...RATES, ...options.associationRates },
    vocabulary,
    levels,
  };
}

/** `count` spread over `buckets` as evenly as possible: bucket `k` gets the remainder first. */
const share = (count: number, buckets: number, k: number) =>
  Math.floor(count / buckets) + (k < count % buckets ? 1 : 0);

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

/** Walks the hierarchy in document order without holding it in memory: O(grades + domains + clusters) state. */
export function* walk(settings: Settings): Generator<Node> {
  const total = settings.items;
  const grades = Math.min(settings.levels.length, Math.max(1, Math.ceil(total / 40)), total);
  let rest = total - grades;
  const domainsPerGrade = clamp(Math.floor(rest / (grades * 12)), 1, settings.vocabulary.domains.length);
  const domains = Math.min(rest, grades * domainsPerGrade);
  rest -= domains;
  // At most 10 clusters a domain, lettered A to J.
  const clustersPerDomain = domains > 0 ? clamp(Math.floor(rest / (domains * 4)), 1, 10) : 0;
  const clusters = Math.min(rest, domains * clustersPerDomain);
  const standards = rest - clusters;

  let index = 0;
  let domainIndex = 0;
  let clusterIndex = 0;
  let firstOfPreviousCluster: Node | undefined;
  // A node one level below `parent`, numbered `seq` among its siblings, coded `part` after its parent's code.
  const child = (parent: Node, seq: number, part: string, more?: Partial<Node>): Node => ({
    index: index++,
    level: (parent.level + 1) as Node['level'],
    seq,
    grade: parent.grade,
    domain: parent.domain,
    code: `${parent.code}.${part}`,
    parent,
    ...more,
  });
  for (let g = 0; g < grades; g++) {
    const grade = settings.levels[g]!;
    const gradeNode: Node = { index: index++, level: 0, seq: g + 1, grade, code: grade[1] };
    yield gradeNode;
    const domainCount = share(domains, grades, g);
    for (let d = 0; d < domainCount; d++) {
      const domain = settings.vocabulary.domains[(g * 3 + d) % settings.vocabulary.domains.length]!;
      const domainNode = child(gradeNode, d + 1, domain[0], { domain });
      yield domainNode;
      const clusterCount = share(clusters, domains, domainIndex++);
      for (let c = 0; c < clusterCount; c++) {
        const clusterNode = child(domainNode, c + 1, String.fromCharCode(65 + c));
        yield clusterNode;
        const standardCount = share(standards, clusters, clusterIndex++);
        let previous: Node | undefined;
        let first: Node | undefined;
        for (let s = 0; s < standardCount; s++) {
          const node = child(clusterNode, s + 1, String(s + 1), { previous, peer: firstOfPreviousCluster });
          yield node;
          previous = node;
          first ??= node;
        }
        if (first) firstOfPreviousCluster = first;
      }
    }
  }
}

/** A fresh reference to a node (callers may change what they get); its id and statement are computed once. */
function refOf(settings: Settings, node: Node): CaseNodeRef {
  node.cache ??= {
    id: seededUuid(settings.seed, node.index, SALT.item),
    statement: statementOf(settings, node),
  };
  const { id, statement } = node.cache;
  return { title: statement, identifier: id, uri: `${settings.baseUri}/CFItems/${id}` };
}

function statementOf(settings: Settings, node: Node): string {
  const { seed, vocabulary } = settings;
  switch (node.level) {
    case 0:
      return `${node.grade[2]} ${vocabulary.label}`;
    case 1:
      return node.domain![1];
    case 2:
      return `${pick(vocabulary.clusters, seed, node.index, 1)}.`;
    case 3: {
      const verb = pick(vocabulary.verbs, seed, node.index, 2);
      const topic = pick(vocabulary.topics, seed, node.index, 3);
      const context = pick(vocabulary.contexts, seed, node.index, 4);
      return `${verb} ${topic} ${context}.`;
    }
  }
}

export function itemOf(settings: Settings, node: Node): CaseItemInput {
  const { title: statement, identifier: id, uri } = refOf(settings, node);
  const item: CaseItemInput = {
    identifier: id,
    uri,
    lastChangeDateTime: settings.lastChangeDateTime,
    fullStatement: statement,
    CFItemType: LEVEL_TYPES[node.level],
    humanCodingScheme: node.code,
    listEnumeration: String(node.seq),
    language: 'en',
    subject: [settings.subject],
    educationLevel: [node.grade[0]],
  };
  if (node.level === 0) item.abbreviatedStatement = node.grade[2];
  if (node.level === 1) item.abbreviatedStatement = node.domain![0];
  if (node.level === 3 && fraction(settings.seed, node.index, 5) < 0.25) {
    item.conceptKeywords = [
      pick(settings.vocabulary.topics, settings.seed, node.index, 3).split(' ').slice(-2).join(' '),
    ];
  }
  return item;
}

function documentRef({ title, documentId: identifier, baseUri }: Settings): CaseNodeRef {
  return { title, identifier, uri: `${baseUri}/CFDocuments/${identifier}` };
}

export function documentOf(settings: Settings): CaseDocumentInput {
  const { identifier, uri } = documentRef(settings);
  const document: CaseDocumentInput = {
    identifier,
    uri,
    lastChangeDateTime: settings.lastChangeDateTime,
    title: settings.title,
    creator: settings.creator,
    publisher: settings.creator,
    description: `A generated ${settings.vocabulary.label} framework of ${settings.items} items for tests.`,
    language: 'en',
    version: '1.0',
    caseVersion: '1.1',
    adoptionStatus: 'Adopted',
    subject: [settings.subject],
  };
  if (settings.frameworkType) document.extensions = { frameworkType: settings.frameworkType };
  return document;
}

export function definitionsOf(settings: Settings): CaseDefinitionsInput {
  return {
    CFItemTypes: LEVEL_TYPES.map((title, index) => ({
      identifier: seededUuid(settings.seed, index, 0x7e9),
      title,
      typeCode: title.replace(/\s+/g, ''),
      hierarchyCode: String(index + 1),
      uri: `${settings.baseUri}/CFItemTypes/${title.replace(/\s+/g, '')}`,
      lastChangeDateTime: settings.lastChangeDateTime,
    })),
    CFSubjects: [
      {
        identifier: seededUuid(settings.seed, 0, 0x5b1),
        title: settings.subject,
        hierarchyCode: '1',
        uri: `${settings.baseUri}/CFSubjects/${encodeURIComponent(settings.subject)}`,
        lastChangeDateTime: settings.lastChangeDateTime,
      },
    ],
  };
}

/** Every association of one node: its isChildOf, then the extra kinds its hash selects. */
export function* associationsOf(
  settings: Settings,
  node: Node,
  counter: { next: number },
): Generator<CaseAssociationInput> {
  const make = (type: string, origin: CaseNodeRef, destination: CaseNodeRef, sequenceNumber?: number) => {
    const id = seededUuid(settings.seed, counter.next++, SALT.association);
    return {
      identifier: id,
      uri: `${settings.baseUri}/CFAssociations/${id}`,
      lastChangeDateTime: settings.lastChangeDateTime,
      associationType: type,
      originNodeURI: origin,
      destinationNodeURI: destination,
      ...(sequenceNumber !== undefined && { sequenceNumber }),
    };
  };
  const self = refOf(settings, node);
  yield make('isChildOf', self, node.parent ? refOf(settings, node.parent) : documentRef(settings), node.seq);
  if (node.level !== 3) return;
  const { seed, rates } = settings;
  const external = seededUuid(seed, node.index, SALT.external);
  // The other end of each extra kind, when the node has one; `precedes` points from it to this node.
  const others = {
    precedes: node.previous && refOf(settings, node.previous),
    isPeerOf: node.peer && refOf(settings, node.peer),
    exactMatchOf: {
      title: `${node.code} (source framework)`,
      identifier: external,
      uri: `https://standards.example.org/uri/${external}`,
    },
    isRelatedTo: node.peer && refOf(settings, node.peer),
  };
  for (const [k, type] of (Object.keys(RATES) as (keyof typeof RATES)[]).entries()) {
    const other = others[type];
    if (other && fraction(seed, node.index, 11 + k) < rates[type]) {
      yield type === 'precedes' ? make(type, other, self) : make(type, self, other);
    }
  }
}
