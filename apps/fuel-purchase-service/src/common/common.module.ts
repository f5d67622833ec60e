import { Module } from '@nestjs/common';
import { MembersModule } from '@wrenchlog/platform';
import { AccountAccess } from './access.js';
import { AccountTransactions } from './transactions.js';

/** What every folder shares: the per-account transaction and the caller's access scope (scaled.ts holds plain functions). */
@Module({ imports: [MembersModule], providers: [AccountTransactions, AccountAccess], exports: [AccountTransactions, AccountAccess] })
export class CommonModule {}
