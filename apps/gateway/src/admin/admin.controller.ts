import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  ADMIN_CONTACT_LIST,
  ADMIN_JOB_LIST,
  ADMIN_JOB_RUN,
  ADMIN_USER_APPROVE,
  ADMIN_USER_LIST,
  ADMIN_USER_PAGE_SIZE,
  ADMIN_USER_SIGNUP,
  ADMIN_USER_UPDATE,
  AdminUserApproveBody,
  AdminUserListQuery,
  AdminUserUpdateBody,
  ContactListQuery,
  JobRunBody,
  NOTIFICATION_SCHEDULER_JOB_ID,
  NOTIFICATION_SCHEDULER_RUN,
  NOTIFICATION_SCHEDULER_STATUS,
  SignupRequest,
  type AdminUserView,
  type SignupReply,
  type ContactPage,
  type JobView,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { AdminOnly, Public } from '../auth/auth.decorators.js';
import { PublicUrl } from '../auth/public-url.js';
import { SessionGate } from '../auth/session-gate.js';
import { Call, type GatewayRequest } from '../http/request-context.js';
import { ID } from '../http/id.pipe.js';
import { PublicRateLimiter } from '../public-limits/public-rate-limiter.js';

@Controller('admin')
export class AdminController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly limiter: PublicRateLimiter,
    private readonly publicUrl: PublicUrl,
    private readonly sessions: SessionGate,
  ) {}

  /** Public signup: the account is created disabled, with a placeholder password, and waits for approval. */
  @Public()
  @Post('createuser')
  async createUser(@Body() body: SignupRequest, @Req() req: GatewayRequest, @Call() call: CallContext): Promise<SignupReply> {
    await this.limiter.admit('signup', req.ip);
    return this.rpc.send(ADMIN_USER_SIGNUP, { ...body, publicUrl: this.publicUrl.of(req) }, call);
  }

  /** The User Management list: a JSON array of at most `size` users (default 5), newest first; page is 0-based. */
  @AdminOnly()
  @Get('users')
  listUsers(@Query() query: AdminUserListQuery, @Call() call: CallContext): Promise<AdminUserView[]> {
    return this.rpc.send(ADMIN_USER_LIST, { page: query.page ?? 0, size: query.size ?? ADMIN_USER_PAGE_SIZE }, call);
  }

  @AdminOnly()
  @Put('users/:id')
  async updateUser(
    @Param('id', ID) id: number,
    @Body() body: AdminUserUpdateBody,
    @Req() req: GatewayRequest,
    @Call() call: CallContext,
  ): Promise<AdminUserView> {
    const updated = await this.rpc.send(ADMIN_USER_UPDATE, { ...body, id, publicUrl: this.publicUrl.of(req) }, call);
    // A disable or a new password ended the user's sessions: refuse their old token from the next request.
    this.sessions.forget(id);
    return updated;
  }

  @AdminOnly()
  @Put('approve/:id')
  async approveUser(
    @Param('id', ID) id: number,
    @Body() body: AdminUserApproveBody,
    @Req() req: GatewayRequest,
    @Call() call: CallContext,
  ): Promise<AdminUserView> {
    const approved = await this.rpc.send(ADMIN_USER_APPROVE, { ...(body ?? {}), id, publicUrl: this.publicUrl.of(req) }, call);
    this.sessions.forget(id); // a password set at approval ends earlier sessions
    return approved;
  }

  @AdminOnly()
  @Get('contacts')
  listContacts(@Query() query: ContactListQuery, @Call() call: CallContext): Promise<ContactPage> {
    return this.rpc.send(ADMIN_CONTACT_LIST, { page: query.page ?? 0, size: query.size ?? 20 }, call);
  }

  @AdminOnly()
  @Get('jobs')
  async listJobs(@Call() call: CallContext): Promise<JobView[]> {
    // user-service's jobs, then notification-service's scheduler (issue 24); the list stays up without the latter.
    const [jobs, scheduler] = await Promise.all([
      this.rpc.send(ADMIN_JOB_LIST, {}, call),
      this.rpc.send(NOTIFICATION_SCHEDULER_STATUS, {}, call).then(
        (s) => s.job,
        (err: Error): JobView => ({
          id: NOTIFICATION_SCHEDULER_JOB_ID,
          name: 'Notification Scheduler',
          status: 'Failed',
          lastRun: null,
          message: `Not reachable: ${err.message}`,
          params: {},
        }),
      ),
    ]);
    return [...jobs, scheduler];
  }

  /** Starts a run and answers at once (202) with the job in status Running; 409 while it already runs. */
  @AdminOnly()
  @Post('jobs/:id/run')
  @HttpCode(202)
  async runJob(@Param('id', ID) id: number, @Body() body: JobRunBody, @Call() call: CallContext): Promise<JobView> {
    if (id === NOTIFICATION_SCHEDULER_JOB_ID) {
      return (await this.rpc.send(NOTIFICATION_SCHEDULER_RUN, {}, call)).job;
    }
    return this.rpc.send(ADMIN_JOB_RUN, { ...(body ?? {}), id }, call);
  }
}
