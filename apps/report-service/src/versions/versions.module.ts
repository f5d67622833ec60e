import { Module } from '@nestjs/common';
import { ReadModelVersions } from './read-model-versions.js';

/** The users' read-model versions: the event consumers raise them, the reports read them. */
@Module({ providers: [ReadModelVersions], exports: [ReadModelVersions] })
export class VersionsModule {}
