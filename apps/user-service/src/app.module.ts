import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule, DatabaseModule, HealthModule, OutboxEvent, RpcModule } from '@wrenchlog/platform';
import { AccountEntity } from './accounts/account.entity.js';
import { AccountManagementModule } from './accounts/account-management.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { InvitationEntity } from './accounts/invitation.entity.js';
import { MembershipEntity } from './accounts/membership.entity.js';
import { AdminModule } from './admin/admin.module.js';
import { AuthModule } from './auth/auth.module.js';
import { RefreshTokenEntity } from './auth/refresh-token.entity.js';
import { TransactionsModule } from './common/transactions.module.js';
import { UserEnv } from './config/user-env.js';
import { ContactSubmissionEntity } from './contacts/contact-submission.entity.js';
import { ContactsModule } from './contacts/contacts.module.js';
import { JobEntity } from './jobs/job.entity.js';
import { JobsModule } from './jobs/jobs.module.js';
import { MailMessageEntity } from './mail/mail-message.entity.js';
import { MailModule } from './mail/mail.module.js';
import { migrations } from './migrations/index.js';
import { NotificationMailKeyEntity } from './notification-mail/notification-mail-key.entity.js';
import { NotificationMailModule } from './notification-mail/notification-mail.module.js';
import { PasswordTokenEntity } from './password/password-token.entity.js';
import { PasswordModule } from './password/password.module.js';
import { UserEntity } from './users/user.entity.js';
import { UsersModule } from './users/users.module.js';
import { ApiTokenEntity, ApiTokenUsageEntity } from './tokens/api-token.entity.js';
import { ApiTokensModule } from './tokens/api-tokens.module.js';

export const entities = [
  UserEntity,
  RefreshTokenEntity,
  ContactSubmissionEntity,
  MailMessageEntity,
  JobEntity,
  PasswordTokenEntity,
  NotificationMailKeyEntity,
  AccountEntity,
  MembershipEntity,
  InvitationEntity,
  OutboxEvent,
  ApiTokenEntity,
  ApiTokenUsageEntity,
];

@Module({})
export class AppModule {
  static register(env: UserEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'user-service', entities, migrations }),
        HealthModule.forService('user-service'),
        TransactionsModule,
        MailModule,
        AccountsModule,
        UsersModule,
        AuthModule,
        PasswordModule,
        AdminModule,
        ContactsModule,
        JobsModule,
        NotificationMailModule,
        AccountManagementModule,
        ApiTokensModule,
      ],
    };
  }
}
