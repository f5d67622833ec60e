import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { Transactions } from '../common/transactions.js';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';

/** The ledger of every stored image and the machines' tombstones; exports LedgerService for the queue and the calls. */
@Module({
  imports: [OutboxModule],
  providers: [LedgerService, LedgerRepository, Transactions],
  exports: [LedgerService],
})
export class LedgerModule {}
