import { Module } from '@nestjs/common';
import { MachinesController } from './machines.controller.js';

/** /api/machines/** (machine-service). Needs ImagesModule (global) for photo uploads and URLs. */
@Module({ controllers: [MachinesController] })
export class MachinesModule {}
