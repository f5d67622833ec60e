import { Injectable } from '@nestjs/common';
import { IMPORT_BATCH_SIZE, type Actor } from '@wrenchlog/contracts';
import type { ImportRow } from '@wrenchlog/importers';
import { RpcClient } from '@wrenchlog/platform';
import { CHECK_PATTERN, checkable, markChecked, type CheckedKind } from './import.rules.js';

/** One owner's check of a batch of 500 rows: a few queries a row, well inside this. */
const CHECK_TIMEOUT_MS = 30_000;

/**
 * The dry run's part that needs the owners (issue 23): each owner of records is asked, in batches
 * of IMPORT_BATCH_SIZE rows, which rows repeat a record the caller already has (a warning, skipped
 * unless kept) and which its rules refuse against what is stored (meter readings out of sequence:
 * an error), the same judgement its `<ctx>.import.apply` makes at import.
 */
@Injectable()
export class OwnerChecks {
  constructor(private readonly rpc: RpcClient) {}

  async run(actor: Actor, rows: ImportRow[]): Promise<void> {
    const byKind = new Map<CheckedKind, ImportRow[]>();
    for (const row of rows) {
      if (checkable(row)) {
        const kind = row.kind as CheckedKind;
        const list = byKind.get(kind);
        if (list) {
          list.push(row);
        } else {
          byKind.set(kind, [row]);
        }
      }
    }
    for (const [kind, list] of byKind) {
      for (let i = 0; i < list.length; i += IMPORT_BATCH_SIZE) {
        const batch = list.slice(i, i + IMPORT_BATCH_SIZE);
        const pattern = CHECK_PATTERN[kind] as (typeof CHECK_PATTERN)['fuel'];
        const answer = await this.rpc.send(
          pattern,
          { accountId: actor.accountId, rows: batch.map((r) => ({ rowNumber: r.rowNumber, record: r.record as Record<string, unknown> })) },
          { actor, timeoutMs: CHECK_TIMEOUT_MS },
        );
        markChecked(new Map(batch.map((r) => [r.rowNumber, r])), answer);
      }
    }
  }
}
