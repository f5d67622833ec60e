import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  INVENTORY_LIMITS,
  INVENTORY_LOAD_SAMPLE,
  PART_CREATE,
  PART_DELETE,
  PART_GET,
  PART_LIST,
  PART_STATS,
  PART_LEDGER,
  PART_REORDER,
  PART_TO_REORDER,
  PART_UPDATE,
  PartInput,
  ReorderInput,
  type ReorderDraft,
  type ReorderItem,
  type StockMovement,
  PartListQuery,
  type InventorySample,
  type InventoryStats,
  type Part,
  type PartPage,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { ID } from '../http/id.pipe.js';
import { Call } from '../http/request-context.js';

@Controller('parts')
export class PartsController {
  constructor(private readonly rpc: RpcClient) {}

  /** ?search=&stock=in-stock|low-stock|out-of-stock&page=0&size=10 */
  @Get()
  list(@Query() query: PartListQuery, @Call() call: CallContext): Promise<PartPage> {
    return this.rpc.send(
      PART_LIST,
      { search: query.search, stock: query.stock, page: query.page ?? 0, size: query.size ?? INVENTORY_LIMITS.pageSize.default },
      call,
    );
  }

  /** Quick Stats: totalParts, lowStock, outOfStock, suppliers. */
  @Get('stats')
  stats(@Call() call: CallContext): Promise<InventoryStats> {
    return this.rpc.send(PART_STATS, {}, call);
  }

  /** Loads the sample inventory (5 suppliers, 10 parts) into an empty inventory; 409 otherwise. */
  @Post('sample')
  loadSample(@Call() call: CallContext): Promise<InventorySample> {
    return this.rpc.send(INVENTORY_LOAD_SAMPLE, {}, call);
  }

  /** Parts whose available stock (quantity - reserved) is below their minimum, by supplier (issue 35). */
  @Get('to-reorder')
  toReorder(@Call() call: CallContext): Promise<ReorderItem[]> {
    return this.rpc.send(PART_TO_REORDER, {}, call);
  }

  /** Drafts a part purchase (status Ordered) for each part below its minimum of each supplier. */
  @Post('reorder')
  reorder(@Body() body: ReorderInput, @Call() call: CallContext): Promise<ReorderDraft[]> {
    return this.rpc.send(PART_REORDER, { supplierIds: body.supplierIds }, call);
  }

  /** The part's stock ledger, newest first: purchases, work orders' takes and returns, counts by hand. */
  @Get(':id/ledger')
  ledger(@Param('id', ID) id: number, @Call() call: CallContext): Promise<StockMovement[]> {
    return this.rpc.send(PART_LEDGER, { id }, call);
  }

  @Get(':id')
  get(@Param('id', ID) id: number, @Call() call: CallContext): Promise<Part> {
    return this.rpc.send(PART_GET, { id }, call);
  }

  @Post()
  create(@Body() part: PartInput, @Call() call: CallContext): Promise<Part> {
    return this.rpc.send(PART_CREATE, { part }, call);
  }

  @Put(':id')
  update(@Param('id', ID) id: number, @Body() part: PartInput, @Call() call: CallContext): Promise<Part> {
    return this.rpc.send(PART_UPDATE, { id, part }, call);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', ID) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(PART_DELETE, { id }, call);
  }
}
