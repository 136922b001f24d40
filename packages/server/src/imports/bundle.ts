/**
 * Reading an export bundle: a ZIP of YAML files under one root folder (Superset's v1 export,
 * `<root>/metadata.yaml`, `<root>/databases/…`). Only the YAML files are decompressed, each
 * through a stream that stops at the size limits, so a ZIP bomb costs at most the limits; the
 * entry count is read from the archive's end record before any entry is parsed. Unsafe names
 * (absolute, `..`, backslashes, control characters) refuse the whole bundle. Each file's YAML is
 * then parsed within the limits of yaml.ts (`parseBundle`), in a worker thread with a memory
 * and time limit (workers/cpu.ts): nothing a bundle holds can stop the server.
 */
import JSZip from 'jszip';
import { DEFAULT_YAML_LIMITS, expandedSize, parseYaml, yamlSize, type YamlLimits } from './yaml.js';

/** Largest uploaded bundle (compressed). */
export const MAX_BUNDLE_BYTES = 50 * 1024 * 1024;
/** Limits on what a bundle holds once decompressed. */
export interface BundleLimits {
  /** Entries in the archive (files and folders). */
  maxEntries: number;
  /** All YAML files together, decompressed. */
  maxTotalBytes: number;
  /** One YAML file, decompressed. */
  maxFileBytes: number;
}
/**
 * Superset's example bundles: largest file 15 KB (about 1,000 YAML nodes), largest bundle about
 * 100 KB. The limits are far above any real export: 4 MB per file, 50 MB per bundle.
 */
export const DEFAULT_BUNDLE_LIMITS: BundleLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 50 * 1024 * 1024,
  maxFileBytes: 4 * 1024 * 1024,
};

/** The archive's limits, and those of its YAML (see yaml.ts). */
export interface BundleParseLimits extends BundleLimits {
  yaml: YamlLimits;
  /** YAML nodes of all files together (what the parsed bundle costs in memory). */
  maxTotalNodes: number;
}

/**
 * 200,000 YAML nodes per file (200 times the largest example's), 1,000,000 per bundle; what a
 * file expands to through its aliases is held to the same node count and to the file size.
 */
export const DEFAULT_BUNDLE_PARSE_LIMITS: BundleParseLimits = {
  ...DEFAULT_BUNDLE_LIMITS,
  yaml: DEFAULT_YAML_LIMITS,
  maxTotalNodes: 1_000_000,
};

/** A bundle that cannot be read at all: answered 400 with the message. */
export class BundleError extends Error {}

/**
 * The YAML texts of a bundle by path, the root folder removed (`charts/Sales.yaml`); null for a
 * file that is not UTF-8 text.
 */
export type BundleTexts = Map<string, string | null>;

const EOCD_SIGNATURE = 0x06054b50;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;

/** Whether the bytes start like a ZIP archive (a local file header, or an empty archive). */
export function looksLikeZip(data: Uint8Array): boolean {
  if (data.length < 22) return false;
  const sig = (data[0]! | (data[1]! << 8) | (data[2]! << 16) | (data[3]! << 24)) >>> 0;
  return sig === LOCAL_HEADER_SIGNATURE || sig === EOCD_SIGNATURE;
}

/**
 * The entry count the archive's end-of-central-directory record declares; null when there is no
 * such record. 0xFFFF means a ZIP64 archive, which bundles never need.
 */
export function declaredEntryCount(data: Uint8Array): number | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let i = data.length - 22; i >= lowest; i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) return view.getUint16(i + 10, true);
  }
  return null;
}

/** Why a name inside the archive is unsafe, or null. */
export function unsafeNameProblem(name: string): string | null {
  if (name === '') return 'an empty name';
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return 'a control character';
  }
  if (name.includes('\\')) return 'a backslash';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'an absolute path';
  if (name.split('/').some((part) => part === '..' || part === '.')) return 'a relative segment';
  return null;
}

/** Superset reads only these: YAML files whose name starts with neither "." nor "_". */
export function isConfigFile(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (base.startsWith('.') || base.startsWith('_')) return false;
  const lower = base.toLowerCase();
  return lower.endsWith('.yaml') || lower.endsWith('.yml');
}

/**
 * The paths without their root folder. Superset removes the first folder of every path; a
 * bundle zipped without a root folder (metadata.yaml at the top) is taken as it is.
 */
export function withoutRoot(paths: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const topLevel = paths.some((p) => !p.includes('/'));
  for (const p of paths) {
    const relative = topLevel ? p : p.slice(p.indexOf('/') + 1);
    if (relative === '') continue;
    if (out.has(relative)) throw new BundleError(`The bundle holds ${relative} twice`);
    out.set(relative, p);
  }
  return out;
}

/** JSZip's chunked reader of one entry (present at run time, missing from its types). */
interface EntryStream {
  on(event: 'data', cb: (chunk: Uint8Array) => void): EntryStream;
  on(event: 'error', cb: (e: Error) => void): EntryStream;
  on(event: 'end', cb: () => void): EntryStream;
  resume(): EntryStream;
  pause(): EntryStream;
}

const MB = 1024 * 1024;
const sizeText = (n: number) => (n >= MB && n % MB === 0 ? `${n / MB} MB` : `${n} bytes`);

/** Decompresses one entry, failing as soon as it passes `limit` bytes. */
function readLimited(
  file: JSZip.JSZipObject,
  limit: number,
  tooLarge: string,
  name: string,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let done = false;
    const helper = (
      file as unknown as { internalStream(type: 'uint8array'): EntryStream }
    ).internalStream('uint8array');
    const fail = (e: Error) => {
      if (done) return;
      done = true;
      helper.pause();
      reject(e);
    };
    helper
      .on('data', (chunk: Uint8Array) => {
        if (done) return;
        size += chunk.length;
        if (size > limit) {
          fail(new BundleError(tooLarge));
          return;
        }
        chunks.push(chunk);
      })
      .on('error', (e: Error) => fail(new BundleError(`${name} cannot be read: ${e.message}`)))
      .on('end', () => {
        if (done) return;
        done = true;
        const out = new Uint8Array(size);
        let at = 0;
        for (const c of chunks) {
          out.set(c, at);
          at += c.length;
        }
        resolve(out);
      })
      .resume();
  });
}

/**
 * The YAML files of a bundle one at a time, decoded as UTF-8 (a file that is not valid UTF-8
 * comes as null text: the importer reports it as not valid YAML), each decompressed only when
 * asked for. Throws BundleError when the upload is not a ZIP, is too large once decompressed,
 * holds too many entries or an unsafe name.
 */
export async function* bundleTexts(
  data: Uint8Array,
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
): AsyncGenerator<[string, string | null]> {
  if (!looksLikeZip(data)) throw new BundleError('Not a ZIP file');
  const count = declaredEntryCount(data);
  if (count === null) throw new BundleError('Not a ZIP file');
  if (count === 0xffff || count > limits.maxEntries)
    throw new BundleError(`The bundle holds more than ${limits.maxEntries} files`);
  let zip: JSZip;
  try {
    // No CRC check at load: JSZip would decompress every entry, whatever its size, to do it.
    zip = await JSZip.loadAsync(data, { checkCRC32: false, createFolders: false });
  } catch (e) {
    throw new BundleError(`The ZIP file cannot be read: ${(e as Error).message}`);
  }
  const entries = Object.values(zip.files);
  if (entries.length > limits.maxEntries)
    throw new BundleError(`The bundle holds more than ${limits.maxEntries} files`);
  const files: JSZip.JSZipObject[] = [];
  // Files first: JSZip keeps their name as written; a folder's is only its cleaned-up form.
  entries.sort((a, b) => Number(a.dir) - Number(b.dir));
  for (const entry of entries) {
    const original =
      (entry as JSZip.JSZipObject & { unsafeOriginalName?: string }).unsafeOriginalName ??
      entry.name;
    const problem = unsafeNameProblem(entry.dir ? original.replace(/\/$/, '') : original);
    if (problem)
      throw new BundleError(
        `The bundle has a file name with ${problem}: ${JSON.stringify(original)}`,
      );
    if (!entry.dir) files.push(entry);
  }
  const byPath = new Map(files.map((f) => [f.name, f]));
  const relative = withoutRoot([...byPath.keys()]);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let total = 0;
  for (const [path, original] of relative) {
    if (!isConfigFile(path)) continue;
    const file = byPath.get(original)!;
    const declared = (file as unknown as { _data?: { uncompressedSize?: number } })._data
      ?.uncompressedSize;
    if (typeof declared === 'number' && declared > limits.maxFileBytes)
      throw new BundleError(`${path} is larger than the limit of ${sizeText(limits.maxFileBytes)}`);
    const remaining = limits.maxTotalBytes - total;
    const bytes = await readLimited(
      file,
      Math.min(limits.maxFileBytes, remaining),
      remaining < limits.maxFileBytes
        ? `The bundle is larger than the limit of ${sizeText(limits.maxTotalBytes)} once decompressed`
        : `${path} is larger than the limit of ${sizeText(limits.maxFileBytes)}`,
      path,
    );
    total += bytes.length;
    let text: string | null;
    try {
      text = decoder.decode(bytes);
    } catch {
      text = null;
    }
    yield [path, text];
  }
}

/** The YAML texts of a bundle by path (bundleTexts, collected). */
export async function readBundle(
  data: Uint8Array,
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
): Promise<BundleTexts> {
  const out: BundleTexts = new Map();
  for await (const [path, text] of bundleTexts(data, limits)) out.set(path, text);
  return out;
}

/** A YAML file of a bundle: its document as plain data, or why it cannot be read. */
export type BundleFile = { ok: true; value: unknown } | { ok: false; reason?: string };

/** The parsed YAML files of a bundle by path, the root folder removed (`charts/Sales.yaml`). */
export type BundleContents = Map<string, BundleFile>;

/** What parseBundle answers: the files in order, or why the bundle cannot be read at all. */
export type BundleParseResult =
  { ok: true; files: Array<[string, BundleFile]> } | { ok: false; message: string };

/**
 * Reads and parses a bundle file by file (each text is dropped once parsed), within the
 * archive's limits, each file's YAML limits and the bundle's total of nodes. `onFile` is told
 * each file before it is parsed (a worker reports it, so a file that kills the worker is
 * named). A file over its YAML limits is a problem of that file; the archive's limits refuse
 * the bundle.
 */
export async function parseBundle(
  data: Uint8Array,
  limits: BundleParseLimits = DEFAULT_BUNDLE_PARSE_LIMITS,
  onFile?: (path: string) => void,
): Promise<BundleParseResult> {
  const files: Array<[string, BundleFile]> = [];
  let nodes = 0;
  let chars = 0;
  try {
    for await (const [path, text] of bundleTexts(data, limits)) {
      onFile?.(path);
      if (text === null) {
        files.push([path, { ok: false }]);
        continue;
      }
      const size = yamlSize(text, limits.yaml);
      if (size.problem) {
        files.push([path, { ok: false, reason: size.problem }]);
        continue;
      }
      const parsed = parseYaml(text, limits.yaml);
      if (!parsed.ok) {
        files.push([path, parsed]);
        continue;
      }
      // Aliases make a document larger than its text: bound what it expands to.
      const expanded = expandedSize(parsed.value, {
        maxNodes: limits.yaml.maxNodes,
        maxChars: limits.maxFileBytes,
      });
      if (expanded.problem) {
        files.push([path, { ok: false, reason: expanded.problem }]);
        continue;
      }
      nodes += expanded.nodes;
      chars += expanded.chars;
      if (nodes > limits.maxTotalNodes)
        throw new BundleError(`The bundle holds more than ${limits.maxTotalNodes} YAML nodes`);
      if (chars > limits.maxTotalBytes)
        throw new BundleError(
          `The bundle is larger than the limit of ${sizeText(limits.maxTotalBytes)} once parsed`,
        );
      files.push([path, parsed]);
    }
  } catch (e) {
    if (e instanceof BundleError) return { ok: false, message: e.message };
    throw e;
  }
  return { ok: true, files };
}
