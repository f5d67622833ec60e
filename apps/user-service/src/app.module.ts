import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigModule, DatabaseModule, HealthModule, RpcModule } from '@wrenchlog/platform';
import { AdminUsersController } from './admin/admin-users.controller.js';
import { AdminUsersService } from './admin/admin-users.service.js';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { KdfLimiter, kdfLimiterFrom } from './auth/kdf-limiter.js';
import { PasswordHasher } from './auth/password-hasher.js';
import { RefreshToken } from './auth/refresh-token.entity.js';
import { SessionsController } from './auth/sessions.controller.js';
import { SessionsService } from './auth/sessions.service.js';
import { UserEnv } from './config/user-env.js';
import { ContactSubmission } from './contacts/contact-submission.entity.js';
import { ContactsController } from './contacts/contacts.controller.js';
import { ContactsService } from './contacts/contacts.service.js';
import { Job } from './jobs/job.entity.js';
import { JobRunners } from './jobs/job-runners.js';
import { JobsController } from './jobs/jobs.controller.js';
import { JobsService } from './jobs/jobs.service.js';
import { MailMessage } from './mail/mail-message.entity.js';
import { MailModule } from './mail/mail.module.js';
import { migrations } from './migrations/index.js';
import { PasswordController } from './password/password.controller.js';
import { PasswordToken } from './password/password-token.entity.js';
import { PasswordService } from './password/password.service.js';
import { AdminBootstrap } from './users/admin-bootstrap.js';
import { User } from './users/user.entity.js';
import { UsersController } from './users/users.controller.js';
import { UsersService } from './users/users.service.js';

export const entities = [User, RefreshToken, ContactSubmission, MailMessage, Job, PasswordToken];

@Module({})
export class AppModule {
  static register(env: UserEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'user-service', entities, migrations }),
        TypeOrmModule.forFeature(entities),
        HealthModule.forService('user-service'),
        MailModule,
      ],
      controllers: [AuthController, SessionsController, UsersController, AdminUsersController, ContactsController, JobsController, PasswordController],
      providers: [
        { provide: KdfLimiter, useFactory: kdfLimiterFrom, inject: [UserEnv] },
        PasswordHasher,
        AuthService,
        PasswordService,
        SessionsService,
        UsersService,
        AdminBootstrap,
        AdminUsersService,
        ContactsService,
        JobRunners,
        JobsService,
      ],
    };
  }
}
