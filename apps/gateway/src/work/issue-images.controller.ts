import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  ISSUE_GET,
  ISSUE_IMAGE_ADD,
  ISSUE_IMAGE_DELETE,
  ISSUE_IMAGE_LIST,
  IssueImageMessages,
  WorkMessages,
  type Actor,
  type IssueImage,
} from '@wrenchlog/contracts';
import { Caller, RpcClient, validationFailed, type CallContext } from '@wrenchlog/platform';
import { IdPipe } from '../http/id.pipe.js';
import { Call, type GatewayRequest } from '../http/request-context.js';
import { ImageUploads } from '../images/image-uploads.js';
import { issueImageView } from './issue-image-view.js';

const issueId = new IdPipe(WorkMessages.invalidIssueId);

/**
 * /api/issues/{id}/images: photos of an issue (issue 35), as /api/services/{id}/images: uploads are
 * read, checked and stored by the shared ImageUploads (type by content, size, pixels; generated keys;
 * cleanup on failure); work-order-service records them (its rules: who, while open, how many) and
 * answers keys, which become signed URLs here.
 */
@Controller('issues')
export class IssueImagesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly uploads: ImageUploads,
  ) {}

  /** Multipart `images[i][original]` and optional `images[i][thumbnail]`; answers the added images. */
  @Post(':id/images')
  async add(@Param('id', issueId) id: number, @Req() req: GatewayRequest, @Caller() caller: Actor, @Call() call: CallContext): Promise<IssueImage[]> {
    // Only an issue the caller sees takes images: 404 before a byte is read or stored.
    await this.rpc.send(ISSUE_GET, { id }, call);
    const pairs = await this.uploads.read(req, 'indexed');
    // store() hands the references over in the pairs' order.
    const added = await this.uploads.store(caller, call, pairs, (images) =>
      this.rpc.send(ISSUE_IMAGE_ADD, { issueId: id, images: images.map((image, i) => ({ ...image, fileName: pairs[i].fileName })) }, call),
    );
    return added.map((image) => issueImageView(this.uploads, image));
  }

  @Get(':id/images')
  async list(@Param('id', issueId) id: number, @Call() call: CallContext): Promise<IssueImage[]> {
    const images = await this.rpc.send(ISSUE_IMAGE_LIST, { issueId: id }, call);
    return images.map((image) => issueImageView(this.uploads, image));
  }

  /** JSON body: the list of image ids to delete. */
  @Delete(':id/images')
  @HttpCode(204)
  async remove(@Param('id', new IdPipe(IssueImageMessages.invalidDelete)) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<void> {
    if (!Array.isArray(body) || body.length === 0 || body.length > 100 || body.some((i) => !Number.isSafeInteger(i) || (i as number) <= 0)) {
      throw validationFailed(IssueImageMessages.invalidDelete, [{ field: 'imageIds', message: IssueImageMessages.invalidDelete }]);
    }
    await this.rpc.send(ISSUE_IMAGE_DELETE, { issueId: id, imageIds: body as number[] }, call);
  }
}
