/**
 * Benchmark of CASE JSON conversion (not a test; `pnpm bench` imports runCaseConvertBench()).
 *
 * A 100,000-item framework (the mock's generator) as a publisher exports it: OpenSALT's members outside CASE 1.1
 * on every item (`educationalLevel`, `CFItemAssociationURI`), `CFDocumentURI` links, zone-less or `+00:00`
 * timestamps; and the same framework with ASN-URI identifiers, so every id and every reference is replaced by
 * its name-based uuid. Each figure is the median of the rounds, from the parsed object to the upload
 * body with its report. Budget: under 3 s. `toCaseJson` of the same framework read back is reported too, against the same budget.
 *
 * `pnpm bench` runs it on the packed packages (bench/packed.ts bundles this file with `@learnkit/*` left to the
 * scratch project's installed tarballs); `npx tsx --conditions=@learnkit/source packages/case/bench/convert.ts`
 * runs it on the workspace sources, and `--json` prints the rows as one JSON line.
 */
import { type CFPackage, type CFPackageUpload, fromCaseJson, toCaseJson } from '@learnkit/case';
import { generateFramework } from '@learnkit/mock';
import { type BenchRow, isMain, median, round } from '../../../bench/support';

/** Options of {@link runCaseConvertBench}. */
export interface CaseConvertBenchOptions {
  /** Items of the framework (default 100,000). */
  items?: number;
  /** Timed rounds per figure (default 5). */
  rounds?: number;
}

type Json = Record<string, unknown>;

/** The framework as OpenSALT exports it; with `asn`, every identifier an ASN-style URI instead of a uuid. */
function publisherExport(body: CFPackageUpload, asn: boolean): Json {
  const id = (value: string) =>
    asn ? `http://purl.org/ASN/resources/S${value.replaceAll('-', '').slice(0, 12)}` : value;
  const documentLink = {
    title: body.CFDocument.title,
    identifier: id(body.CFDocument.identifier),
    uri: body.CFDocument.uri,
  };
  const end = (ref: { identifier: string }) => ({ ...ref, identifier: id(ref.identifier) });
  return {
    CFDocument: {
      ...body.CFDocument,
      identifier: id(body.CFDocument.identifier),
      CFPackageURI: documentLink,
    },
    CFItems: body.CFItems.map((item, i) => ({
      ...item,
      identifier: id(item.identifier),
      CFDocumentURI: documentLink,
      educationalLevel: '05',
      CFItemAssociationURI: `${item.uri}/associations`,
      lastChangeDateTime:
        i % 2 ? item.lastChangeDateTime.replace(/Z$/, '') : item.lastChangeDateTime.replace(/Z$/, '+00:00'),
    })),
    CFAssociations: body.CFAssociations.map((association) => ({
      ...association,
      identifier: id(association.identifier),
      originNodeURI: end(association.originNodeURI),
      destinationNodeURI: end(association.destinationNodeURI),
      CFDocumentURI: documentLink,
      lastChangeDateTime: association.lastChangeDateTime.replace(/Z$/, ''),
    })),
    CFDefinitions: body.CFDefinitions,
  };
}

/** The upload body as `packages.get` responds to it (`sourcedId`-keyed links), without a platform in the loop. */
function readBack(body: CFPackageUpload): CFPackage {
  const link = (ref: { identifier: string; title: string; uri: string }) => ({
    sourcedId: ref.identifier,
    title: ref.title,
    uri: ref.uri,
  });
  const doc = body.CFDocument;
  const documentLink = { sourcedId: doc.identifier, title: doc.title, uri: doc.uri };
  const { identifier, ...docRest } = doc;
  return {
    sourcedId: identifier,
    CFDocument: { sourcedId: identifier, ...docRest, CFPackageURI: documentLink },
    CFItems: body.CFItems.map(({ identifier: itemId, ...rest }) => ({
      sourcedId: itemId,
      ...rest,
      CFItemType: rest.CFItemType ?? '',
      CFDocumentURI: documentLink,
    })),
    CFAssociations: body.CFAssociations.map(
      ({ identifier: associationId, originNodeURI, destinationNodeURI, ...rest }) => ({
        sourcedId: associationId,
        ...rest,
        originNodeURI: link(originNodeURI),
        destinationNodeURI: link(destinationNodeURI),
        CFDocumentURI: documentLink,
      }),
    ),
    CFDefinitions: body.CFDefinitions,
  } as unknown as CFPackage;
}

/** The median seconds of `rounds` runs of `run` (one untimed warm-up first). */
function seconds(rounds: number, run: () => unknown): number {
  run();
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    run();
    times.push((performance.now() - started) / 1000);
  }
  return median(times);
}

/**
 * The export as a file read from disk gives it (parsed JSON: flat strings, not the spreads and template strings that
 * built it, whose strings V8 keeps as ropes), and the median seconds of parsing its text: the anchor of the
 * conversion's ratio, what any reader of the file pays on this host this hour. The host's pace moves by a third
 * between hours; the ratio moves less (docs/decisions.md#d-case-parse-anchor). The text is dropped on return.
 */
function parsed(exported: Json, rounds: number): { input: Json; parse: number } {
  const text = JSON.stringify(exported);
  const parse = seconds(rounds, () => JSON.parse(text));
  return { input: JSON.parse(text) as Json, parse };
}

/**
 * Runs the benchmark once and returns its rows.
 *
 * @example
 * const { rows } = await runCaseConvertBench();
 */
export async function runCaseConvertBench(
  options: CaseConvertBenchOptions = {},
): Promise<{ rows: BenchRow[] }> {
  const items = options.items ?? 100_000;
  const rounds = options.rounds ?? 5;
  // Made again for each figure and not kept: while a figure is timed, the heap holds its input and nothing else of
  // the bench, as a user's process holds the one file it converts (docs/decisions.md#d-case-bench-rounds).
  const framework = () => generateFramework({ seed: 12, items }) as CFPackageUpload;
  const rows: BenchRow[] = [];
  let count = '';
  for (const asn of [false, true]) {
    const { input, parse } = parsed(publisherExport(framework(), asn), rounds);
    count = `${items.toLocaleString('en-US')} items, ${(input.CFAssociations as unknown[]).length.toLocaleString('en-US')} associations`;
    let changes = 0;
    const time = seconds(rounds, () => {
      changes = fromCaseJson(input).changes.length;
    });
    const kind = `an OpenSALT-style export${asn ? ' with ASN-URI identifiers' : ''}`;
    rows.push({
      name: `fromCaseJson of ${kind} (${count}; ${changes.toLocaleString('en-US')} changes reported)`,
      value: round(time, 3),
      unit: 's',
      ratio: round(time / parse, 2),
      budget: '< 3 s',
      met: time < 3,
    });
    rows.push({
      name: `JSON.parse of the same file's text (the anchor of the ratio above)`,
      value: round(parse, 3),
      unit: 's',
    });
  }
  const pkg = readBack(framework());
  const back = seconds(rounds, () => toCaseJson(pkg));
  rows.push({
    name: `toCaseJson of the same framework read back (${count})`,
    value: round(back, 3),
    unit: 's',
    budget: '< 3 s',
    met: back < 3,
  });
  return { rows };
}

if (isMain(import.meta.url)) {
  const { rows } = await runCaseConvertBench();
  if (process.argv.includes('--json')) console.log(JSON.stringify({ rows }));
  else
    for (const row of rows)
      console.log(
        `${row.name}: ${row.value} ${row.unit}${row.budget ? ` (budget ${row.budget}: ${row.met ? 'met' : 'MISSED'})` : ''}`,
      );
}
