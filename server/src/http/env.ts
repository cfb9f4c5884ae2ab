import type { BoardRole } from '@saldo/contract';

export interface SessionUser {
  id: string;
  email: string;
  role: string;
  /** The session the request's access token (or stream ticket) belongs to. */
  sessionId: string;
}

/** A visitor of a public link: read-only, to the shared widgets and pages of one board. */
export interface ShareViewer {
  publicBoardId: string;
  boardId: string;
  widgets: string[];
  pages: string[];
  /** Whether what was shared includes a comparison with another period (features/sharing/grants.ts). */
  comparison: boolean;
}

/** A board a request may read, as withRouteAccess checked it: read once, before the handler. */
export interface BoardContext {
  id: string;
  role: BoardRole | null;
  /** Its API account ids. */
  sources: readonly string[];
  /** Whether each source's last sync warned of an error, when read along with them (not for a link or a token). */
  sourceErrors?: ReadonlyMap<string, boolean>;
}

export interface AppEnv {
  Variables: {
    user: SessionUser;
    share?: ShareViewer;
    /**
     * The one board the route's access rule names, resolved and checked before the handler runs
     * (access/route-access.ts): the caller's role on it (null for a public link's or an embed token's
     * viewer, who reads the board they were given) and its sources, their versions pinned.
     */
    board?: BoardContext;
    /** The sources boardRange resolved for this request's figures: what its data notice is about. */
    dataSources?: readonly string[];
    /** The client's address (http/client-ip.ts): a named proxy's forwarded one, or the peer's. */
    clientIp?: string;
  };
}
