import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  PURCHASE_CREATE,
  PURCHASE_DELETE,
  PURCHASE_GET,
  PURCHASE_LIMITS,
  PURCHASE_RECENT,
  PURCHASE_RECENT_FOR_MACHINE,
  PURCHASE_UPDATE,
  PurchaseInput,
  PageQuery,
  PurchasePageQuery,
  type Purchase,
  type PurchasePage,
  type PurchasesForMachine,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { historyWindow } from '../http/history-window.js';
import { ID } from '../http/id.pipe.js';
import { Call } from '../http/request-context.js';

@Controller('purchases')
export class PurchasesController {
  constructor(private readonly rpc: RpcClient) {}

  /** The caller's purchases, newest purchaseDate first, paged (defaults page 0, size 12). */
  @Get('getrecent')
  recent(@Query() query: PurchasePageQuery, @Call() call: CallContext): Promise<PurchasePage> {
    return this.rpc.send(PURCHASE_RECENT, { page: query.page ?? 0, size: query.size ?? PURCHASE_LIMITS.pageSize.default }, call);
  }

  /** One machine's purchases, newest first: the newest 500 as {content}, or with `page`/`size` a full page. */
  @Get('getrecentForMachine/:machineId')
  recentForMachine(@Param('machineId', ID) machineId: number, @Query() query: PageQuery, @Call() call: CallContext): Promise<PurchasesForMachine> {
    return this.rpc.send(PURCHASE_RECENT_FOR_MACHINE, { machineId, ...historyWindow(query) }, call);
  }

  @Get(':id')
  get(@Param('id', ID) id: number, @Call() call: CallContext): Promise<Purchase> {
    return this.rpc.send(PURCHASE_GET, { id }, call);
  }

  @Post()
  create(@Body() purchase: PurchaseInput, @Call() call: CallContext): Promise<Purchase> {
    return this.rpc.send(PURCHASE_CREATE, { purchase }, call);
  }

  @Put(':id')
  update(@Param('id', ID) id: number, @Body() purchase: PurchaseInput, @Call() call: CallContext): Promise<Purchase> {
    return this.rpc.send(PURCHASE_UPDATE, { id, purchase }, call);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', ID) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(PURCHASE_DELETE, { id }, call);
  }
}
