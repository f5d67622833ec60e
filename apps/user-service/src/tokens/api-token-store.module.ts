import { Module } from '@nestjs/common';
import { ApiTokensRepository } from './api-tokens.repository.js';

/** The tokens' SQL, for ApiTokensModule and for the sessions poll (revoked tokens ride on it). */
@Module({ providers: [ApiTokensRepository], exports: [ApiTokensRepository] })
export class ApiTokenStoreModule {}
