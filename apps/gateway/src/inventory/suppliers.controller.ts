import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  INVENTORY_LIMITS,
  SUPPLIER_ALL,
  SUPPLIER_CREATE,
  SUPPLIER_DELETE,
  SUPPLIER_GET,
  SUPPLIER_LIST,
  SUPPLIER_UPDATE,
  SupplierInput,
  SupplierListQuery,
  type Supplier,
  type SupplierPage,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { ID } from '../http/id.pipe.js';
import { Call } from '../http/request-context.js';

@Controller('suppliers')
export class SuppliersController {
  constructor(private readonly rpc: RpcClient) {}

  /** ?search=&page=0&size=10 */
  @Get()
  list(@Query() query: SupplierListQuery, @Call() call: CallContext): Promise<SupplierPage> {
    return this.rpc.send(SUPPLIER_LIST, { search: query.search, page: query.page ?? 0, size: query.size ?? INVENTORY_LIMITS.pageSize.default }, call);
  }

  /** The suppliers by name, unpaged but at most 1,000 (INVENTORY_LIMITS.suppliersAll): the part dialog's supplier select. */
  @Get('all')
  all(@Call() call: CallContext): Promise<Supplier[]> {
    return this.rpc.send(SUPPLIER_ALL, {}, call);
  }

  @Get(':id')
  get(@Param('id', ID) id: number, @Call() call: CallContext): Promise<Supplier> {
    return this.rpc.send(SUPPLIER_GET, { id }, call);
  }

  @Post()
  create(@Body() supplier: SupplierInput, @Call() call: CallContext): Promise<Supplier> {
    return this.rpc.send(SUPPLIER_CREATE, { supplier }, call);
  }

  @Put(':id')
  update(@Param('id', ID) id: number, @Body() supplier: SupplierInput, @Call() call: CallContext): Promise<Supplier> {
    return this.rpc.send(SUPPLIER_UPDATE, { id, supplier }, call);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', ID) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(SUPPLIER_DELETE, { id }, call);
  }
}
