// Producer: gateway. Consumer: user-service.
export const USER_ME = 'user.user.me' as const;

/** The signed-in user as GET /api/user/me answers it: never a password or hash. */
export interface CurrentUser {
  id: number;
  name: string;
  username: string;
  adminLevel: number;
}

export type UserMeRequest = Record<string, never>;
