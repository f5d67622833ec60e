import { Module } from '@nestjs/common';
import { UserTransactions } from './transactions.js';

/** What every folder shares: the per-user transaction (scaled.ts holds plain functions). */
@Module({ providers: [UserTransactions], exports: [UserTransactions] })
export class CommonModule {}
