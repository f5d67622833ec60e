import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ADMIN_CONTACT_LIST,
  ADMIN_CONTACT_SUBMIT,
  ADMIN_SALES_CONTACT_SUBMIT,
  type ContactRequest,
  type FromAddress,
  type RpcMessage,
  type SalesContactRequest,
  type Actor,
} from '@wrenchlog/contracts';
import { AdminCaller } from '@wrenchlog/platform';
import { ContactsService } from './contacts.service.js';

@Controller()
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @MessagePattern(ADMIN_CONTACT_SUBMIT)
  submit(@Payload() m: RpcMessage<FromAddress<ContactRequest>>) {
    return this.contacts.submitContact(m.payload);
  }

  @MessagePattern(ADMIN_SALES_CONTACT_SUBMIT)
  submitSales(@Payload() m: RpcMessage<FromAddress<SalesContactRequest>>) {
    return this.contacts.submitSalesContact(m.payload);
  }

  @MessagePattern(ADMIN_CONTACT_LIST)
  list(@Payload() m: RpcMessage<{ page: number; size: number }>, @AdminCaller() _caller: Actor) {
    return this.contacts.list(m.payload.page, m.payload.size);
  }
}
