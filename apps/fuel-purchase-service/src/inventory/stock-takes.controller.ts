import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  INVENTORY_STOCK_RESERVE,
  INVENTORY_STOCK_RETURN,
  INVENTORY_STOCK_TAKE,
  type Actor,
  type RpcMessage,
  type StockReserveRequest,
  type StockReturnRequest,
  type StockTakeRequest,
} from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { StockReservationsService } from './stock-reservations.service.js';
import { StockTakesService } from './stock-takes.service.js';

/** work-order-service's stock moves and reservations (issue 35), with the caller's rights. */
@Controller()
export class StockTakesController {
  constructor(
    private readonly takes: StockTakesService,
    private readonly reservations: StockReservationsService,
  ) {}

  @MessagePattern(INVENTORY_STOCK_TAKE)
  take(@Payload() m: RpcMessage<StockTakeRequest>, @Caller('inventory.write') caller: Actor) {
    return this.takes.take(caller, m.payload);
  }

  @MessagePattern(INVENTORY_STOCK_RETURN)
  return(@Payload() m: RpcMessage<StockReturnRequest>, @Caller('inventory.write') caller: Actor) {
    return this.takes.return(caller, m.payload);
  }

  @MessagePattern(INVENTORY_STOCK_RESERVE)
  reserve(@Payload() m: RpcMessage<StockReserveRequest>, @Caller('inventory.write') caller: Actor) {
    return this.reservations.reserve(caller, m.payload);
  }
}
