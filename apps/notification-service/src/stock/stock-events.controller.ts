import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { INVENTORY_STOCK_CHANGED, type InventoryStockChangedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { StockEventsService } from './stock-events.service.js';

@Controller()
export class StockEventsController {
  constructor(private readonly stock: StockEventsService) {}

  @EventPattern(INVENTORY_STOCK_CHANGED)
  changed(@Payload() m: RpcMessage<InventoryStockChangedEvent>) {
    return this.stock.onChanged(m);
  }
}
