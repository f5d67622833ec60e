import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ADMIN_CONTACT_LIST,
  ADMIN_CONTACT_SUBMIT,
  ADMIN_SALES_CONTACT_SUBMIT,
  ContactRequest,
  type FromAddress,
  type RpcMessage,
  SalesContactRequest,
  type Actor,
  ContactListQuery,
} from '@wrenchlog/contracts';
import { AdminCaller, ValidInput } from '@wrenchlog/platform';
import { ContactsService } from './contacts.service.js';

@Controller()
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @ValidInput(ContactRequest, { besides: ['ipAddress'] })
  @MessagePattern(ADMIN_CONTACT_SUBMIT)
  submit(@Payload() m: RpcMessage<FromAddress<ContactRequest>>) {
    return this.contacts.submitContact(m.payload);
  }

  @ValidInput(SalesContactRequest, { besides: ['ipAddress'] })
  @MessagePattern(ADMIN_SALES_CONTACT_SUBMIT)
  submitSales(@Payload() m: RpcMessage<FromAddress<SalesContactRequest>>) {
    return this.contacts.submitSalesContact(m.payload);
  }

  @ValidInput(ContactListQuery)
  @MessagePattern(ADMIN_CONTACT_LIST)
  list(@Payload() m: RpcMessage<{ page: number; size: number }>, @AdminCaller() _caller: Actor) {
    return this.contacts.list(m.payload.page, m.payload.size);
  }
}
