// A learning resource as a Common Cartridge 1.3 file (`.imscc`): a ZIP of an `imsmanifest.xml` and one web link to
// the resource at its vendor, as `POST resources/export/{sourceId}` responds to it (docs/decisions.md#d-oneroster-binary-export).
// The archive is written here (entries stored, not compressed, with their CRC-32; PKWARE APPNOTE 6.3.x): a few
// hundred bytes need no compression library.

/** What the cartridge names of a resource. */
export interface CartridgeResource {
  sourcedId: string;
  title: string;
  vendorResourceId: string;
  vendorId?: string | null | undefined;
}

const encoder = /* @__PURE__ */ new TextEncoder();

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** The files of the cartridge: its manifest and the web link the manifest names. */
export function cartridgeFiles(resource: CartridgeResource): [name: string, text: string][] {
  const title = escapeXml(resource.title);
  const vendor = encodeURIComponent(resource.vendorId ?? 'vendor');
  const href = `https://${vendor}.example/resources/${encodeURIComponent(resource.vendorResourceId)}`;
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${escapeXml(resource.sourcedId)}" xmlns="http://www.imsglobal.org/xsd/imsccv1p3/imscp_v1p1">
  <metadata><schema>IMS Common Cartridge</schema><schemaversion>1.3.0</schemaversion></metadata>
  <organizations>
    <organization identifier="org" structure="rooted-hierarchy">
      <item identifier="root"><item identifier="item-1" identifierref="res-1"><title>${title}</title></item></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res-1" type="imswl_xmlv1p3"><file href="weblink.xml"/></resource>
  </resources>
</manifest>
`;
  const weblink = `<?xml version="1.0" encoding="UTF-8"?>
<webLink xmlns="http://www.imsglobal.org/xsd/imsccv1p3/imswl_v1p3">
  <title>${title}</title>
  <url href="${escapeXml(href)}"/>
</webLink>
`;
  return [
    ['imsmanifest.xml', manifest],
    ['weblink.xml', weblink],
  ];
}

/** The resource's cartridge: a ZIP archive of {@link cartridgeFiles}. */
export function cartridgeOf(resource: CartridgeResource): Uint8Array<ArrayBuffer> {
  return zipStored(cartridgeFiles(resource).map(([name, text]) => [name, encoder.encode(text)]));
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (ISO 3309, the one ZIP uses). */
export function crc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A ZIP archive of `files`, each stored (method 0), dated 1980-01-01 so the same files give the same bytes. */
export function zipStored(files: [name: string, data: Uint8Array][]): Uint8Array<ArrayBuffer> {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const nameBytes = encoder.encode(name);
    const crc = crc32(data);
    const local = new Uint8Array(30 + nameBytes.length);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true); // local file header signature
    l.setUint16(4, 20, true); // version needed: 2.0
    l.setUint16(8, 0, true); // stored
    l.setUint16(12, 0x21, true); // date: 1980-01-01
    l.setUint32(14, crc, true);
    l.setUint32(18, data.length, true);
    l.setUint32(22, data.length, true);
    l.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    const central = new Uint8Array(46 + nameBytes.length);
    const c = new DataView(central.buffer);
    c.setUint32(0, 0x02014b50, true); // central directory header signature
    c.setUint16(4, 20, true); // made by
    c.setUint16(6, 20, true); // version needed
    c.setUint16(14, 0x21, true);
    c.setUint32(16, crc, true);
    c.setUint32(20, data.length, true);
    c.setUint32(24, data.length, true);
    c.setUint16(28, nameBytes.length, true);
    c.setUint32(42, offset, true); // where the local header is
    central.set(nameBytes, 46);
    locals.push(local, data);
    centrals.push(central);
    offset += local.length + data.length;
  }
  const directorySize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const e = new DataView(end.buffer);
  e.setUint32(0, 0x06054b50, true); // end of central directory signature
  e.setUint16(8, files.length, true);
  e.setUint16(10, files.length, true);
  e.setUint32(12, directorySize, true);
  e.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, end];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
