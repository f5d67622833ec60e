import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxModule } from '@wrenchlog/platform';
import { DeletedMachineEntity } from './deleted-machine.entity.js';
import { LedgerImageEntity } from './ledger-image.entity.js';
import { LedgerService } from './ledger.service.js';

/** The ledger of every stored image and the machines' tombstones; exports LedgerService for the queue and the calls. */
@Module({
  imports: [TypeOrmModule.forFeature([LedgerImageEntity, DeletedMachineEntity]), OutboxModule],
  providers: [LedgerService],
  exports: [LedgerService],
})
export class LedgerModule {}
