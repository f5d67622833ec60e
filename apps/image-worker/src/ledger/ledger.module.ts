import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxModule } from '@wrenchlog/platform';
import { DeletedMachine } from './deleted-machine.entity.js';
import { LedgerImage } from './ledger-image.entity.js';
import { LedgerService } from './ledger.service.js';

/** The ledger of every stored image and the machines' tombstones; exports LedgerService for the queue and the calls. */
@Module({
  imports: [TypeOrmModule.forFeature([LedgerImage, DeletedMachine]), OutboxModule],
  providers: [LedgerService],
  exports: [LedgerService],
})
export class LedgerModule {}
