/**
 * Full-result CSV downloads of SQL Lab queries (issue 21 point 12). The web process checks the
 * request, opens an export channel and queues `sqllab.export_csv {exportId, queryId}`; a worker
 * (the same process when embedded) runs the query's script again without the display row limit
 * as the query's own user, streaming rows from the database's cursor into CSV chunks sent
 * through the channel, which holds a few chunks at most: the database, the worker and the web
 * process all go at the pace of the HTTP download, so memory stays flat whatever the size.
 */
import { ApiError } from '../api/errors.js';
import type { DatabaseConnections } from '../databases/connections.js';
import { EngineError, type ColumnInfo } from '../engines/types.js';
import type { JobContext, JobPayloads, JobQueue } from '../jobs/types.js';
import type { MetadataDb } from '../metadata/db.js';
import { hasPerm, isAdmin, type Principal } from '../security/principal.js';
import type { PrincipalCache } from '../security/principal-cache.js';
import { csvLine } from './csv.js';
import {
  EXPORT_CHUNK_CHARS,
  EXPORT_ID,
  type ExportChannel,
  type ExportMessage,
} from './export-channel.js';
import type { PreparedScript } from './prepare.js';
import type { QueryRow } from './query-dto.js';
import { newResultsKey } from './results-backend.js';
import type { SqlLabService } from './service.js';

export interface CsvExportSettings {
  /** The most rows an export writes (`STRATA_CSV_EXPORT_MAX_ROWS`); null: all. */
  maxRows: number | null;
  /** How long the web process waits for the worker's next chunk before it gives up (ms). */
  idleMs: number;
}

/** Rows asked of the database per batch. */
const EXPORT_BATCH_ROWS = 5000;

/** The statements an export runs again, or null when the query's result is exported as stored. */
export function exportStatementsOf(strataScript: string | null): string[] | null {
  if (!strataScript) return null;
  try {
    const script = JSON.parse(strataScript) as Partial<PreparedScript>;
    const statements = script.exportStatements;
    return Array.isArray(statements) &&
      statements.length > 0 &&
      statements.every((s) => typeof s === 'string')
      ? statements
      : null;
  } catch {
    return null;
  }
}

/** Gathers CSV lines into chunks of about `chunkChars` (pure). */
export class CsvChunker {
  private text = '';
  rows = 0;

  constructor(private readonly chunkChars = EXPORT_CHUNK_CHARS) {}

  header(columns: readonly ColumnInfo[]): void {
    this.text += csvLine(columns.map((c) => c.name));
  }

  /** Adds rows; answers the chunks that are full. */
  add(rows: readonly unknown[][]): string[] {
    const full: string[] = [];
    for (const row of rows) {
      this.text += csvLine(row);
      this.rows += 1;
      if (this.text.length >= this.chunkChars) {
        full.push(this.text);
        this.text = '';
      }
    }
    return full;
  }

  /** What is left. */
  rest(): string {
    const text = this.text;
    this.text = '';
    return text;
  }
}

/** The error message a failed export sends (and the web answers before its first byte). */
export function exportFailure(e: unknown): ExportMessage {
  if (e instanceof ApiError) return { kind: 'error', status: e.statusCode, message: e.message };
  if (e instanceof EngineError) {
    if (e.kind === 'cancelled') {
      return { kind: 'error', status: 499, message: 'The export was cancelled.' };
    }
    return { kind: 'error', status: 422, message: e.message };
  }
  return { kind: 'error', status: 500, message: 'The export failed unexpectedly.' };
}

/** The download's side of a running export. */
export interface CsvExportDownload {
  /** The first chunk (the header and the first rows); empty when the result had nothing. */
  first: string;
  /** The next message (a worker silent for the idle time gives an error). */
  next(): Promise<ExportMessage>;
  /** Stops the export (the worker cancels the query). */
  cancel(): Promise<void>;
  close(): Promise<void>;
}

class ProducerGone extends Error {}

export class CsvExportService {
  constructor(
    private readonly deps: {
      db: MetadataDb;
      sqlLab: SqlLabService;
      connections: DatabaseConnections;
      principals: PrincipalCache;
      queue: JobQueue;
      channel: ExportChannel;
      settings: CsvExportSettings;
    },
  ) {}

  /**
   * Starts the export of the principal's query: null when its stored result is what is
   * exported (a script that may write, a CTAS, or a query stored before exports re-ran); a
   * refusal or a failure before the first chunk is an ApiError.
   */
  async open(
    principal: Principal,
    clientId: string,
    gone?: AbortSignal,
  ): Promise<CsvExportDownload | null> {
    const query = await this.deps.sqlLab.ownQuery(principal, clientId);
    // The user must still be allowed to use the database (and the schema).
    await this.deps.sqlLab.databaseFor(principal, query.database_id, query.schema);
    if (query.status !== 'success') {
      throw new ApiError(404, 'This query has no results to export.');
    }
    if (!exportStatementsOf(query.strata_script)) return null;
    const exportId = newResultsKey();
    const consumer = await this.deps.channel.consumer(exportId);
    // A client gone while the first chunk is awaited cancels the export (the job, when it runs,
    // sends nothing).
    const cancel = () => void consumer.cancel().catch(() => undefined);
    gone?.addEventListener('abort', cancel, { once: true });
    try {
      await this.deps.queue
        .add(
          'sqllab.export_csv',
          { exportId, queryId: query.id },
          { jobId: `sqlexport:${exportId}` },
        )
        .catch(() => {
          throw new ApiError(503, 'The export could not be queued: the job queue is unavailable.');
        });
      const { idleMs } = this.deps.settings;
      const first = await consumer.next(idleMs);
      if (first.kind === 'error') throw new ApiError(first.status, first.message);
      const download = {
        next: () => consumer.next(idleMs),
        cancel: () => consumer.cancel().catch(() => undefined),
        close: () => consumer.close().catch(() => undefined),
      };
      // `end` first: nothing at all (not even a header), an empty file whose stream ends at once.
      if (first.kind === 'end') {
        let ended = false;
        return {
          ...download,
          first: '',
          next: async () => {
            if (ended) return consumer.next(idleMs);
            ended = true;
            return first;
          },
        };
      }
      return { ...download, first: first.text };
    } catch (e) {
      await consumer.cancel().catch(() => undefined);
      await consumer.close().catch(() => undefined);
      throw e;
    } finally {
      gone?.removeEventListener('abort', cancel);
    }
  }

  /** The principal the query ran as, now; null when that user can no longer be loaded. */
  private async ownerOf(query: QueryRow): Promise<Principal | null> {
    return query.user_id === null
      ? this.deps.principals.anonymousPrincipal()
      : this.deps.principals.user(query.user_id);
  }

  /** The job `sqllab.export_csv`: runs the export, sending its chunks through the channel. */
  async runJob(payload: JobPayloads['sqllab.export_csv'], context: JobContext): Promise<void> {
    if (!EXPORT_ID.test(payload.exportId)) return;
    const producer = await this.deps.channel.producer(payload.exportId);
    try {
      if (producer.signal.aborted) return;
      const signal = AbortSignal.any([producer.signal, context.signal]);
      const send = async (message: ExportMessage): Promise<void> => {
        if (!(await producer.send(message))) throw new ProducerGone();
      };
      try {
        const rows = await this.produce(payload.queryId, signal, send);
        await send({ kind: 'end', rows });
      } catch (e) {
        if (e instanceof ProducerGone || producer.signal.aborted) return;
        await producer.send(exportFailure(e));
        if (!(e instanceof ApiError) && !(e instanceof EngineError)) throw e;
      }
    } finally {
      await producer.close();
    }
  }

  private async produce(
    queryId: number,
    signal: AbortSignal,
    send: (message: ExportMessage) => Promise<void>,
  ): Promise<number> {
    const query = await this.deps.db
      .selectFrom('query')
      .selectAll()
      .where('id', '=', queryId)
      .executeTakeFirst();
    const statements = query ? exportStatementsOf(query.strata_script) : null;
    if (!query || !statements) throw new ApiError(404, 'This query has no results to export.');
    const principal = await this.ownerOf(query);
    if (!principal || (!isAdmin(principal) && !hasPerm(principal, 'can_export_csv', 'SQLLab'))) {
      throw new ApiError(403, "The query's user may not export it.");
    }
    const database = await this.deps.sqlLab.databaseFor(principal, query.database_id, query.schema);
    const client = await this.deps.connections.client(database);
    const chunker = new CsvChunker();
    const { maxRows } = this.deps.settings;
    await client.executeScript(statements, {
      schema: query.schema,
      ...(maxRows !== null ? { maxRows } : {}),
      batchSize: EXPORT_BATCH_ROWS,
      signal,
      onColumns: (columns) => chunker.header(columns),
      onBatch: async (rows) => {
        // Each full chunk waits for room in the channel: the database's cursor waits with it.
        for (const text of chunker.add(rows)) await send({ kind: 'data', text });
      },
    });
    const rest = chunker.rest();
    if (rest !== '') await send({ kind: 'data', text: rest });
    return chunker.rows;
  }
}
