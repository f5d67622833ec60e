// Producer: gateway (its session check, apps/gateway/src/auth/session-gate.ts). Consumer: user-service.
// Issue 25, item 3: a disabled account or a credential change ends access on the next request.

/** Whether a user's access tokens still count: those carrying an older `sessionVersion` do not. */
export const USER_SESSION_STATE = 'user.session.state' as const;
/** The users whose sessions ended since a moment (the gateway polls it to drop its cached states). */
export const USER_SESSION_ENDED = 'user.session.ended' as const;

export interface SessionStateRequest {
  userId: number;
}

/** A missing user answers enabled false. */
export interface SessionState {
  enabled: boolean;
  /** Raised each time the user's sessions are ended; an access token carries the value it was issued with. */
  sessionVersion: number;
}

export interface SessionEndedRequest {
  /** The `until` of the previous answer (ISO 8601); null on the first call. */
  since: string | null;
}

export interface SessionEndedReply {
  userIds: number[];
  /** API tokens revoked in the same window (issue 33): the gateway drops them from its cache. */
  tokenIds?: number[];
  /** Pass as `since` next time. */
  until: string;
}
