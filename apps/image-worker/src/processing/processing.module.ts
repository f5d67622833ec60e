import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module.js';
import { ImageQueue } from './image-queue.js';

/** The sharp work on pending images (claims, sweeps); exports ImageQueue so a stored event can kick it. */
@Module({
  imports: [LedgerModule],
  providers: [ImageQueue],
  exports: [ImageQueue],
})
export class ProcessingModule {}
