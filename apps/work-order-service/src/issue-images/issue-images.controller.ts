import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  ISSUE_IMAGE_ADD,
  ISSUE_IMAGE_DELETE,
  ISSUE_IMAGE_LIST,
  ISSUE_IMAGE_PROCESSED,
  type Actor,
  type AddIssueImagesRequest,
  type DeleteIssueImagesRequest,
  type ImageProcessedEvent,
  type IssueImagesRequest,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { IssueImagesService } from './issue-images.service.js';

/** An issue's photos: added by whoever may report issues, read with issue.read, removed by their uploader or with issue.write (the service's rule). */
@Controller()
export class IssueImagesController {
  constructor(private readonly images: IssueImagesService) {}

  @MessagePattern(ISSUE_IMAGE_ADD)
  add(@Caller('issue.report') caller: Actor, @Payload() m: RpcMessage<AddIssueImagesRequest>) {
    return this.images.add(caller, m.payload, m.meta);
  }

  @MessagePattern(ISSUE_IMAGE_LIST)
  list(@Caller('issue.read') caller: Actor, @Payload() m: RpcMessage<IssueImagesRequest>) {
    return this.images.list(caller, m.payload?.issueId);
  }

  @MessagePattern(ISSUE_IMAGE_DELETE)
  delete(@Caller('issue.report') caller: Actor, @Payload() m: RpcMessage<DeleteIssueImagesRequest>) {
    return this.images.delete(caller, m.payload, m.meta);
  }

  @EventPattern(ISSUE_IMAGE_PROCESSED)
  processed(@Payload() m: RpcMessage<ImageProcessedEvent>) {
    return this.images.onProcessed(m.payload);
  }
}
