import { Controller, Inject, Logger } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  IMAGE_BACKFILL_RUN,
  IMAGE_DELETED,
  IMAGE_STATS_GET,
  IMAGE_STORED,
  isAdmin,
  MACHINE_DELETED,
  type ImageBackfillReply,
  type ImageBackfillRequest,
  type ImageDeletedEvent,
  type ImageStats,
  type ImageStatsRequest,
  type ImageStoredEvent,
  type MachineDeletedEvent,
  type Actor,
  type RpcMessage,
  eventAccountId,
} from '@wrenchlog/contracts';
import { AdminCaller, badRequest, Caller, notFound } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import { DocumentsService } from './documents/documents.service.js';
import { LedgerService } from './ledger/ledger.service.js';
import { ImageQueue } from './processing/image-queue.js';

@Controller()
export class ImageController {
  private readonly logger = new Logger('ImageController');

  constructor(
    private readonly ledger: LedgerService,
    private readonly queue: ImageQueue,
    private readonly documents: DocumentsService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @EventPattern(IMAGE_STORED)
  async onStored(@Payload() m: RpcMessage<ImageStoredEvent>): Promise<void> {
    if (await this.ledger.record(m.payload)) {
      this.queue.kick();
    } else {
      await this.deleteObjects([m.payload.originalKey, m.payload.thumbnailKey]);
    }
  }

  @EventPattern(IMAGE_DELETED)
  async onDeleted(@Payload() m: RpcMessage<ImageDeletedEvent>): Promise<void> {
    await this.deleteObjects(await this.ledger.removeKeys(m.payload));
  }

  @EventPattern(MACHINE_DELETED)
  async onMachineDeleted(@Payload() m: RpcMessage<MachineDeletedEvent>): Promise<void> {
    const accountId = eventAccountId(m.payload);
    // The ledger writes the machine's tombstone first; documents added later find it (DocumentsService.add).
    await this.deleteObjects(await this.ledger.removeForMachine(accountId, m.payload.machineId));
    await this.documents.onMachineDeleted(accountId, m.payload.machineId);
  }

  /**
   * Account size, images and documents (issue 32: any member of the account). The id asked for is
   * the account's, or the caller's own user id (the route is /api/user/{id}/imageStats, and an
   * owner's account has their id): both answer the caller's account. An administrator may ask for
   * any account's.
   */
  @MessagePattern(IMAGE_STATS_GET)
  stats(@Caller('machine.read') caller: Actor, @Payload() m: RpcMessage<ImageStatsRequest>): Promise<ImageStats> {
    const asked = eventAccountId(m.payload);
    if (asked === 0) {
      throw badRequest('Invalid user ID');
    }
    const own = asked === caller.accountId || asked === caller.userId;
    if (!own && !isAdmin(caller)) {
      throw notFound('User not found');
    }
    const accountId = own ? caller.accountId : asked;
    return Promise.all([this.ledger.stats(accountId), this.documents.stats(accountId)]).then(([images, documents]) => ({
      ...images,
      documentCount: documents.count,
      totalDocumentSize: documents.bytes,
    }));
  }

  @MessagePattern(IMAGE_BACKFILL_RUN)
  backfill(@AdminCaller() _admin: Actor, @Payload() m: RpcMessage<ImageBackfillRequest>): Promise<ImageBackfillReply> {
    const limit = Number(m.payload?.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      throw badRequest('Limit must be a whole number from 1 to 1000');
    }
    return this.queue.backfill(limit);
  }

  private async deleteObjects(keys: string[]): Promise<void> {
    if (keys.length === 0) {
      return;
    }
    try {
      await this.storage.deleteMany(keys);
    } catch (err) {
      // The rows are gone; objects left behind are only wasted space, never visible to anyone.
      this.logger.warn(`could not delete ${keys.length} object(s): ${(err as Error).message}`);
    }
  }
}
