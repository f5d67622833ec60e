import { Global, Module } from '@nestjs/common';
import { Transactions } from './transactions.js';

/** One way to open a transaction for every folder's service. */
@Global()
@Module({ providers: [Transactions], exports: [Transactions] })
export class TransactionsModule {}
