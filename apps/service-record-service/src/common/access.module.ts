import { Global, Module } from '@nestjs/common';
import { MembersModule } from '@wrenchlog/platform';
import { MachineAccess } from './machine-access.js';

/** The members projection (createdBy / updatedBy names, assignments) and MachineAccess, for every folder. */
@Global()
@Module({ imports: [MembersModule], providers: [MachineAccess], exports: [MachineAccess, MembersModule] })
export class AccessModule {}
