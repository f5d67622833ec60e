import { Module } from '@nestjs/common';
import { MetersController } from './meters.controller.js';
import { SchedulesController } from './schedules.controller.js';

/** /api/meters/**, /api/readings/**, /api/schedules/**, /api/schedule-templates, /api/machines/{id}/meters|schedules (schedule-service). */
@Module({ controllers: [MetersController, SchedulesController] })
export class SchedulesModule {}
