import { OmitType } from '@nestjs/swagger';
import { FuelRecordInput } from '@wrenchlog/contracts';

/**
 * The fuel record form of a member who may not see money (issue 32: an operator changing their own
 * record within a day): the same fields and rules without the prices they were never shown. The
 * same class as fuel-purchase-service's (its ValidInput `withoutMoney`), which keeps the stored prices.
 */
export class MoneylessFuelRecordInput extends OmitType(FuelRecordInput, ['pricePerUnit', 'totalPrice'] as const) {}
