import { Module } from '@nestjs/common';
import { UsersRepository } from './users.repository.js';

/** The users' time zones (the projection; costs/ applies their event, which re-dates fuel records). */
@Module({ providers: [UsersRepository], exports: [UsersRepository] })
export class UsersModule {}
